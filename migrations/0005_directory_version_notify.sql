-- Also announce each new directory version, so a process that is the database's only client
-- (the embedded one) can keep the version in memory instead of reading it for every request.
CREATE OR REPLACE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_state" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  PERFORM pg_notify('directory_version', '');
  RETURN NULL;
END
$$;
