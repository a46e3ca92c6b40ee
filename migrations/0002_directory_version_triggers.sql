-- The public directory's cache version: any write to what the directory shows bumps it.
INSERT INTO "directory_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_state" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only columns the directory shows: credit counters and payment ids change often and do not matter here.
CREATE TRIGGER "contractors_directory_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "license_number", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured"
  ON "contractors" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "contractor_services_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "contractor_services" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "contractor_service_areas_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "contractor_service_areas" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "services_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "towns_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "towns" FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
