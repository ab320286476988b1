-- Tells every server instance whose priced baskets changed (modules/shop/basket/basket-changes.ts), on
-- channel basket_changes. GET /api/cart's read (load_basket_json) touches a user's carts row, their
-- cart_items and their coupon_redemptions (their uses of the applied coupon): a change to any of
-- them sends that user's id (the old and the new owner of the row, should it ever move). It also
-- reads products and coupons (prices, minimums, availability, the coupon's terms and its total
-- count `redeemed`), which every basket may hold: their change sends '*' (drop all). A new product
-- or coupon is in no basket yet (putting it in one changes carts or cart_items), so inserting them
-- sends nothing. TRUNCATE of any of the five sends '*'.
CREATE FUNCTION notify_basket_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('basket_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('basket_changes', OLD.user_id::text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- Sent twice for an UPDATE that keeps the owner: PostgreSQL folds equal payloads of one transaction.
    IF NEW.user_id IS NOT NULL THEN
      PERFORM pg_notify('basket_changes', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER carts_basket_change AFTER INSERT OR UPDATE OR DELETE ON carts
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change();
--> statement-breakpoint
CREATE TRIGGER cart_items_basket_change AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change();
--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_basket_change AFTER INSERT OR UPDATE OR DELETE ON coupon_redemptions
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change();
--> statement-breakpoint
CREATE TRIGGER products_basket_change AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER coupons_basket_change AFTER UPDATE OR DELETE ON coupons
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER carts_truncated AFTER TRUNCATE ON carts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER cart_items_truncated AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_truncated AFTER TRUNCATE ON coupon_redemptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE TRIGGER coupons_truncated AFTER TRUNCATE ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
