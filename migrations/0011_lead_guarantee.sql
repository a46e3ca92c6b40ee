CREATE TABLE "lead_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by_admin_id" integer,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_claims_reason_check" CHECK ("lead_claims"."reason" in ('wrong_number', 'not_real', 'outside_area', 'duplicate', 'other')),
	CONSTRAINT "lead_claims_status_check" CHECK ("lead_claims"."status" in ('open', 'approved', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "lead_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"cause" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_intent_id" text,
	"provider_refund_id" text,
	"failure_reason" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_refunds_cause_check" CHECK ("lead_refunds"."cause" in ('claim', 'cancellation')),
	CONSTRAINT "lead_refunds_method_check" CHECK ("lead_refunds"."method" in ('card', 'credit', 'offline')),
	CONSTRAINT "lead_refunds_status_check" CHECK ("lead_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "lead_refunds_amount_check" CHECK ("lead_refunds"."amount_cents" >= 0),
	CONSTRAINT "lead_refunds_card_intent_check" CHECK ("lead_refunds"."method" <> 'card' or "lead_refunds"."payment_intent_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "demo_payments" DROP CONSTRAINT "demo_payments_kind_check";--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "bonus_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_decided_by_admin_id_admin_users_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_refunds" ADD CONSTRAINT "lead_refunds_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_claims_delivery_id_idx" ON "lead_claims" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "lead_claims_status_created_at_idx" ON "lead_claims" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lead_claims_created_at_idx" ON "lead_claims" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_refunds_delivery_id_idx" ON "lead_refunds" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_refunds_provider_refund_id_idx" ON "lead_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_bonus_credits_check" CHECK ("contractors"."bonus_credits" >= 0);--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_kind_check" CHECK ("demo_payments"."kind" in ('payment_intent', 'checkout_session', 'subscription', 'refund'));