-- Blog posts and newsletter subscribers belong to a county (docs/decisions/0104-county-content.md):
-- a post without one shows on every county's site; a subscriber without one (every existing one)
-- reads the default county's newsletter, and an address may subscribe on two counties' sites.
DROP INDEX "newsletter_subscribers_email_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "region_id" integer DEFAULT default_region_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_region_id_idx" ON "blog_posts" USING btree ("region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_region_email_idx" ON "newsletter_subscribers" USING btree ("region_id",lower("email"));