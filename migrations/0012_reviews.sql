CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"contractor_id" integer NOT NULL,
	"contacted" boolean NOT NULL,
	"hired" boolean NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"hidden_reason" text,
	"hidden_note" text,
	"hidden_at" timestamp with time zone,
	"hidden_by_admin_id" integer,
	"hidden_by" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_length_check" CHECK (char_length("reviews"."comment") <= 2000),
	CONSTRAINT "reviews_reply_length_check" CHECK (char_length("reviews"."reply") <= 2000),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'hidden')),
	CONSTRAINT "reviews_hidden_reason_check" CHECK ("reviews"."hidden_reason" in ('abuse', 'personal_data', 'unrelated')),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."status" = 'hidden') = ("reviews"."hidden_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_status_check" CHECK ("review_requests"."status" in ('sent', 'skipped')),
	CONSTRAINT "review_requests_sent_check" CHECK (("review_requests"."status" = 'sent') = ("review_requests"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_admin_id_admin_users_id_fk" FOREIGN KEY ("hidden_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_lead_id_idx" ON "reviews" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_delivery_id_idx" ON "reviews" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "reviews_contractor_status_created_idx" ON "reviews" USING btree ("contractor_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_delivery_id_idx" ON "review_requests" USING btree ("delivery_id");--> statement-breakpoint
-- A contractor's rating and review count are its published reviews'
-- (docs/decisions/0055-computed-rating.md), kept by this trigger on every write to reviews,
-- whatever the path (the site, the seed, a console), in the same transaction. Writing them moves
-- the directory's version (contractors_directory_version watches both columns), so search, browse,
-- sorting and profiles show a new review at once.
CREATE OR REPLACE FUNCTION keep_contractor_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid integer;
BEGIN
  FOR cid IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."contractor_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."contractor_id" END
    ]) AS x WHERE x IS NOT NULL ORDER BY x
  LOOP
    -- The row lock first: the count below is a new statement, so under read committed it sees every
    -- review committed before the lock was granted, and two reviews at once cannot lose one.
    PERFORM 1 FROM "contractors" WHERE "id" = cid FOR UPDATE;
    UPDATE "contractors" c SET "rating" = s."rating", "review_count" = s."n"
      FROM (
        SELECT coalesce(round(avg("rating")::numeric, 1), 0)::double precision AS "rating", count(*)::integer AS "n"
        FROM "reviews" WHERE "contractor_id" = cid AND "status" = 'published'
      ) s
      WHERE c."id" = cid AND (c."rating", c."review_count") IS DISTINCT FROM (s."rating", s."n");
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_contractor_rating"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "rating", "contractor_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION keep_contractor_rating();
--> statement-breakpoint
-- Ratings before this were typed in, not earned: nothing stands behind them, so they start from the reviews (none yet).
UPDATE "contractors" SET "rating" = 0, "review_count" = 0 WHERE "rating" <> 0 OR "review_count" <> 0;
