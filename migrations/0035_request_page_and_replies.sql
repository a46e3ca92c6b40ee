CREATE TABLE "lead_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"estimate_low_cents" integer,
	"estimate_high_cents" integer,
	"estimate_after_visit" boolean DEFAULT false NOT NULL,
	"visit_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_replies_kind_check" CHECK ("lead_replies"."kind" in ('reply', 'called'))
);
--> statement-breakpoint
CREATE TABLE "homeowner_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homeowner_answers_answer_check" CHECK ("homeowner_answers"."answer" in ('hired', 'still_looking'))
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeowner_answers" ADD CONSTRAINT "homeowner_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_replies_lead_id_idx" ON "lead_replies" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_replies_delivery_id_idx" ON "lead_replies" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "homeowner_answers_lead_answer_idx" ON "homeowner_answers" USING btree ("lead_id","answer");