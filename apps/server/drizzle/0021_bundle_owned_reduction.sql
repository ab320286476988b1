-- Issue 16, "a bundle and its single reports": a bundle is priced down by the reports its buyer
-- already owns. An order line keeps the catalogue price of one unit and the owned reports the
-- reduction stood for, for the invoice; lines placed before have neither (list price = unit price).
ALTER TABLE "order_lines" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "owned_report_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The basket's price now depends on the reports a user owns, so a grant given or taken away
-- announces the user on basket_changes like a change to their basket (modules/shop/basket/basket-changes.ts).
-- A status change of a grant changes no ownership and sends nothing.
CREATE TRIGGER granted_reports_basket_change AFTER INSERT OR DELETE ON granted_reports
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change();
--> statement-breakpoint
CREATE TRIGGER granted_reports_truncated_basket AFTER TRUNCATE ON granted_reports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
