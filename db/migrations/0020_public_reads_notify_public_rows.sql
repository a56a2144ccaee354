-- Public-read cache invalidation (docs/decisions/0700, 0800): a write to spaces notifies only when a row it
-- touched was or becomes public-listable, before or after the write: is_active AND (is_demo_listing OR
-- has_listing_fee), the predicate of publicSpacePredicate (api/src/modules/spaces/space-visibility.ts)
-- without its time part (an expired row still notifies: more often than needed, never less). A draft's
-- writes (its photos, its details before checkout) cannot change a public answer: they used to clear every
-- instance's cache, and each photo uploaded to a draft sent the next browse requests to the database at once.
-- Statement-level with transition tables (one trigger per event), so a batch still sends one notification.
CREATE OR REPLACE FUNCTION farmspace_notify_public_spaces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE is_active AND (is_demo_listing OR has_listing_fee)) THEN
      PERFORM pg_notify('farmspace_public_reads', TG_TABLE_NAME);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE is_active AND (is_demo_listing OR has_listing_fee)) THEN
      PERFORM pg_notify('farmspace_public_reads', TG_TABLE_NAME);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER spaces_notify_public_reads ON spaces;
--> statement-breakpoint
CREATE TRIGGER spaces_notify_public_reads_insert AFTER INSERT ON spaces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_spaces();
--> statement-breakpoint
CREATE TRIGGER spaces_notify_public_reads_update AFTER UPDATE ON spaces
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_spaces();
--> statement-breakpoint
CREATE TRIGGER spaces_notify_public_reads_delete AFTER DELETE ON spaces
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_spaces();
--> statement-breakpoint
CREATE TRIGGER spaces_notify_public_reads_truncate AFTER TRUNCATE ON spaces
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_reads();
