-- Organisations (issue 12): the organisation, its members with their roles, the services it chose,
-- the people listed in the creation wizard, and the wizard's draft (one per account).
CREATE TABLE "organisation_drafts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"form" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_drafts_step_known" CHECK ("organisation_drafts"."step" in ('type', 'details', 'plan'))
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "organisation_members_role_known" CHECK ("organisation_members"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "organisation_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"list" text NOT NULL,
	"position_title" text,
	"full_name" text,
	"company_name" text,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_people_list_known" CHECK ("organisation_people"."list" in ('user', 'employee', 'portfolio_company'))
);
--> statement-breakpoint
CREATE TABLE "organisation_services" (
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "organisation_services_organisation_id_product_id_pk" PRIMARY KEY("organisation_id","product_id"),
	CONSTRAINT "organisation_services_quantity_positive" CHECK ("organisation_services"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"registration_number" text NOT NULL,
	"vat_code" text NOT NULL,
	"business_description" text NOT NULL,
	"registrar_name" text,
	"registrar_email" text,
	"registrar_phone" text,
	"nature_of_event" text,
	"plan" text NOT NULL,
	"status" text DEFAULT 'pending_activation' NOT NULL,
	"sales_follow_up" boolean DEFAULT false NOT NULL,
	"billing_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"billing_address_line_1" text NOT NULL,
	"billing_address_line_2" text,
	"billing_city" text NOT NULL,
	"billing_postal_code" text NOT NULL,
	"billing_country" text NOT NULL,
	"billing_county" text,
	"created_by" uuid,
	"creation_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "organisations_type_known" CHECK ("organisations"."type" in ('business', 'human_capital_expert', 'investor', 'event_organiser')),
	CONSTRAINT "organisations_plan_known" CHECK ("organisations"."plan" in ('monthly', 'quarterly', 'annual', 'contract')),
	CONSTRAINT "organisations_status_known" CHECK ("organisations"."status" in ('pending_activation', 'active', 'past_due', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "organisation_drafts" ADD CONSTRAINT "organisation_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_people" ADD CONSTRAINT "organisation_people_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_services" ADD CONSTRAINT "organisation_services_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_services" ADD CONSTRAINT "organisation_services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_people_email_unique" ON "organisation_people" USING btree ("organisation_id","list",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_creation_key_unique" ON "organisations" USING btree ("creation_key");--> statement-breakpoint
CREATE INDEX "organisations_created_by_idx" ON "organisations" USING btree ("created_by");