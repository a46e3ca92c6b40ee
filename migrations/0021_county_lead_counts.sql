-- The lead counts per county (docs/decisions/0103-county-administrators.md): a county
-- administrator's counts read their county's rows instead of counting its leads. The table is
-- made again from leads, keyed by (region_id, status); the trigger function keeps the same
-- statement-level shape as migrations/0006, deltas applied in (region_id, status) order.
DROP TABLE "lead_status_counts";--> statement-breakpoint
CREATE TABLE "lead_status_counts" (
	"region_id" integer NOT NULL,
	"status" text NOT NULL,
	"leads" bigint DEFAULT 0 NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_status_counts_region_id_status_pk" PRIMARY KEY("region_id","status")
);--> statement-breakpoint
ALTER TABLE "lead_status_counts" ADD CONSTRAINT "lead_status_counts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_lead_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "lead_status_counts" AS c ("region_id", "status", "leads", "price_cents")
      SELECT "region_id", "status", count(*), sum("lead_price_cents") FROM new_rows GROUP BY "region_id", "status" ORDER BY "region_id", "status"
      ON CONFLICT ("region_id", "status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "lead_status_counts" AS c ("region_id", "status", "leads", "price_cents")
      SELECT "region_id", "status", -count(*), -sum("lead_price_cents") FROM old_rows GROUP BY "region_id", "status" ORDER BY "region_id", "status"
      ON CONFLICT ("region_id", "status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  ELSE
    INSERT INTO "lead_status_counts" AS c ("region_id", "status", "leads", "price_cents")
      SELECT "region_id", "status", sum(n), sum(cents) FROM (
        SELECT "region_id", "status", 1 AS n, "lead_price_cents"::bigint AS cents FROM new_rows
        UNION ALL
        SELECT "region_id", "status", -1, -"lead_price_cents"::bigint FROM old_rows
      ) d GROUP BY "region_id", "status" HAVING sum(n) <> 0 OR sum(cents) <> 0 ORDER BY "region_id", "status"
      ON CONFLICT ("region_id", "status") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads", "price_cents" = c."price_cents" + EXCLUDED."price_cents";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "lead_status_counts" ("region_id", "status", "leads", "price_cents")
  SELECT "region_id", "status", count(*), coalesce(sum("lead_price_cents"), 0) FROM "leads" GROUP BY "region_id", "status";
