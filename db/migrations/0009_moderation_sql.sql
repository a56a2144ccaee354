-- Issue 19, hand-written SQL (carried over verbatim at merge).
-- 1. The audit log is append-only, enforced by the database itself: no UPDATE, DELETE or TRUNCATE, from
--    any code path or database shell (docs/decisions/1002).
CREATE OR REPLACE FUNCTION farmspace_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION farmspace_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_audit_log_append_only();
--> statement-breakpoint
-- 2. Daily counts for the console's overview (docs/decisions/1003): statement-level triggers with transition
--    tables, so a batch of a million rows adds one row per day, not a million upserts.
CREATE OR REPLACE FUNCTION farmspace_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts (day, metric, value)
  SELECT (created_at AT TIME ZONE 'UTC')::date, TG_ARGV[0], count(*) FROM new_rows GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_daily AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_inserted('new_users');
--> statement-breakpoint
CREATE TRIGGER messages_count_daily AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_inserted('messages');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION farmspace_count_inquiries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts (day, metric, value)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'inquiries', count(*) FROM new_rows GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  INSERT INTO space_daily_stats (space_id, day, inquiries)
  SELECT space_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (space_id, day) DO UPDATE SET inquiries = space_daily_stats.inquiries + excluded.inquiries;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inquiries_count_daily AFTER INSERT ON inquiries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_inquiries();
--> statement-breakpoint
-- A listing is published once: the first time its fee is paid (has_listing_fee false → true).
CREATE OR REPLACE FUNCTION farmspace_count_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts (day, metric, value)
  SELECT (n.updated_at AT TIME ZONE 'UTC')::date, 'listings_published', count(*)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.has_listing_fee AND NOT o.has_listing_fee AND NOT n.is_demo_listing GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER spaces_count_published AFTER UPDATE ON spaces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_published();
--> statement-breakpoint
-- Revenue on the day a payment succeeded; refunds on the day the money went back (both in cents).
CREATE OR REPLACE FUNCTION farmspace_count_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts (day, metric, value)
  SELECT (n.paid_at AT TIME ZONE 'UTC')::date, 'revenue_cents', sum(round(n.amount * 100))::bigint
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'succeeded' AND o.status <> 'succeeded' AND n.paid_at IS NOT NULL GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  INSERT INTO daily_counts (day, metric, value)
  SELECT (n.refunded_at AT TIME ZONE 'UTC')::date, 'refunds_cents', sum(round(n.amount * 100))::bigint
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.refunded_at IS NOT NULL AND o.refunded_at IS NULL GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_count_daily AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_payments();
--> statement-breakpoint
-- 3. The history so far, counted once.
INSERT INTO daily_counts (day, metric, value)
SELECT (created_at AT TIME ZONE 'UTC')::date, 'new_users', count(*) FROM users GROUP BY 1
UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'messages', count(*) FROM messages GROUP BY 1
UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'inquiries', count(*) FROM inquiries GROUP BY 1
UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'listings_published', count(*) FROM spaces WHERE has_listing_fee AND NOT is_demo_listing GROUP BY 1
UNION ALL SELECT (paid_at AT TIME ZONE 'UTC')::date, 'revenue_cents', sum(round(amount * 100))::bigint FROM payments WHERE status = 'succeeded' AND paid_at IS NOT NULL GROUP BY 1
ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
--> statement-breakpoint
INSERT INTO space_daily_stats (space_id, day, inquiries)
SELECT space_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM inquiries GROUP BY 1, 2
ON CONFLICT (space_id, day) DO NOTHING;
