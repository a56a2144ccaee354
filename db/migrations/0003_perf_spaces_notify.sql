-- Public-read cache invalidation (docs/decisions/0700): any write to spaces or blog_posts, from any code
-- path, notifies every API instance listening on 'farmspace_public_reads', which then drops its cached
-- public answers. Statement-level, so a batch of rows sends one notification; delivered at commit.
CREATE OR REPLACE FUNCTION farmspace_notify_public_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('farmspace_public_reads', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER spaces_notify_public_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON spaces
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_reads();
--> statement-breakpoint
CREATE TRIGGER blog_posts_notify_public_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_reads();
