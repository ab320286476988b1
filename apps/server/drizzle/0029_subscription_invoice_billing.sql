-- Subscription invoices (issue 12) keep the billing details as an order does (the shop's invoice PDF prints them).
ALTER TABLE "subscription_invoices" ADD COLUMN "billing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" DROP COLUMN "billing_name";--> statement-breakpoint
ALTER TABLE "subscription_invoices" DROP COLUMN "billing_email";--> statement-breakpoint
ALTER TABLE "subscription_invoices" DROP COLUMN "billing_address";--> statement-breakpoint
ALTER TABLE "subscription_invoices" DROP COLUMN "billing_country";