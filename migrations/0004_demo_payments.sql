CREATE TABLE "demo_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer,
	"idempotency_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_payments_kind_check" CHECK ("demo_payments"."kind" in ('payment_intent', 'checkout_session', 'subscription'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_payments_idempotency_key_idx" ON "demo_payments" USING btree ("idempotency_key");