CREATE TABLE "subscription_card_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_method_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_card_changes_status_known" CHECK ("subscription_card_changes"."status" in ('pending', 'succeeded', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "subscription_card_changes" ADD CONSTRAINT "subscription_card_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_card_changes" ADD CONSTRAINT "subscription_card_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_card_changes_key_unique" ON "subscription_card_changes" USING btree ("subscription_id","idempotency_key");