-- The demand by city (docs/decisions/1602) reads only saved searches, so its public-read cache entry is kept
-- across listing changes; a write to the searches' columns it reads notifies on the same channel with the
-- table's name, and each instance then refreshes that entry (served once more while the refresh runs).
-- Statement-level: a batch sends one notification. Alert bookkeeping (last_alert_at) does not notify.
CREATE TRIGGER saved_searches_notify_public_reads
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF user_id, city_key, country_key, space_type_key, max_price, system, near_lat, near_lng, unsubscribed_at
  ON saved_searches FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_reads();
