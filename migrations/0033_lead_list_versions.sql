CREATE TABLE "lead_list_versions" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The lead list versions (docs/decisions/0068-lead-counts-and-index-order.md): one added to each
-- county whose lead table a statement changed. Upserted in region order, as the lead counts are,
-- so two writers never take the rows in opposite orders.
CREATE OR REPLACE FUNCTION bump_lead_list_versions(region_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_list_versions" AS v ("region_id", "version")
    SELECT DISTINCT r, 1 FROM unnest(region_ids) r WHERE r IS NOT NULL ORDER BY r
    ON CONFLICT ("region_id") DO UPDATE SET "version" = v."version" + 1;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_list_versions_of_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_lead_list_versions(array(SELECT "region_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_lead_list_versions(array(SELECT "region_id" FROM old_rows));
  ELSE
    PERFORM bump_lead_list_versions(array(SELECT "region_id" FROM new_rows UNION SELECT "region_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_list_version_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_leads();
--> statement-breakpoint
CREATE TRIGGER "leads_list_version_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_leads();
--> statement-breakpoint
CREATE TRIGGER "leads_list_version_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_leads();
--> statement-breakpoint
-- A delivery shows on its lead's row (who, what price, whether paid).
CREATE OR REPLACE FUNCTION lead_list_versions_of_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_lead_list_versions(array(SELECT l."region_id" FROM new_rows d JOIN "leads" l ON l."id" = d."lead_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_lead_list_versions(array(SELECT l."region_id" FROM old_rows d JOIN "leads" l ON l."id" = d."lead_id"));
  ELSE
    PERFORM bump_lead_list_versions(array(SELECT l."region_id" FROM (SELECT "lead_id" FROM new_rows UNION SELECT "lead_id" FROM old_rows) d JOIN "leads" l ON l."id" = d."lead_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_deliveries_list_version_insert" AFTER INSERT ON "lead_deliveries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_deliveries();
--> statement-breakpoint
CREATE TRIGGER "lead_deliveries_list_version_update" AFTER UPDATE ON "lead_deliveries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_deliveries();
--> statement-breakpoint
CREATE TRIGGER "lead_deliveries_list_version_delete" AFTER DELETE ON "lead_deliveries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_list_versions_of_deliveries();
--> statement-breakpoint
-- A contractor's name shows on the leads it was asked for or delivered; a renaming is rare, so it
-- moves every county rather than looking for the leads that name it.
CREATE OR REPLACE FUNCTION lead_list_versions_of_contractor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_lead_list_versions(array(SELECT "id" FROM "regions"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contractors_lead_list_version" AFTER UPDATE OF "name" ON "contractors"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION lead_list_versions_of_contractor_name();
--> statement-breakpoint
INSERT INTO "lead_list_versions" ("region_id", "version") SELECT "id", 1 FROM "regions";
