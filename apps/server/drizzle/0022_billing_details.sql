-- Issue 16, "billing details are never remembered": the account's personal billing details (spec
-- section 3 "Billing details"), one row per account, gone with the account.
CREATE TABLE "billing_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"billing_email" text NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"county" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The checkout's "Remember these billing details": saved by the paid transition (fulfil).
ALTER TABLE "orders" ADD COLUMN "remember_billing_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The basket is priced for the account's country (saved billing details, else the country of
-- birth), so a change of either announces the user on basket_changes (modules/shop/basket/basket-changes.ts).
CREATE TRIGGER billing_details_basket_change AFTER INSERT OR UPDATE OR DELETE ON billing_details
  FOR EACH ROW EXECUTE FUNCTION notify_basket_change();
--> statement-breakpoint
CREATE TRIGGER billing_details_truncated AFTER TRUNCATE ON billing_details
  FOR EACH STATEMENT EXECUTE FUNCTION notify_basket_change('*');
--> statement-breakpoint
CREATE FUNCTION notify_basket_country_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('basket_changes', NEW.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_birth_country_basket_change AFTER UPDATE OF country_code ON users
  FOR EACH ROW WHEN (OLD.country_code IS DISTINCT FROM NEW.country_code)
  EXECUTE FUNCTION notify_basket_country_change();
