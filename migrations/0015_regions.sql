CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"template" text NOT NULL,
	"site_title" text NOT NULL,
	"short_title" text NOT NULL,
	"tagline" text NOT NULL,
	"public_url" text,
	"time_zone" text NOT NULL,
	"support_email" text NOT NULL,
	"mail_from" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "region_services" (
	"region_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "region_services_region_id_service_id_pk" PRIMARY KEY("region_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "towns" DROP CONSTRAINT "towns_slug_unique";--> statement-breakpoint
-- The county every existing row belongs to (docs/decisions/0098-counties-are-data.md); the seed
-- keeps its wording equal to shared/region.ts on every start.
INSERT INTO "regions" ("slug", "name", "state", "template", "site_title", "short_title", "tagline", "time_zone", "support_email", "is_default")
VALUES ('sullivan', 'Sullivan County', 'PA', 'pennsylvania', 'Sullivan County Contractors', 'Sullivan Co. Contractors', 'Serving Laporte, Dushore, Eagles Mere & All Sullivan County', 'America/New_York', 'support@sullivancountycontractors.com', true);--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "region_id" integer;--> statement-breakpoint
UPDATE "towns" SET "region_id" = (SELECT "id" FROM "regions" WHERE "is_default");--> statement-breakpoint
ALTER TABLE "towns" ALTER COLUMN "region_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "region_services" ADD CONSTRAINT "region_services_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_services" ADD CONSTRAINT "region_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regions_one_default_idx" ON "regions" USING btree ("is_default") WHERE "regions"."is_default";--> statement-breakpoint
ALTER TABLE "towns" ADD CONSTRAINT "towns_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "towns_region_id_idx" ON "towns" USING btree ("region_id","sort_order");--> statement-breakpoint
ALTER TABLE "towns" ADD CONSTRAINT "towns_region_slug_unique" UNIQUE("region_id","slug");--> statement-breakpoint
INSERT INTO "region_services" ("region_id", "service_id") SELECT r."id", s."id" FROM "regions" r CROSS JOIN "services" s WHERE r."is_default";--> statement-breakpoint
CREATE TRIGGER "regions_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "regions" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE TRIGGER "region_services_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "region_services" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
