CREATE TABLE "credential_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"credential" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"admin_user_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_events_credential_check" CHECK ("credential_events"."credential" in ('registration', 'insurance')),
	CONSTRAINT "credential_events_action_check" CHECK ("credential_events"."action" in ('submitted', 'updated', 'verified', 'unverified', 'lapsed', 'certificate')),
	CONSTRAINT "credential_events_actor_check" CHECK ("credential_events"."actor" in ('admin', 'contractor', 'applicant', 'system'))
);
--> statement-breakpoint
CREATE TABLE "credential_reminders" (
	"contractor_id" integer NOT NULL,
	"credential" text NOT NULL,
	"expires_on" date NOT NULL,
	"audience" text NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_reminders_contractor_id_credential_expires_on_audience_days_before_pk" PRIMARY KEY("contractor_id","credential","expires_on","audience","days_before"),
	CONSTRAINT "credential_reminders_credential_check" CHECK ("credential_reminders"."credential" in ('registration', 'insurance')),
	CONSTRAINT "credential_reminders_audience_check" CHECK ("credential_reminders"."audience" in ('contractor', 'admin')),
	CONSTRAINT "credential_reminders_days_check" CHECK ("credential_reminders"."days_before" in (30, 7))
);
--> statement-breakpoint
CREATE TABLE "insurance_certificates" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_certificates_type_check" CHECK ("insurance_certificates"."content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "insurance_certificates_size_check" CHECK ("insurance_certificates"."byte_size" > 0 and "insurance_certificates"."byte_size" <= 5242880),
	CONSTRAINT "insurance_certificates_uploaded_by_check" CHECK ("insurance_certificates"."uploaded_by" in ('admin', 'contractor', 'applicant'))
);
--> statement-breakpoint
CREATE TABLE "certificate_upload_tokens" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_expires_on" date;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_verified_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_verified_by" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "registration_verified_how" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurer" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_policy_number" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_coverage_occurrence" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_coverage_aggregate" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_verified_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_verified_by" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_verified_how" text;--> statement-breakpoint
ALTER TABLE "credential_events" ADD CONSTRAINT "credential_events_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_events" ADD CONSTRAINT "credential_events_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_reminders" ADD CONSTRAINT "credential_reminders_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_upload_tokens" ADD CONSTRAINT "certificate_upload_tokens_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_events_contractor_idx" ON "credential_events" USING btree ("contractor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_registration_verified_by_admin_id_admin_users_id_fk" FOREIGN KEY ("registration_verified_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_insurance_verified_by_admin_id_admin_users_id_fk" FOREIGN KEY ("insurance_verified_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Licence numbers were free text: one that is a registration number written loosely ('pa 123456',
-- 'PA-123456') is written as the shared schema writes it; an empty one is none.
UPDATE "contractors" SET "license_number" = upper(regexp_replace("license_number", '[[:space:]-]', '', 'g'))
  WHERE upper(regexp_replace("license_number", '[[:space:]-]', '', 'g')) ~ '^PA[0-9]{6}$' AND "license_number" <> upper(regexp_replace("license_number", '[[:space:]-]', '', 'g'));--> statement-breakpoint
UPDATE "contractors" SET "license_number" = NULL WHERE btrim("license_number") = '';--> statement-breakpoint
-- A number given by two listings stays with the older one; the other loses it, and its history says why.
INSERT INTO "credential_events" ("contractor_id", "credential", "action", "detail", "actor")
  SELECT c."id", 'registration', 'updated', 'Registration number ' || c."license_number" || ' removed: contractor #' || f."id" || ' has the same number', 'system'
  FROM "contractors" c JOIN (SELECT "license_number", min("id") AS "id" FROM "contractors" WHERE "license_number" IS NOT NULL GROUP BY "license_number" HAVING count(*) > 1) f
    ON f."license_number" = c."license_number" AND c."id" <> f."id";--> statement-breakpoint
UPDATE "contractors" c SET "license_number" = NULL
  FROM (SELECT "license_number", min("id") AS "id" FROM "contractors" WHERE "license_number" IS NOT NULL GROUP BY "license_number" HAVING count(*) > 1) f
  WHERE f."license_number" = c."license_number" AND c."id" <> f."id";--> statement-breakpoint
-- A verification made before the credentials were kept apart covered both, with its who and when.
UPDATE "contractors" SET
  "registration_verified" = true, "registration_verified_at" = "verified_at", "registration_verified_by_admin_id" = "verified_by_admin_id", "registration_verified_by" = "verified_by",
  "insurance_verified" = true, "insurance_verified_at" = "verified_at", "insurance_verified_by_admin_id" = "verified_by_admin_id", "insurance_verified_by" = "verified_by"
  WHERE "verified";--> statement-breakpoint
CREATE UNIQUE INDEX "contractors_license_number_key" ON "contractors" USING btree ("license_number") WHERE license_number is not null;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_insurance_coverage_check" CHECK ("contractors"."insurance_coverage_occurrence" >= 0 and "contractors"."insurance_coverage_aggregate" >= 0);--> statement-breakpoint
-- The directory shows the credentials' state (the badge, 'Registration verified {month}', 'Insured until'),
-- so the version trigger watches those columns too (docs/decisions/0065-directory-read-model.md).
DROP TRIGGER IF EXISTS "contractors_directory_version" ON "contractors";--> statement-breakpoint
CREATE TRIGGER "contractors_directory_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "license_number", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured", "registration_expires_on", "registration_verified", "registration_verified_at", "insurance_expires_on", "insurance_verified"
  ON "contractors" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
