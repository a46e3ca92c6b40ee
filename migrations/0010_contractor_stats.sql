CREATE TABLE "profile_view_visitors" (
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"contractor_id" integer NOT NULL,
	CONSTRAINT "profile_view_visitors_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_view_counts" (
	"contractor_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "profile_view_counts_contractor_id_day_pk" PRIMARY KEY("contractor_id","day"),
	CONSTRAINT "profile_view_counts_views_check" CHECK ("profile_view_counts"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lead_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_status_changes_status_check" CHECK ("lead_status_changes"."status" in ('contacted', 'won', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "profile_view_visitors" ADD CONSTRAINT "profile_view_visitors_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_view_counts" ADD CONSTRAINT "profile_view_counts_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_status_changes_delivery_id_idx" ON "lead_status_changes" USING btree ("delivery_id","changed_at");--> statement-breakpoint
-- Leads marked before this table existed: their current status, at the lead's last change (the best time known).
INSERT INTO "lead_status_changes" ("delivery_id", "status", "changed_at")
  SELECT d."id", l."status", l."updated_at" FROM "lead_deliveries" d JOIN "leads" l ON l."id" = d."lead_id"
  WHERE d."payment_state" <> 'cancelled' AND l."status" IN ('contacted', 'won', 'lost');
