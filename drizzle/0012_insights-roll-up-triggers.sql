-- Insights' daily roll-up forgets a day whenever a fact of that day changes (docs/decisions/041).
-- Every writer of orders, their status history, the wallet, add-ons and shouts goes through these
-- triggers, in its own transaction; the next read builds the day again from the facts.

-- The time zone of restaurants placed before it existed, from their coordinates (US zones).
UPDATE "restaurants" SET "time_zone" = CASE
  WHEN "longitude" < -154 AND "latitude" < 23 THEN 'Pacific/Honolulu'
  WHEN "latitude" > 51 AND "longitude" < -129 THEN 'America/Anchorage'
  WHEN "longitude" BETWEEN -114.82 AND -109.04 AND "latitude" BETWEEN 31.3 AND 37.0 THEN 'America/Phoenix'
  WHEN "longitude" < -114.5 THEN 'America/Los_Angeles'
  WHEN "longitude" < -102 THEN 'America/Denver'
  WHEN "longitude" < -86.5 THEN 'America/Chicago'
  ELSE 'America/New_York' END
WHERE "latitude" BETWEEN 15 AND 72 AND "longitude" BETWEEN -180 AND -60;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_forget_day(rid integer, placed timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  BEGIN
    SELECT (placed AT TIME ZONE r.time_zone)::date INTO d FROM restaurants r WHERE r.id = rid;
  EXCEPTION WHEN invalid_parameter_value THEN
    -- A zone this database does not know: no day of it can be built; never fail the writer.
    DELETE FROM insights_days WHERE restaurant_id = rid;
    RETURN;
  END;
  IF d IS NULL THEN RETURN; END IF;
  -- A build of this day holds the lock exclusively: wait for it, then delete what it wrote.
  PERFORM pg_advisory_xact_lock_shared(rid, d - DATE '2000-01-01');
  DELETE FROM insights_days WHERE restaurant_id = rid AND day = d;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_forget_order(oid integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  rid integer;
  placed timestamptz;
BEGIN
  SELECT restaurant_id, created_at INTO rid, placed FROM orders WHERE id = oid;
  IF rid IS NOT NULL THEN PERFORM insights_forget_day(rid, placed); END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_forget_reference(ref text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ref ~ '^order:[0-9]{1,9}$' THEN
    PERFORM insights_forget_order(substring(ref FROM 7)::integer);
  ELSIF ref ~ '^chef_shout:[0-9]{1,9}$' THEN
    PERFORM insights_forget_order((SELECT order_id FROM chef_shouts WHERE id = substring(ref FROM 12)::integer));
  ELSIF ref ~ '^upsell:[0-9]{1,9}$' THEN
    PERFORM insights_forget_order((SELECT order_id FROM upsells WHERE id = substring(ref FROM 8)::integer));
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_order_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM insights_forget_day(OLD.restaurant_id, OLD.created_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM insights_forget_day(NEW.restaurant_id, NEW.created_at); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_order_changed
AFTER INSERT OR DELETE OR UPDATE OF status, items, created_at, fulfilment, promised_at, source, restaurant_id, is_showcase
ON orders FOR EACH ROW EXECUTE FUNCTION insights_order_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_order_part_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM insights_forget_order(OLD.order_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM insights_forget_order(NEW.order_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_order_event_changed AFTER INSERT OR UPDATE OR DELETE
ON order_events FOR EACH ROW EXECUTE FUNCTION insights_order_part_changed();
--> statement-breakpoint
CREATE TRIGGER insights_upsell_changed AFTER INSERT OR UPDATE OR DELETE
ON upsells FOR EACH ROW EXECUTE FUNCTION insights_order_part_changed();
--> statement-breakpoint
CREATE TRIGGER insights_chef_shout_changed AFTER INSERT OR UPDATE OR DELETE
ON chef_shouts FOR EACH ROW EXECUTE FUNCTION insights_order_part_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_wallet_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.type IN ('tip', 'chef_shout', 'upsell') THEN
    PERFORM insights_forget_reference(OLD.reference);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type IN ('tip', 'chef_shout', 'upsell') THEN
    PERFORM insights_forget_reference(NEW.reference);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_wallet_changed AFTER INSERT OR UPDATE OR DELETE
ON wallet_transactions FOR EACH ROW EXECUTE FUNCTION insights_wallet_changed();
--> statement-breakpoint
-- A new time zone moves every day's bounds; the stations come from the kitchen's settings.
CREATE OR REPLACE FUNCTION insights_restaurant_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insights_days WHERE restaurant_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_restaurant_changed AFTER UPDATE OF time_zone, kitchen_settings
ON restaurants FOR EACH ROW
WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.kitchen_settings IS DISTINCT FROM NEW.kitchen_settings)
EXECUTE FUNCTION insights_restaurant_changed();
--> statement-breakpoint
-- A dish's category says its station.
CREATE OR REPLACE FUNCTION insights_menu_item_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insights_days WHERE restaurant_id = OLD.restaurant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_menu_item_moved AFTER UPDATE OF category, restaurant_id
ON menu_items FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
EXECUTE FUNCTION insights_menu_item_changed();
--> statement-breakpoint
CREATE TRIGGER insights_menu_item_deleted AFTER DELETE
ON menu_items FOR EACH ROW EXECUTE FUNCTION insights_menu_item_changed();
--> statement-breakpoint
-- Dishes sold out before the history was kept: out since now, by no one known.
INSERT INTO "menu_item_availability" ("menu_item_id", "restaurant_id", "is_available")
SELECT "id", "restaurant_id", false FROM "menu_items" WHERE NOT "is_available";
