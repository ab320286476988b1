-- Issue 17, "caches proven". A change of a coupon (its count of uses moves with every checkout
-- that uses it) now announces 'coupon:' and the coupon's id on basket_changes instead of '*': only
-- the baskets that hold the coupon read its row, and the basket cache forgets just those
-- (modules/shop/basket/basket-changes.ts), where '*' dropped every cached basket on every
-- instance at each such checkout. TRUNCATE of coupons still sends '*' (migration
-- basket_change_notifications).
CREATE FUNCTION notify_coupon_basket_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('basket_changes', 'coupon:' || OLD.id::text);
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('basket_changes', 'coupon:' || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER coupons_basket_change ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_basket_change AFTER UPDATE OR DELETE ON coupons
  FOR EACH ROW EXECUTE FUNCTION notify_coupon_basket_change();
--> statement-breakpoint
-- A new product sends '*' too, where it sent nothing: a bundle is priced down by the cheapest
-- single product of each report its buyer owns (contract bundle-pricing.ts), so a new single can
-- change the price of baskets it is not in.
DROP TRIGGER products_basket_change ON products;
--> statement-breakpoint
CREATE TRIGGER products_basket_change AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change('*');
