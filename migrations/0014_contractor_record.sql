-- The contractor record split in three (docs/decisions/0091-contractor-record.md): the listing
-- stays in contractors; its credentials and its billing get tables of their own.
CREATE TABLE "contractor_credentials" (
	"contractor_id" integer NOT NULL,
	"credential" text NOT NULL,
	"number" text,
	"insurer" text,
	"coverage_occurrence" integer,
	"coverage_aggregate" integer,
	"expires_on" date,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by_admin_id" integer,
	"verified_by" text,
	"verified_how" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_credentials_contractor_id_credential_pk" PRIMARY KEY("contractor_id","credential"),
	CONSTRAINT "contractor_credentials_credential_check" CHECK ("contractor_credentials"."credential" in ('registration', 'insurance')),
	CONSTRAINT "contractor_credentials_coverage_check" CHECK ("contractor_credentials"."coverage_occurrence" >= 0 and "contractor_credentials"."coverage_aggregate" >= 0),
	CONSTRAINT "contractor_credentials_insurance_only_check" CHECK ("contractor_credentials"."credential" = 'insurance' or ("contractor_credentials"."insurer" is null and "contractor_credentials"."coverage_occurrence" is null and "contractor_credentials"."coverage_aggregate" is null))
);--> statement-breakpoint
CREATE TABLE "contractor_billing" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"subscription_plan" text DEFAULT 'free' NOT NULL,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"monthly_leads_used" integer DEFAULT 0 NOT NULL,
	"credits_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"credits_reset_key" text,
	"bonus_credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_billing_plan_check" CHECK ("contractor_billing"."subscription_plan" in ('free', 'pro', 'premium')),
	CONSTRAINT "contractor_billing_status_check" CHECK ("contractor_billing"."subscription_status" in ('none', 'active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')),
	CONSTRAINT "contractor_billing_bonus_credits_check" CHECK ("contractor_billing"."bonus_credits" >= 0)
);--> statement-breakpoint
ALTER TABLE "contractor_credentials" ADD CONSTRAINT "contractor_credentials_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_credentials" ADD CONSTRAINT "contractor_credentials_verified_by_admin_id_admin_users_id_fk" FOREIGN KEY ("verified_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_billing" ADD CONSTRAINT "contractor_billing_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The data moves before the old columns go, in the same migration (one transaction): a
-- credential gets its row when anything about it was given or checked; every contractor gets its billing.
INSERT INTO "contractor_credentials" ("contractor_id", "credential", "number", "expires_on", "verified", "verified_at", "verified_by_admin_id", "verified_by", "verified_how", "created_at", "updated_at")
  SELECT "id", 'registration', "license_number", "registration_expires_on", "registration_verified", "registration_verified_at", "registration_verified_by_admin_id", "registration_verified_by", "registration_verified_how", "created_at", "updated_at"
  FROM "contractors"
  WHERE "license_number" IS NOT NULL OR "registration_expires_on" IS NOT NULL OR "registration_verified" OR "registration_verified_at" IS NOT NULL
    OR "registration_verified_by_admin_id" IS NOT NULL OR "registration_verified_by" IS NOT NULL OR "registration_verified_how" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "contractor_credentials" ("contractor_id", "credential", "number", "insurer", "coverage_occurrence", "coverage_aggregate", "expires_on", "verified", "verified_at", "verified_by_admin_id", "verified_by", "verified_how", "created_at", "updated_at")
  SELECT "id", 'insurance', "insurance_policy_number", "insurer", "insurance_coverage_occurrence", "insurance_coverage_aggregate", "insurance_expires_on", "insurance_verified", "insurance_verified_at", "insurance_verified_by_admin_id", "insurance_verified_by", "insurance_verified_how", "created_at", "updated_at"
  FROM "contractors"
  WHERE "insurance_policy_number" IS NOT NULL OR "insurer" IS NOT NULL OR "insurance_coverage_occurrence" IS NOT NULL OR "insurance_coverage_aggregate" IS NOT NULL OR "insurance_expires_on" IS NOT NULL
    OR "insurance_verified" OR "insurance_verified_at" IS NOT NULL OR "insurance_verified_by_admin_id" IS NOT NULL OR "insurance_verified_by" IS NOT NULL OR "insurance_verified_how" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "contractor_billing" ("contractor_id", "subscription_plan", "subscription_status", "stripe_customer_id", "stripe_subscription_id", "current_period_end", "cancel_at_period_end", "monthly_leads_used", "credits_period_start", "credits_reset_key", "bonus_credits", "created_at", "updated_at")
  SELECT "id", "subscription_plan", "subscription_status", "stripe_customer_id", "stripe_subscription_id", "current_period_end", "cancel_at_period_end", "monthly_leads_used", "credits_period_start", "credits_reset_key", "bonus_credits", "created_at", "updated_at"
  FROM "contractors";
--> statement-breakpoint
-- The version trigger named columns that go: it is made again below without them.
DROP TRIGGER IF EXISTS "contractors_directory_version" ON "contractors";
--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT "contractors_plan_check";--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT "contractors_bonus_credits_check";--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT "contractors_insurance_coverage_check";--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT "contractors_registration_verified_by_admin_id_admin_users_id_fk";--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT "contractors_insurance_verified_by_admin_id_admin_users_id_fk";--> statement-breakpoint
DROP INDEX "contractors_license_number_key";--> statement-breakpoint
DROP INDEX "contractors_stripe_customer_idx";--> statement-breakpoint
DROP INDEX "contractors_stripe_subscription_idx";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "license_number";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_expires_on";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_verified";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_verified_at";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_verified_by_admin_id";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_verified_by";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "registration_verified_how";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurer";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_policy_number";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_coverage_occurrence";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_coverage_aggregate";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_expires_on";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_verified";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_verified_at";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_verified_by_admin_id";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_verified_by";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "insurance_verified_how";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "subscription_plan";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "subscription_status";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "stripe_customer_id";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "stripe_subscription_id";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "current_period_end";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "cancel_at_period_end";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "monthly_leads_used";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "credits_period_start";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "credits_reset_key";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "bonus_credits";--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_credentials_registration_number_key" ON "contractor_credentials" USING btree ("number") WHERE credential = 'registration' and number is not null;--> statement-breakpoint
CREATE INDEX "contractor_billing_stripe_customer_idx" ON "contractor_billing" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "contractor_billing_stripe_subscription_idx" ON "contractor_billing" USING btree ("stripe_subscription_id");--> statement-breakpoint
-- What the directory shows of the listing (the badge and featured placement included) moves its version.
CREATE TRIGGER "contractors_directory_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured"
  ON "contractors" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
-- And so does what it shows of the credentials: the licence number, 'Registration verified {month}',
-- 'Insured until', and the expiry dates that end the badge (docs/decisions/0065-directory-read-model.md).
CREATE TRIGGER "contractor_credentials_directory_version"
  AFTER INSERT OR DELETE OR UPDATE OF "contractor_id", "credential", "number", "expires_on", "verified", "verified_at"
  ON "contractor_credentials" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
-- Every contractor has its billing row, on the Free plan until a subscription says otherwise,
-- whatever stores the contractor (the submission, the seed, a test, a console).
CREATE OR REPLACE FUNCTION add_contractor_billing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contractor_billing" ("contractor_id") SELECT "id" FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractors_billing_row" AFTER INSERT ON "contractors" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION add_contractor_billing();
