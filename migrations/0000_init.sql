CREATE TABLE "towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"aliases" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "towns_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"address" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT 'PA' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"home_town_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"years_in_business" integer,
	"license_number" text,
	"insurance_info" text,
	"project_gallery_url" text,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"price_range" text DEFAULT '$$' NOT NULL,
	"availability" text DEFAULT 'Available' NOT NULL,
	"response_time" text DEFAULT 'Within 24 hours' NOT NULL,
	"certifications" text[] DEFAULT '{}' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"is_visible" boolean DEFAULT false NOT NULL,
	"subscription_plan" text DEFAULT 'free' NOT NULL,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"monthly_leads_used" integer DEFAULT 0 NOT NULL,
	"credits_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"credits_reset_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractors_approval_status_check" CHECK ("contractors"."approval_status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "contractors_plan_check" CHECK ("contractors"."subscription_plan" in ('free', 'pro', 'premium')),
	CONSTRAINT "contractors_rating_check" CHECK ("contractors"."rating" >= 0 and "contractors"."rating" <= 5)
);
--> statement-breakpoint
CREATE TABLE "contractor_services" (
	"contractor_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_services_contractor_id_service_id_pk" PRIMARY KEY("contractor_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "contractor_service_areas" (
	"contractor_id" integer NOT NULL,
	"town_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_service_areas_contractor_id_town_id_pk" PRIMARY KEY("contractor_id","town_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"service_needed" text NOT NULL,
	"service_slugs" text[] DEFAULT '{}' NOT NULL,
	"location" text NOT NULL,
	"town_id" integer,
	"project_details" text NOT NULL,
	"budget_range" text,
	"requested_contractor_id" integer,
	"lead_price_cents" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'delivered', 'contacted', 'won', 'lost')),
	CONSTRAINT "leads_price_check" CHECK ("leads"."lead_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"contractor_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"payment_state" text DEFAULT 'awaiting_payment' NOT NULL,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_deliveries_payment_state_check" CHECK ("lead_deliveries"."payment_state" in ('awaiting_payment', 'paid', 'credited', 'cancelled')),
	CONSTRAINT "lead_deliveries_price_check" CHECK ("lead_deliveries"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_type" text NOT NULL,
	"rule_value" text,
	"lead_price_cents" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_rules_type_check" CHECK ("pricing_rules"."rule_type" in ('global', 'service', 'location', 'contractor')),
	CONSTRAINT "pricing_rules_price_check" CHECK ("pricing_rules"."lead_price_cents" > 0),
	CONSTRAINT "pricing_rules_priority_check" CHECK ("pricing_rules"."priority" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text NOT NULL,
	"meta_description" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "contractor_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setup_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"admin_user_id" integer,
	"contractor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_home_town_id_towns_id_fk" FOREIGN KEY ("home_town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_services" ADD CONSTRAINT "contractor_services_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_services" ADD CONSTRAINT "contractor_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_service_areas" ADD CONSTRAINT "contractor_service_areas_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_service_areas" ADD CONSTRAINT "contractor_service_areas_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_requested_contractor_id_contractors_id_fk" FOREIGN KEY ("requested_contractor_id") REFERENCES "public"."contractors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_accounts" ADD CONSTRAINT "contractor_accounts_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_codes" ADD CONSTRAINT "setup_codes_account_id_contractor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."contractor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractors_home_town_id_idx" ON "contractors" USING btree ("home_town_id");--> statement-breakpoint
CREATE INDEX "contractors_approval_status_idx" ON "contractors" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "contractors_public_rating_idx" ON "contractors" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_public_name_idx" ON "contractors" USING btree ("name","id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_public_reviews_idx" ON "contractors" USING btree ("review_count" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_public_featured_idx" ON "contractors" USING btree ("is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and is_visible;--> statement-breakpoint
CREATE INDEX "contractors_stripe_customer_idx" ON "contractors" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "contractors_stripe_subscription_idx" ON "contractors" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "contractor_services_service_id_idx" ON "contractor_services" USING btree ("service_id","contractor_id");--> statement-breakpoint
CREATE INDEX "contractor_service_areas_town_id_idx" ON "contractor_service_areas" USING btree ("town_id","contractor_id");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_town_id_idx" ON "leads" USING btree ("town_id");--> statement-breakpoint
CREATE INDEX "leads_requested_contractor_id_idx" ON "leads" USING btree ("requested_contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_live_lead_idx" ON "lead_deliveries" USING btree ("lead_id") WHERE payment_state <> 'cancelled';--> statement-breakpoint
CREATE INDEX "lead_deliveries_lead_id_idx" ON "lead_deliveries" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_contractor_id_idx" ON "lead_deliveries" USING btree ("contractor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_payment_intent_idx" ON "lead_deliveries" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "pricing_rules_active_priority_idx" ON "pricing_rules" USING btree ("is_active","priority" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_at_idx" ON "blog_posts" USING btree ("is_published","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_accounts_contractor_id_idx" ON "contractor_accounts" USING btree ("contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_accounts_email_idx" ON "contractor_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "setup_codes_account_id_idx" ON "setup_codes" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_admin_user_id_idx" ON "sessions" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "sessions_contractor_id_idx" ON "sessions" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_created_at_idx" ON "outbox_emails" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_emails_to_address_idx" ON "outbox_emails" USING btree ("to_address");