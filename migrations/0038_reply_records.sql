CREATE TABLE "contractor_reply_records" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"median_minutes" integer,
	"leads_counted" integer DEFAULT 0 NOT NULL,
	"contacted_yes" integer DEFAULT 0 NOT NULL,
	"contacted_answers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractor_reply_records" ADD CONSTRAINT "contractor_reply_records_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A profile and its cards show the record: its rows move the directory of the counties listing the contractor.
CREATE TRIGGER "contractor_reply_records_directory_version_insert"
  AFTER INSERT ON "contractor_reply_records" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_reply_records_directory_version_delete"
  AFTER DELETE ON "contractor_reply_records" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_of_contractor();
--> statement-breakpoint
CREATE TRIGGER "contractor_reply_records_directory_version_update"
  AFTER UPDATE OF "contractor_id", "median_minutes", "contacted_yes", "contacted_answers"
  ON "contractor_reply_records" FOR EACH ROW EXECUTE FUNCTION directory_version_of_contractor();
