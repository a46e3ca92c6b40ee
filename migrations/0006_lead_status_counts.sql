CREATE TABLE "lead_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"leads" bigint DEFAULT 0 NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Keeps lead_status_counts in step with leads. Statement triggers with transition tables: a
-- batch insert costs one upsert per status, and deltas are applied in status order in one
-- statement, so two transactions moving leads between statuses cannot deadlock on the counters.
CREATE OR REPLACE FUNCTION count_lead_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "lead_status_counts" AS c ("status", "leads", "price_cents")
      SELECT "status", count(*), sum("lead_price_cents") FROM new_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "lead_status_counts" AS c ("status", "leads", "price_cents")
      SELECT "status", -count(*), -sum("lead_price_cents") FROM old_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  ELSE
    INSERT INTO "lead_status_counts" AS c ("status", "leads", "price_cents")
      SELECT "status", sum(n), sum(cents) FROM (
        SELECT "status", 1 AS n, "lead_price_cents"::bigint AS cents FROM new_rows
        UNION ALL
        SELECT "status", -1, -"lead_price_cents"::bigint FROM old_rows
      ) d GROUP BY "status" HAVING sum(n) <> 0 OR sum(cents) <> 0 ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_count_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses();
--> statement-breakpoint
CREATE TRIGGER "leads_count_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses();
--> statement-breakpoint
CREATE TRIGGER "leads_count_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses();
--> statement-breakpoint
INSERT INTO "lead_status_counts" ("status", "leads", "price_cents")
  SELECT "status", count(*), coalesce(sum("lead_price_cents"), 0) FROM "leads" GROUP BY "status";
