-- Organisation pricing (issue 12): the billing plans (months per period, discount) and what each
-- organisation type pays per month; rows come from the seed (src/db/seeds/organisation-pricing.ts).
CREATE TABLE "billing_plans" (
	"plan" text PRIMARY KEY NOT NULL,
	"months" integer,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_plan_known" CHECK ("billing_plans"."plan" in ('monthly', 'quarterly', 'annual', 'contract')),
	CONSTRAINT "billing_plans_months_positive" CHECK ("billing_plans"."months" is null or "billing_plans"."months" >= 1),
	CONSTRAINT "billing_plans_discount_in_range" CHECK ("billing_plans"."discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "organisation_type_prices" (
	"type" text PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"monthly_price" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_type_prices_type_known" CHECK ("organisation_type_prices"."type" in ('business', 'human_capital_expert', 'investor', 'event_organiser')),
	CONSTRAINT "organisation_type_prices_basis_known" CHECK ("organisation_type_prices"."basis" in ('organisation', 'portfolio_company', 'services', 'contract')),
	CONSTRAINT "organisation_type_prices_price_not_negative" CHECK ("organisation_type_prices"."monthly_price" >= 0)
);
