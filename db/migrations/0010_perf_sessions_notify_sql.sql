-- Session cache invalidation (docs/decisions/0704): whenever a session is updated or deleted (sign-out,
-- revocation, password reset, suspension, expiry clean-up, a cascade from its user) or a user is updated
-- or deleted, every API instance listening on 'farmspace_sessions' drops the cached sessions of those
-- users. Statement-level with transition tables, so a batch sends one notification per statement: the
-- distinct user ids separated by commas, or '*' (drop everything) when they would not fit in a payload.
-- Delivered at commit. Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION farmspace_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('farmspace_sessions', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT user_id::text, ',') INTO ids FROM old_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7000 THEN
    ids := '*';
  END IF;
  PERFORM pg_notify('farmspace_sessions', ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_sessions();
