CREATE TABLE "contractor_lead_preferences" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"paused_until" date,
	"service_slugs" text[],
	"town_ids" integer[],
	"monthly_cap_cents" integer,
	"text_phone" text,
	"text_opt_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_lead_preferences_cap_check" CHECK ("contractor_lead_preferences"."monthly_cap_cents" is null or "contractor_lead_preferences"."monthly_cap_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lead_alternatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"contractor_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"new_lead_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "lead_delivery" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "release_after_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "routing" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "routing_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "routed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origin_lead_id" integer;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "delivered_by" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_lead_preferences" ADD CONSTRAINT "contractor_lead_preferences_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_alternatives" ADD CONSTRAINT "lead_alternatives_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_alternatives" ADD CONSTRAINT "lead_alternatives_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_alternatives" ADD CONSTRAINT "lead_alternatives_new_lead_id_leads_id_fk" FOREIGN KEY ("new_lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_alternatives_token_hash_idx" ON "lead_alternatives" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "lead_alternatives_lead_id_idx" ON "lead_alternatives" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_origin_lead_id_leads_id_fk" FOREIGN KEY ("origin_lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_region_routing_idx" ON "leads" USING btree ("region_id","routing") WHERE "leads"."routing" in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "leads_requested_contractor_created_idx" ON "leads" USING btree ("requested_contractor_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_deliveries_awaiting_idx" ON "lead_deliveries" USING btree ("created_at") WHERE payment_state = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_lead_delivery_check" CHECK ("regions"."lead_delivery" in ('automatic', 'manual'));--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_release_after_hours_check" CHECK ("regions"."release_after_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_routing_check" CHECK ("leads"."routing" in ('pending', 'held', 'delivered', 'released', 'rejected'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_channel_check" CHECK ("outbox_emails"."channel" in ('email', 'text'));--> statement-breakpoint
-- Leads from before routing (docs/decisions/0117-lead-routing.md): a lead with a live delivery was
-- delivered (by an administrator, unrecorded); any other was waiting for one, so it is held as a
-- manual county's lead is.
UPDATE "leads" l SET "routing" = CASE WHEN EXISTS (SELECT 1 FROM "lead_deliveries" d WHERE d."lead_id" = l."id" AND d."payment_state" <> 'cancelled') THEN 'delivered' ELSE 'held' END,
  "routing_reason" = CASE WHEN EXISTS (SELECT 1 FROM "lead_deliveries" d WHERE d."lead_id" = l."id" AND d."payment_state" <> 'cancelled') THEN NULL ELSE 'manual' END,
  "routed_at" = l."created_at";
--> statement-breakpoint
-- A paused contractor's profile and cards say so: its preferences move the directory of the counties listing it.
CREATE TRIGGER "contractor_lead_preferences_directory_version_insert"
  AFTER INSERT ON "contractor_lead_preferences" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_lead_preferences_directory_version_delete"
  AFTER DELETE ON "contractor_lead_preferences" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_lead_preferences_directory_version_update"
  AFTER UPDATE OF "contractor_id", "paused_until"
  ON "contractor_lead_preferences" FOR EACH ROW EXECUTE FUNCTION directory_version_of_contractor();
