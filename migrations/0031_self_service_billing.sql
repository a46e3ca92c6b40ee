CREATE TABLE "subscription_checkouts" (
	"contractor_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"params_hash" text,
	"session_id" text,
	"session_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_checkouts_contractor_id_plan_id_pk" PRIMARY KEY("contractor_id","plan_id"),
	CONSTRAINT "subscription_checkouts_plan_check" CHECK ("subscription_checkouts"."plan_id" in ('pro', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"plan_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_amount_check" CHECK ("subscription_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "demo_payments" DROP CONSTRAINT "demo_payments_kind_check";--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_invoice_idx" ON "subscription_payments" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "subscription_payments_contractor_idx" ON "subscription_payments" USING btree ("contractor_id","paid_at");--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_kind_check" CHECK ("demo_payments"."kind" in ('payment_intent', 'checkout_session', 'subscription', 'refund', 'invoice', 'billing_portal_session'));