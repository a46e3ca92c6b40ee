ALTER TABLE "contractors" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "verified_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_verified_by_admin_id_admin_users_id_fk" FOREIGN KEY ("verified_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;