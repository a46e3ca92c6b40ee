-- Two homeowners reviewing one contractor at the same moment could deadlock (tests/api/reviews.test.ts,
-- "keeps every review when two homeowners answer at the same moment"): each review's insert holds a
-- KEY SHARE lock on the contractor row (the foreign key) and the rating trigger then asked for FOR
-- UPDATE, which waits for the other's KEY SHARE. The trigger now takes FOR NO KEY UPDATE, which the
-- KEY SHARE locks do not block and which still serialises the two counts (docs/decisions/0055-computed-rating.md).
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
    -- review committed before the lock was granted, and two reviews at once cannot lose one. NO KEY
    -- UPDATE, the lock the UPDATE below takes anyway: FOR UPDATE would wait for the KEY SHARE lock
    -- another review's insert holds on the contractor (its foreign key), while that one waits for
    -- this one's: a deadlock.
    PERFORM 1 FROM "contractors" WHERE "id" = cid FOR NO KEY UPDATE;
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
