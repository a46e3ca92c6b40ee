-- County administrators (docs/decisions/0103-county-administrators.md). An account is a platform
-- administrator (every county) or a county administrator (the counties in admin_user_regions); a new
-- row is a county administrator with no county unless said otherwise, and every existing account
-- (the first administrator among them) is the platform's. Pricing rules and outbox emails get a
-- county: none means the platform default rule, or the platform's own mail.
--> statement-breakpoint
CREATE TABLE "admin_user_regions" (
	"admin_user_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_user_regions_admin_user_id_region_id_pk" PRIMARY KEY("admin_user_id","region_id")
);
--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "role" text DEFAULT 'county' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "admin_user_regions" ADD CONSTRAINT "admin_user_regions_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_user_regions" ADD CONSTRAINT "admin_user_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_user_regions_region_id_idx" ON "admin_user_regions" USING btree ("region_id");--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_rules_region_id_idx" ON "pricing_rules" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_region_created_at_idx" ON "outbox_emails" USING btree ("region_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('platform', 'county'));--> statement-breakpoint
UPDATE "admin_users" SET "role" = 'platform';
