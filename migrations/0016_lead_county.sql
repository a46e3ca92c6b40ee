-- Leads belong to the county whose site they were sent on (docs/decisions/0100-leads-belong-to-a-county.md).
-- A lead stored without one (every existing lead, and writers that predate counties) is the
-- default county's: the column's default asks the regions table, so it fills existing rows too.
CREATE FUNCTION default_region_id() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT "id" FROM "regions" WHERE "is_default" $$;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "region_id" integer DEFAULT default_region_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_region_created_at_idx" ON "leads" USING btree ("region_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);