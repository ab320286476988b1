-- Subscriptions (issue 12): a plan and service quantities chosen for the next period on.
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_quantities" jsonb;