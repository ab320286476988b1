ALTER TABLE "subscription_invoices" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_provider_invoice_unique" ON "subscription_invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_unique" ON "subscriptions" USING btree ("provider_subscription_id");