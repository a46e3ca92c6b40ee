CREATE TABLE "legal_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"updated_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_pages_slug_check" CHECK ("legal_pages"."slug" in ('privacy', 'terms')),
	CONSTRAINT "legal_pages_markdown_length_check" CHECK (char_length("legal_pages"."markdown") <= 100000)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "withdraw_token_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_pages" ADD CONSTRAINT "legal_pages_updated_by_admin_id_admin_users_id_fk" FOREIGN KEY ("updated_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_withdraw_token_hash_idx" ON "leads" USING btree ("withdraw_token_hash");--> statement-breakpoint
CREATE INDEX "leads_retention_idx" ON "leads" USING btree (coalesce("closed_at", "updated_at")) WHERE "leads"."erased_at" is null;--> statement-breakpoint
-- Leads already won or lost closed at their last change (docs/decisions/0114-homeowner-privacy.md).
UPDATE "leads" SET "closed_at" = "updated_at" WHERE "status" IN ('won', 'lost');
