-- Issue 11, "Buying digital content in the EU": the buyer's request for immediate delivery and
-- acknowledgement of the lost right of withdrawal, with the wording ticked, kept on the order for
-- its invoice. Orders placed before the checkbox have neither.
ALTER TABLE "orders" ADD COLUMN "digital_content_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "digital_content_consent_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_digital_content_consent_complete" CHECK (("orders"."digital_content_consent_at" is null) = ("orders"."digital_content_consent_text" is null));
