CREATE TABLE "directory_versions" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_versions" ADD CONSTRAINT "directory_versions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A version per county (docs/decisions/0101-read-model-per-county.md). Every county starts at the
-- global version; from now on a write moves the global version and sets the version of each county
-- whose site it touches to it, so a county's version only grows, even across a county removed and
-- added again.
INSERT INTO "directory_versions" ("region_id", "version") SELECT "id", (SELECT "version" FROM "directory_state" WHERE "id" = 1) FROM "regions";
--> statement-breakpoint
-- Moves the global version and the given counties' ones, and announces which counties moved (by
-- slug) to the processes that keep versions in memory (the embedded database's own).
CREATE FUNCTION bump_directory_versions(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  global_version bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE "directory_state" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1 RETURNING "version" INTO global_version;
  INSERT INTO "directory_versions" ("region_id", "version")
    SELECT r."id", global_version FROM "regions" r WHERE r."id" = ANY(ids)
    ON CONFLICT ("region_id") DO UPDATE SET "version" = excluded."version", "updated_at" = now();
  PERFORM pg_notify('directory_version', coalesce((SELECT string_agg(r."slug", ',' ORDER BY r."slug") FROM "regions" r WHERE r."id" = ANY(ids)), ''));
END
$$;
--> statement-breakpoint
-- The counties whose sites list these contractors: those of their home towns and service areas;
-- a contractor with neither is the default county's (docs/decisions/0101-read-model-per-county.md).
CREATE FUNCTION counties_of_contractors(ids integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT s."region_id"), '{}') FROM (
    SELECT t."region_id" FROM "contractors" c JOIN "towns" t ON t."id" = c."home_town_id" WHERE c."id" = ANY(ids)
    UNION ALL
    SELECT t."region_id" FROM "contractor_service_areas" a JOIN "towns" t ON t."id" = a."town_id" WHERE a."contractor_id" = ANY(ids)
    UNION ALL
    SELECT default_region_id() FROM "contractors" c
      WHERE c."id" = ANY(ids) AND c."home_town_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "contractor_service_areas" a WHERE a."contractor_id" = c."id")
  ) s WHERE s."region_id" IS NOT NULL
$$;
--> statement-breakpoint
-- The one global trigger function goes: each table's triggers below name the counties they touch.
DROP TRIGGER IF EXISTS "contractors_directory_version" ON "contractors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contractor_credentials_directory_version" ON "contractor_credentials";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contractor_services_directory_version" ON "contractor_services";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contractor_service_areas_directory_version" ON "contractor_service_areas";--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_directory_version" ON "services";--> statement-breakpoint
DROP TRIGGER IF EXISTS "towns_directory_version" ON "towns";--> statement-breakpoint
DROP TRIGGER IF EXISTS "regions_directory_version" ON "regions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "region_services_directory_version" ON "region_services";--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_directory_version();
--> statement-breakpoint
-- Contractors. PostgreSQL gives transition tables to statement triggers of one event without an
-- UPDATE OF list, so inserts and deletes are statement triggers and an update of a shown column a
-- row trigger (with the same UPDATE OF list as before: tests/api/directory-version-coverage.test.ts).
-- A deleted contractor's service areas go first (ON DELETE CASCADE), and their trigger bumps their
-- towns' counties; without a home town, the default county is bumped too, as it may have listed it.
CREATE FUNCTION directory_version_contractors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT "id" FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_directory_versions(ARRAY(
      SELECT t."region_id" FROM old_rows o JOIN "towns" t ON t."id" = o."home_town_id"
      UNION SELECT default_region_id() FROM old_rows o WHERE o."home_town_id" IS NULL));
  ELSE
    -- The counties it serves now, and its home town's county before (a new home town moves it).
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY[NEW."id"])
      || ARRAY(SELECT t."region_id" FROM "towns" t WHERE t."id" = OLD."home_town_id")
      || CASE WHEN OLD."home_town_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "contractor_service_areas" a WHERE a."contractor_id" = OLD."id") THEN ARRAY[default_region_id()] ELSE '{}'::integer[] END);
    RETURN NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractors_directory_version_insert"
  AFTER INSERT ON "contractors" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_contractors();
--> statement-breakpoint
CREATE TRIGGER "contractors_directory_version_delete"
  AFTER DELETE ON "contractors" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_contractors();
--> statement-breakpoint
-- What the directory shows of the listing (the badge and featured placement included) moves its version.
CREATE TRIGGER "contractors_directory_version_update"
  AFTER UPDATE OF "name", "city", "state", "zip", "home_town_id", "description", "years_in_business", "insurance_info", "website", "rating", "review_count", "verified", "price_range", "availability", "response_time", "certifications", "approval_status", "is_visible", "is_featured"
  ON "contractors" FOR EACH ROW EXECUTE FUNCTION directory_version_contractors();
--> statement-breakpoint
-- A contractor's credentials, services and service areas: the counties listing the contractor.
CREATE FUNCTION directory_version_of_contractor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY[OLD."contractor_id", NEW."contractor_id"]));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT "contractor_id" FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT "contractor_id" FROM old_rows)));
  ELSE
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT "contractor_id" FROM old_rows UNION SELECT "contractor_id" FROM new_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractor_credentials_directory_version_insert"
  AFTER INSERT ON "contractor_credentials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_credentials_directory_version_delete"
  AFTER DELETE ON "contractor_credentials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
-- The licence number, 'Registration verified {month}', 'Insured until', and the expiry dates that end the badge.
CREATE TRIGGER "contractor_credentials_directory_version_update"
  AFTER UPDATE OF "contractor_id", "credential", "number", "expires_on", "verified", "verified_at"
  ON "contractor_credentials" FOR EACH ROW EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_services_directory_version_insert"
  AFTER INSERT ON "contractor_services" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_services_directory_version_delete"
  AFTER DELETE ON "contractor_services" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_services_directory_version_update"
  AFTER UPDATE ON "contractor_services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
-- Service areas: the counties of the towns before and after. A contractor with no town at all is
-- the default county's, so one that gets its first town or loses its last moves the default county too.
CREATE FUNCTION directory_version_service_areas() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  areas_before integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT "contractor_id" FROM new_rows);
    PERFORM bump_directory_versions(ARRAY(SELECT DISTINCT t."region_id" FROM new_rows n JOIN "towns" t ON t."id" = n."town_id")
      || ARRAY(SELECT default_region_id() FROM "contractors" c WHERE c."id" = ANY(touched) AND c."home_town_id" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "contractor_service_areas" a WHERE a."contractor_id" = c."id" AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."contractor_id" = a."contractor_id" AND n."town_id" = a."town_id"))));
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT "contractor_id" FROM old_rows);
    PERFORM bump_directory_versions(ARRAY(SELECT DISTINCT t."region_id" FROM old_rows o JOIN "towns" t ON t."id" = o."town_id")
      || ARRAY(SELECT default_region_id() FROM "contractors" c WHERE c."id" = ANY(touched) AND c."home_town_id" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "contractor_service_areas" a WHERE a."contractor_id" = c."id")));
  ELSE
    touched := ARRAY(SELECT "contractor_id" FROM old_rows UNION SELECT "contractor_id" FROM new_rows);
    areas_before := ARRAY(SELECT "town_id" FROM old_rows UNION SELECT "town_id" FROM new_rows);
    PERFORM bump_directory_versions(ARRAY(SELECT DISTINCT t."region_id" FROM "towns" t WHERE t."id" = ANY(areas_before)) || counties_of_contractors(touched));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractor_service_areas_directory_version_insert"
  AFTER INSERT ON "contractor_service_areas" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_service_areas();
--> statement-breakpoint
CREATE TRIGGER "contractor_service_areas_directory_version_delete"
  AFTER DELETE ON "contractor_service_areas" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_service_areas();
--> statement-breakpoint
CREATE TRIGGER "contractor_service_areas_directory_version_update"
  AFTER UPDATE ON "contractor_service_areas" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_service_areas();
--> statement-breakpoint
-- Towns: their county, and the counties listing a contractor whose home town one is (its profile names it).
CREATE FUNCTION directory_version_towns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
  counties integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT "id" FROM new_rows);
    counties := ARRAY(SELECT "region_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT "id" FROM old_rows);
    counties := ARRAY(SELECT "region_id" FROM old_rows);
  ELSE
    changed := ARRAY(SELECT "id" FROM old_rows UNION SELECT "id" FROM new_rows);
    counties := ARRAY(SELECT "region_id" FROM old_rows UNION SELECT "region_id" FROM new_rows);
  END IF;
  PERFORM bump_directory_versions(counties || counties_of_contractors(ARRAY(SELECT c."id" FROM "contractors" c WHERE c."home_town_id" = ANY(changed))));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "towns_directory_version_insert"
  AFTER INSERT ON "towns" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_towns();
--> statement-breakpoint
CREATE TRIGGER "towns_directory_version_delete"
  AFTER DELETE ON "towns" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_towns();
--> statement-breakpoint
CREATE TRIGGER "towns_directory_version_update"
  AFTER UPDATE ON "towns" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_towns();
--> statement-breakpoint
-- Counties and the services each offers: the counties concerned. A county added or given a public
-- URL moves the global version too, which the host check reads (server/regions/sites.ts).
CREATE FUNCTION directory_version_regions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    -- The county is gone (its version with it): the others' host names still move with the global version.
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM "regions"));
  ELSE
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "regions_directory_version_insert"
  AFTER INSERT ON "regions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_regions();
--> statement-breakpoint
CREATE TRIGGER "regions_directory_version_delete"
  AFTER DELETE ON "regions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_regions();
--> statement-breakpoint
CREATE TRIGGER "regions_directory_version_update"
  AFTER UPDATE ON "regions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_regions();
--> statement-breakpoint
CREATE FUNCTION directory_version_region_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(ARRAY(SELECT "region_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_directory_versions(ARRAY(SELECT "region_id" FROM old_rows));
  ELSE
    PERFORM bump_directory_versions(ARRAY(SELECT "region_id" FROM old_rows UNION SELECT "region_id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "region_services_directory_version_insert"
  AFTER INSERT ON "region_services" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_region_services();
--> statement-breakpoint
CREATE TRIGGER "region_services_directory_version_delete"
  AFTER DELETE ON "region_services" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_region_services();
--> statement-breakpoint
CREATE TRIGGER "region_services_directory_version_update"
  AFTER UPDATE ON "region_services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_region_services();
--> statement-breakpoint
-- Services are shared by every county (a card names its contractor's services): a change to one moves them all.
CREATE FUNCTION directory_version_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM "regions"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "services_directory_version"
  AFTER INSERT OR UPDATE OR DELETE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION directory_version_services();
