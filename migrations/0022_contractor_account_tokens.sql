CREATE TABLE "contractor_account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_account_tokens_purpose_check" CHECK ("contractor_account_tokens"."purpose" in ('password-reset', 'email-change')),
	CONSTRAINT "contractor_account_tokens_new_email_check" CHECK (("contractor_account_tokens"."purpose" = 'email-change') = ("contractor_account_tokens"."new_email" is not null))
);
--> statement-breakpoint
ALTER TABLE "contractor_accounts" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_account_tokens" ADD CONSTRAINT "contractor_account_tokens_account_id_contractor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."contractor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_account_tokens_hash_idx" ON "contractor_account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contractor_account_tokens_account_idx" ON "contractor_account_tokens" USING btree ("account_id","purpose");