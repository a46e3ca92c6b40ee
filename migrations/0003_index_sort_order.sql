DROP INDEX "contractors_public_rating_idx";--> statement-breakpoint
DROP INDEX "contractors_public_reviews_idx";--> statement-breakpoint
DROP INDEX "contractors_public_featured_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_at_idx";--> statement-breakpoint
DROP INDEX "lead_deliveries_contractor_id_idx";--> statement-breakpoint
DROP INDEX "pricing_rules_active_priority_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_at_idx";--> statement-breakpoint
DROP INDEX "setup_codes_account_id_idx";--> statement-breakpoint
DROP INDEX "outbox_emails_created_at_idx";--> statement-breakpoint
CREATE INDEX "contractors_public_rating_idx" ON "contractors" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_public_reviews_idx" ON "contractors" USING btree ("review_count" DESC NULLS FIRST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_public_featured_idx" ON "contractors" USING btree ("is_featured" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lead_deliveries_contractor_id_idx" ON "lead_deliveries" USING btree ("contractor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pricing_rules_active_priority_idx" ON "pricing_rules" USING btree ("is_active","priority" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_at_idx" ON "blog_posts" USING btree ("is_published","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "setup_codes_account_id_idx" ON "setup_codes" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_emails_created_at_idx" ON "outbox_emails" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);