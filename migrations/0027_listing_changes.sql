CREATE TABLE "contractor_listing_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"years_in_business" integer,
	"service_ids" integer[] NOT NULL,
	"town_ids" integer[] NOT NULL,
	"business_hours" jsonb NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_listing_changes_status_check" CHECK ("contractor_listing_changes"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "contractor_listing_changes_reason_check" CHECK ("contractor_listing_changes"."rejection_reason" is null or char_length("contractor_listing_changes"."rejection_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "contractor_listing_changes" ADD CONSTRAINT "contractor_listing_changes_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_listing_changes" ADD CONSTRAINT "contractor_listing_changes_reviewed_by_admin_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_listing_changes_one_pending" ON "contractor_listing_changes" USING btree ("contractor_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "contractor_listing_changes_contractor_idx" ON "contractor_listing_changes" USING btree ("contractor_id","submitted_at");--> statement-breakpoint
CREATE INDEX "contractor_listing_changes_status_idx" ON "contractor_listing_changes" USING btree ("status","submitted_at");--> statement-breakpoint
-- The profile shows the business hours (docs/decisions/0111-listing-edits.md): they join the listing's
-- columns whose update moves the directory version (tests/api/directory-version-coverage.test.ts).
DROP TRIGGER IF EXISTS "contractors_directory_version_update" ON "contractors";--> statement-breakpoint
CREATE TRIGGER "contractors_directory_version_update"
  AFTER UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured", "business_hours"
  ON "contractors" FOR EACH ROW EXECUTE FUNCTION directory_version_contractors();
