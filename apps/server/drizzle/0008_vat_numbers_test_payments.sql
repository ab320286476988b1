CREATE TABLE "payment_customer_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"confirmation_id" text,
	"failure_code" text,
	"failure_message" text,
	"method_to_save" jsonb,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number_consultation" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customer_deletions_customer_unique" ON "payment_customer_deletions" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "test_provider_methods_customer_idx" ON "test_provider_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_payments_idempotency_unique" ON "test_provider_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_provider_payments_customer_idx" ON "test_provider_payments" USING btree ("customer_id");