ALTER TABLE "admin_users" ADD COLUMN "email" text;--> statement-breakpoint
-- A profile shown on one county's site names its canonical address on its home county's site
-- (docs/decisions/0106-county-emails-and-jobs.md), so a county whose address changes (its slug,
-- its public URL, which county is the default) moves every county's version: their snapshots
-- hold that address. Any other change to a county moves its own, as before (migration 0017).
CREATE OR REPLACE FUNCTION directory_version_regions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    -- The county is gone (its version with it): the others' host names still move with the global version.
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM "regions"));
  ELSIF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (o."slug", o."public_url", o."is_default") IS DISTINCT FROM (n."slug", n."public_url", n."is_default")
  ) THEN
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM "regions"));
  ELSE
    PERFORM bump_directory_versions(ARRAY(SELECT "id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
