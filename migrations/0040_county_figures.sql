CREATE TABLE "county_figures" (
	"region_id" integer NOT NULL,
	"figure" text NOT NULL,
	"period" date NOT NULL,
	"bucket" smallint DEFAULT 0 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "county_figures_region_id_figure_period_bucket_pk" PRIMARY KEY("region_id","figure","period","bucket")
);
--> statement-breakpoint
CREATE TABLE "county_figure_versions" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "county_figures" ADD CONSTRAINT "county_figures_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_payments_paid_at_idx" ON "subscription_payments" USING btree ("paid_at");
--> statement-breakpoint
-- The dashboard's charts (docs/decisions/0129-dashboard-charts.md). Every Pennsylvania county is
-- in Eastern time, so weeks (from Monday) and months are counted there.
CREATE OR REPLACE FUNCTION figure_week(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'America/New_York')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_month(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'America/New_York')::date
$$;
--> statement-breakpoint
-- A histogram bin of minutes (shared/figure-bins.ts): 0 below a minute, then half powers of two, the last open-ended.
CREATE OR REPLACE FUNCTION figure_bin(minutes double precision) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN minutes < 1 THEN 0 ELSE least(30, floor(2 * ln(minutes) / ln(2))::int + 1) END)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_county_figure(region integer, fig text, at date, bin smallint, count bigint, amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "county_figures" AS c ("region_id", "figure", "period", "bucket", "n", "cents")
    VALUES (region, fig, at, bin, count, amount)
    ON CONFLICT ("region_id", "figure", "period", "bucket") DO UPDATE SET "n" = c."n" + EXCLUDED."n", "cents" = c."cents" + EXCLUDED."cents"
$$;
--> statement-breakpoint
-- A quote request counts in its week by what became of it, and in its month's funnel as requested,
-- delivered and won: all read off the lead's own row.
CREATE OR REPLACE FUNCTION lead_figures(created timestamptz, routing text, status text, withdrawn timestamptz)
RETURNS TABLE (figure text, period date) LANGUAGE sql STABLE AS $$
  SELECT 'requests_' || CASE WHEN withdrawn IS NOT NULL THEN 'withdrawn'
      WHEN routing IN ('delivered', 'released', 'rejected') THEN routing ELSE 'held' END, figure_week(created)
  UNION ALL SELECT 'funnel_requested', figure_month(created)
  UNION ALL SELECT 'funnel_delivered', figure_month(created) WHERE routing = 'delivered'
  UNION ALL SELECT 'funnel_won', figure_month(created) WHERE status = 'won'
$$;
--> statement-breakpoint
-- Statement triggers with transition tables, as lead_status_counts: a batch insert is one upsert
-- per county, figure and period, applied in key order so that two statements cannot deadlock on
-- the counters. A deleted lead takes nothing away (the figures are history, and hold no one).
CREATE OR REPLACE FUNCTION count_lead_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "county_figures" AS c ("region_id", "figure", "period", "n")
      SELECT r."region_id", f.figure, f.period, count(*) FROM new_rows r
        CROSS JOIN LATERAL lead_figures(r."created_at", r."routing", r."status", r."withdrawn_at") f
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("region_id", "figure", "period", "bucket") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "county_figures" AS c ("region_id", "figure", "period", "n")
      SELECT region_id, figure, period, sum(n) FROM (
        SELECT r."region_id", f.figure, f.period, 1 AS n FROM new_rows r
          CROSS JOIN LATERAL lead_figures(r."created_at", r."routing", r."status", r."withdrawn_at") f
        UNION ALL
        SELECT r."region_id", f.figure, f.period, -1 FROM old_rows r
          CROSS JOIN LATERAL lead_figures(r."created_at", r."routing", r."status", r."withdrawn_at") f
      ) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("region_id", "figure", "period", "bucket") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_figures_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lead_figures();
--> statement-breakpoint
CREATE TRIGGER "leads_figures_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lead_figures();
--> statement-breakpoint
-- A delivery: its minutes from the request in its week's histogram; once paid or credited, its
-- lead counts as taken in the lead's month; once paid, its price is revenue in the month paid.
CREATE OR REPLACE FUNCTION count_delivery_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead record;
  was text;
BEGIN
  SELECT "region_id", "created_at" INTO lead FROM "leads" WHERE "id" = NEW."lead_id";
  IF TG_OP = 'INSERT' THEN
    PERFORM add_county_figure(lead.region_id, 'minutes_to_delivery', figure_week(NEW."created_at"),
      figure_bin(extract(epoch FROM NEW."created_at" - lead.created_at) / 60), 1, 0);
  ELSE
    was := OLD."payment_state";
  END IF;
  IF NEW."payment_state" IN ('paid', 'credited') AND was IS DISTINCT FROM 'paid' AND was IS DISTINCT FROM 'credited' THEN
    PERFORM add_county_figure(lead.region_id, 'funnel_taken', figure_month(lead.created_at), 0::smallint, 1, 0);
  END IF;
  IF NEW."payment_state" = 'paid' AND was IS DISTINCT FROM 'paid' THEN
    PERFORM add_county_figure(lead.region_id, 'revenue_leads', figure_month(coalesce(NEW."paid_at", NEW."updated_at")),
      0::smallint, 1, NEW."price_cents");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_deliveries_figures" AFTER INSERT OR UPDATE OF "payment_state" ON "lead_deliveries"
  FOR EACH ROW EXECUTE FUNCTION count_delivery_figures();
--> statement-breakpoint
-- Money given back (card or offline) once it went through, in the month it did.
CREATE OR REPLACE FUNCTION count_refund_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  region integer;
  was text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was := OLD."status";
  END IF;
  IF NEW."status" = 'succeeded' AND NEW."method" IN ('card', 'offline') AND was IS DISTINCT FROM 'succeeded' THEN
    SELECT l."region_id" INTO region FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id" WHERE d."id" = NEW."delivery_id";
    PERFORM add_county_figure(region, 'refunds', figure_month(coalesce(NEW."refunded_at", NEW."updated_at")),
      0::smallint, 1, NEW."amount_cents");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_refunds_figures" AFTER INSERT OR UPDATE OF "status" ON "lead_refunds"
  FOR EACH ROW EXECUTE FUNCTION count_refund_figures();
--> statement-breakpoint
-- A delivery's first reply or call mark: its minutes from the contractor having the details, in its week's histogram.
CREATE OR REPLACE FUNCTION count_reply_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  -- After a statement of several rows, each row's trigger sees them all: the first is the lowest id.
  IF EXISTS (SELECT 1 FROM "lead_replies" r WHERE r."delivery_id" = NEW."delivery_id" AND r."id" < NEW."id") THEN
    RETURN NULL;
  END IF;
  SELECT l."region_id", coalesce(d."credited_at", d."paid_at", d."created_at") AS had INTO x
    FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id" WHERE d."id" = NEW."delivery_id";
  PERFORM add_county_figure(x.region_id, 'minutes_to_reply', figure_week(NEW."created_at"),
    figure_bin(extract(epoch FROM NEW."created_at" - x.had) / 60), 1, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_replies_figures" AFTER INSERT ON "lead_replies"
  FOR EACH ROW EXECUTE FUNCTION count_reply_figures();
--> statement-breakpoint
-- A delivery's first contact (a reply moves the lead to contacted; the contractor may also mark it
-- contacted or won): its lead counts as replied in the lead's month.
CREATE OR REPLACE FUNCTION count_contact_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead record;
BEGIN
  IF NEW."status" NOT IN ('contacted', 'won') OR EXISTS (
    SELECT 1 FROM "lead_status_changes" e
    WHERE e."delivery_id" = NEW."delivery_id" AND e."id" < NEW."id" AND e."status" IN ('contacted', 'won')
  ) THEN
    RETURN NULL;
  END IF;
  SELECT l."region_id", l."created_at" INTO lead
    FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id" WHERE d."id" = NEW."delivery_id";
  PERFORM add_county_figure(lead.region_id, 'funnel_replied', figure_month(lead.created_at), 0::smallint, 1, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_changes_figures" AFTER INSERT ON "lead_status_changes"
  FOR EACH ROW EXECUTE FUNCTION count_contact_figures();
--> statement-breakpoint
-- Counters updated in place: room on each page keeps the updates HOT, so dead rows are pruned as
-- they come instead of bloating the table between vacuums.
ALTER TABLE "county_figures" SET (fillfactor = 50);
--> statement-breakpoint
-- The figures version of a county moves when a transaction that changed its figures commits:
-- deferred, so the version rows are the last a writer locks, after every counter it took.
-- Once per county and transaction: at commit every change is already made, so one bump covers them.
CREATE OR REPLACE FUNCTION bump_county_figure_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'county_figures.bumped_' || NEW."region_id";
BEGIN
  IF current_setting(marker, true) IS DISTINCT FROM 'yes' THEN
    INSERT INTO "county_figure_versions" AS v ("region_id", "version") VALUES (NEW."region_id", 1)
      ON CONFLICT ("region_id") DO UPDATE SET "version" = v."version" + 1;
    PERFORM set_config(marker, 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "county_figures_version" AFTER INSERT OR UPDATE ON "county_figures"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_county_figure_version();
--> statement-breakpoint
-- Plan invoices are the platform's and counted from subscription_payments: a new one moves the
-- default county's version, and with it the view of every county, which sums them all.
CREATE OR REPLACE FUNCTION bump_plan_figure_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "county_figure_versions" AS v ("region_id", "version")
    SELECT default_region_id(), 1 WHERE default_region_id() IS NOT NULL
    ON CONFLICT ("region_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscription_payments_figure_version" AFTER INSERT OR UPDATE OR DELETE ON "subscription_payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_plan_figure_version();
--> statement-breakpoint
-- What is there already, by the same rules.
INSERT INTO "county_figures" ("region_id", "figure", "period", "n")
  SELECT l."region_id", f.figure, f.period, count(*) FROM "leads" l
    CROSS JOIN LATERAL lead_figures(l."created_at", l."routing", l."status", l."withdrawn_at") f
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "bucket", "n")
  SELECT l."region_id", 'minutes_to_delivery', figure_week(d."created_at"),
    figure_bin(extract(epoch FROM d."created_at" - l."created_at") / 60), count(*)
  FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "n")
  SELECT l."region_id", 'funnel_taken', figure_month(l."created_at"), count(*)
  FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id"
  WHERE d."paid_at" IS NOT NULL OR d."credited_at" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "n", "cents")
  SELECT l."region_id", 'revenue_leads', figure_month(d."paid_at"), count(*), sum(d."price_cents")
  FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id"
  WHERE d."paid_at" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "n", "cents")
  SELECT l."region_id", 'refunds', figure_month(coalesce(r."refunded_at", r."updated_at")), count(*), sum(r."amount_cents")
  FROM "lead_refunds" r JOIN "lead_deliveries" d ON d."id" = r."delivery_id" JOIN "leads" l ON l."id" = d."lead_id"
  WHERE r."status" = 'succeeded' AND r."method" IN ('card', 'offline') GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "bucket", "n")
  SELECT region_id, 'minutes_to_reply', figure_week(replied), figure_bin(extract(epoch FROM replied - had) / 60), count(*)
  FROM (
    SELECT DISTINCT ON (r."delivery_id") l."region_id", r."created_at" AS replied,
      coalesce(d."credited_at", d."paid_at", d."created_at") AS had
    FROM "lead_replies" r JOIN "lead_deliveries" d ON d."id" = r."delivery_id" JOIN "leads" l ON l."id" = d."lead_id"
    ORDER BY r."delivery_id", r."id"
  ) firsts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "county_figures" ("region_id", "figure", "period", "n")
  SELECT l."region_id", 'funnel_replied', figure_month(l."created_at"), count(DISTINCT d."id")
  FROM "lead_status_changes" e JOIN "lead_deliveries" d ON d."id" = e."delivery_id" JOIN "leads" l ON l."id" = d."lead_id"
  WHERE e."status" IN ('contacted', 'won') GROUP BY 1, 2, 3;
