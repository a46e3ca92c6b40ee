-- Approved photos are part of what the directory shows (the card's logo, the profile's photos, the
-- gallery), so a write to one moves the versions of the counties listing its contractor, as any
-- other write to a listing does (docs/decisions/0101-read-model-per-county.md,
-- docs/decisions/0112-photos-on-the-public-site.md). A photo that is not approved before or after
-- the write is not public: uploads, pending captions and rejections of pending photos move nothing.
CREATE FUNCTION directory_version_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT DISTINCT "contractor_id" FROM new_rows WHERE "status" = 'approved')));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(SELECT DISTINCT "contractor_id" FROM old_rows WHERE "status" = 'approved')));
  ELSE
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(
      SELECT "contractor_id" FROM old_rows WHERE "status" = 'approved'
      UNION SELECT "contractor_id" FROM new_rows WHERE "status" = 'approved')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractor_photos_directory_version_insert"
  AFTER INSERT ON "contractor_photos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photos();
--> statement-breakpoint
CREATE TRIGGER "contractor_photos_directory_version_delete"
  AFTER DELETE ON "contractor_photos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photos();
--> statement-breakpoint
CREATE TRIGGER "contractor_photos_directory_version_update"
  AFTER UPDATE ON "contractor_photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photos();
--> statement-breakpoint
-- A photo's files: written with a pending photo and deleted before it, so they rarely touch an
-- approved one; the sample data writes approved photos' files, and a file of an approved photo
-- must never change unseen.
CREATE FUNCTION directory_version_photo_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(
      SELECT DISTINCT p."contractor_id" FROM new_rows n JOIN "contractor_photos" p ON p."id" = n."photo_id" WHERE p."status" = 'approved')));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(
      SELECT DISTINCT p."contractor_id" FROM old_rows o JOIN "contractor_photos" p ON p."id" = o."photo_id" WHERE p."status" = 'approved')));
  ELSE
    PERFORM bump_directory_versions(counties_of_contractors(ARRAY(
      SELECT p."contractor_id" FROM (SELECT "photo_id" FROM old_rows UNION SELECT "photo_id" FROM new_rows) v
        JOIN "contractor_photos" p ON p."id" = v."photo_id" WHERE p."status" = 'approved')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractor_photo_variants_directory_version_insert"
  AFTER INSERT ON "contractor_photo_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photo_variants();
--> statement-breakpoint
CREATE TRIGGER "contractor_photo_variants_directory_version_delete"
  AFTER DELETE ON "contractor_photo_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photo_variants();
--> statement-breakpoint
CREATE TRIGGER "contractor_photo_variants_directory_version_update"
  AFTER UPDATE ON "contractor_photo_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_version_photo_variants();
