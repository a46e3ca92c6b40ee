CREATE TABLE "contractor_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"admin_user_id" integer,
	"imported_by" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"account_email" text,
	"claimant_name" text,
	"document_id" integer,
	"note" text,
	"decided_at" timestamp with time zone,
	"decided_by_admin_id" integer,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_claims_channel_check" CHECK ("listing_claims"."channel" in ('phone', 'email', 'document')),
	CONSTRAINT "listing_claims_status_check" CHECK ("listing_claims"."status" in ('open', 'verified', 'approved', 'rejected', 'expired', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "do_not_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"round" integer NOT NULL,
	"email" text NOT NULL,
	"lead_id" integer,
	"opt_out_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_invitations_round_check" CHECK ("claim_invitations"."round" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractor_imports" ADD CONSTRAINT "contractor_imports_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_imports" ADD CONSTRAINT "contractor_imports_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_admin_id_admin_users_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_invitations" ADD CONSTRAINT "claim_invitations_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_invitations" ADD CONSTRAINT "claim_invitations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_imports_region_id_idx" ON "contractor_imports" USING btree ("region_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_claims_one_open_idx" ON "listing_claims" USING btree ("contractor_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "listing_claims_contractor_id_idx" ON "listing_claims" USING btree ("contractor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_contact_email_idx" ON "do_not_contact" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "claim_invitations_round_idx" ON "claim_invitations" USING btree ("contractor_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_invitations_token_idx" ON "claim_invitations" USING btree ("opt_out_token_hash");--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_import_id_contractor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contractor_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractors_import_id_idx" ON "contractors" USING btree ("import_id") WHERE import_id is not null;--> statement-breakpoint
-- An unclaimed listing shows marked so, with its phone; a claim, an undo or a re-import's new phone moves its counties' directory versions (docs/decisions/0131-listing-claims.md).
DROP TRIGGER IF EXISTS "contractors_directory_version_update" ON "contractors";--> statement-breakpoint
CREATE TRIGGER "contractors_directory_version_update"
  AFTER UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured", "business_hours", "phone", "import_id", "claimed_at"
  ON "contractors" FOR EACH ROW EXECUTE FUNCTION directory_version_contractors();
