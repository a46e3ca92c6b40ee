-- Location pricing rules name their town by id (docs/decisions/0107-pricing-per-county.md).
ALTER TABLE "towns" ADD CONSTRAINT "towns_id_region_unique" UNIQUE("id","region_id");--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD COLUMN "town_id" integer;--> statement-breakpoint
-- A location rule without a county was written for the default county's towns (every rule was, before counties): it becomes that county's.
UPDATE "pricing_rules" SET "region_id" = default_region_id() WHERE "rule_type" = 'location' AND "region_id" IS NULL;--> statement-breakpoint
-- Its slug names a town of its county; the slug itself is no longer kept.
UPDATE "pricing_rules" p SET "town_id" = t."id", "rule_value" = NULL FROM "towns" t WHERE p."rule_type" = 'location' AND t."region_id" = p."region_id" AND t."slug" = p."rule_value";--> statement-breakpoint
-- A location rule naming no town of its county priced no lead of it: it goes.
DELETE FROM "pricing_rules" WHERE "rule_type" = 'location' AND "town_id" IS NULL;--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_town_fk" FOREIGN KEY ("town_id","region_id") REFERENCES "public"."towns"("id","region_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_rules_town_id_idx" ON "pricing_rules" USING btree ("town_id");--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_town_check" CHECK (case when "pricing_rules"."rule_type" = 'location' then "pricing_rules"."town_id" is not null and "pricing_rules"."region_id" is not null and "pricing_rules"."rule_value" is null else "pricing_rules"."town_id" is null end);
