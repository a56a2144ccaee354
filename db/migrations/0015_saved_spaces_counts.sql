-- Issue 19's "saves by farmers", hand-written (docs/decisions/1006): a first save of a listing by a farmer
-- counts once, on its day, in the owner's numbers (space_daily_stats.saves) and the console's totals
-- (daily_counts 'saves'). Saving again after unsaving updates the row and is not counted again.
CREATE OR REPLACE FUNCTION farmspace_count_saves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts (day, metric, value)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'saves', count(*) FROM new_rows GROUP BY 1
  ON CONFLICT (metric, day) DO UPDATE SET value = daily_counts.value + excluded.value;
  INSERT INTO space_daily_stats (space_id, day, saves)
  SELECT space_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (space_id, day) DO UPDATE SET saves = space_daily_stats.saves + excluded.saves;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER saved_spaces_count_daily AFTER INSERT ON saved_spaces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_count_saves();
