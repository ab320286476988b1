import { z } from 'zod';
import { billingDetails, billingDetailsRequest } from './billing-details.ts';
import { emailField, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';

// Issue 12, organisations part 1: the creation wizard (spec sections 2 "Organisation creation",
// 3 "Organisation" and "Plans", 5 "Organisation", 6 "Organisation types", 8 and 9). One schema per
// step, the same on the web form and the server; the whole request is the three steps together.

/** Spec section 6, in the order the wizard offers them. */
export const organisationTypes = ['business', 'human_capital_expert', 'investor', 'event_organiser'] as const;
export type OrganisationType = (typeof organisationTypes)[number];

/** Spec section 3 "Plans": monthly, quarterly (billed every 3 months), annual, and the event organiser's contract. */
export const billingPlans = ['monthly', 'quarterly', 'annual', 'contract'] as const;
export type BillingPlan = (typeof billingPlans)[number];

/** The plans a type may choose: an event organiser's terms are discussed separately (spec 6), the others pay per period. */
export function plansFor(type: OrganisationType): readonly BillingPlan[] {
  return type === 'event_organiser' ? ['contract'] : ['monthly', 'quarterly', 'annual'];
}

/** Spec section 9. */
export const organisationLimits = {
  businessDescriptionMin: 300,
  businessDescriptionMax: 64_000,
  minUsers: 1,
  minPortfolioCompanies: 1,
  minEmployees: 3,
} as const;

/** Spec sections 5 and 8, and our wording where the spec names a rule without its message. */
export const organisationMessages = {
  /** Spec 8: the final submit finds no name in what was entered. */
  nameNotDefined: 'Organization name is not defined in formData!',
  /** Spec 5 "lists cannot be empty". */
  listEmpty: 'The list cannot be empty',
  atLeastOneService: 'Choose at least one service',
  unknownService: 'This service is not on offer',
  serviceTwice: 'This service is chosen twice',
  chooseType: 'Choose the type of organisation',
  choosePlan: 'Choose a billing plan',
  planNotForType: 'This plan is not available for this type of organisation',
  descriptionTooShort: `Must be at least ${organisationLimits.businessDescriptionMin} characters`,
  descriptionTooLong: `May not be longer than ${organisationLimits.businessDescriptionMax.toLocaleString('en')} characters`,
  atLeastUsers: (count: number) => `Add at least ${count} ${count === 1 ? 'user' : 'users'}`,
  atLeastPortfolioCompanies: (count: number) => `Add at least ${count} portfolio ${count === 1 ? 'company' : 'companies'}`,
  atLeastEmployees: (count: number) => `Add at least ${count} employees`,
  emailTwice: 'This e-mail address is already in the list',
  draftSaved: 'Draft saved',
  created: 'Your organisation has been created.',
} as const;

const maxLength = (max: number) => ({ error: `May not be longer than ${max} characters` });
const text = (max: number) => requiredString.pipe(z.string().max(max, maxLength(max)));
const email = emailField.pipe(z.string().max(254, maxLength(254)));
/** Optional text: empty or blank is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLength(max))
    .nullish()
    .transform((value) => (value ? value : null));
const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email({ error: validationMessages.email }).max(254, maxLength(254)).nullable());

// ---- Step 1: type and services ----

export const serviceChoice = z.object({
  product_id: z.uuid({ error: organisationMessages.unknownService }),
  quantity: z.coerce.number({ error: validationMessages.required }).int({ error: 'Must be a whole number' }).min(1, { error: validationMessages.minimalQuantity(1) }).max(100_000, { error: 'May not be more than 100,000' }),
});
export type ServiceChoice = z.infer<typeof serviceChoice>;

export const organisationTypeStep = z.object({
  type: z.enum(organisationTypes, { error: organisationMessages.chooseType }),
  services: z
    .array(serviceChoice)
    .min(1, { error: organisationMessages.atLeastOneService })
    .superRefine((services, context) => {
      const seen = new Set<string>();
      services.forEach((service, index) => {
        if (seen.has(service.product_id)) context.addIssue({ code: 'custom', path: [index, 'product_id'], message: organisationMessages.serviceTwice });
        seen.add(service.product_id);
      });
    }),
});
export type OrganisationTypeStep = z.infer<typeof organisationTypeStep>;

/** A chosen quantity below the service's minimum: null when it is enough (spec 5 'Minimal quantity is {value}'). */
export function quantityRefusal(quantity: number, minimumQuantity: number): string | null {
  return quantity < minimumQuantity ? validationMessages.minimalQuantity(minimumQuantity) : null;
}

// ---- Step 2: details ----

/** A person who uses the organisation's account (spec 3 "users": position title, full name, email). */
export const organisationUser = z.object({
  position_title: text(200),
  full_name: text(200),
  email,
});
export type OrganisationUser = z.infer<typeof organisationUser>;

/** Spec 3 "portfolio companies": company name, representative email. */
export const portfolioCompany = z.object({
  company_name: text(200),
  representative_email: email,
});
export type PortfolioCompany = z.infer<typeof portfolioCompany>;

/** Spec 3 "employees": position title, name, email; spec 5 requires the name and a valid e-mail. */
export const organisationEmployee = z.object({
  position_title: optionalText(200),
  name: text(200),
  email,
});
export type OrganisationEmployee = z.infer<typeof organisationEmployee>;

/** A list's own message first when it is empty (spec 5 "lists cannot be empty"), then its minimum. */
function listOf<T extends z.ZodType<object>>(row: T, minimum: number, tooFew: string, emailOf: (row: z.infer<T>) => string) {
  return z
    .array(row, { error: organisationMessages.listEmpty })
    .superRefine((rows, context) => {
      if (rows.length === 0) context.addIssue({ code: 'custom', message: organisationMessages.listEmpty });
      else if (rows.length < minimum) context.addIssue({ code: 'custom', message: tooFew });
      const seen = new Set<string>();
      rows.forEach((value, index) => {
        const address = emailOf(value).toLowerCase();
        if (seen.has(address)) context.addIssue({ code: 'custom', path: [index, emailFieldOf(value)], message: organisationMessages.emailTwice });
        seen.add(address);
      });
    });
}

function emailFieldOf(row: object): string {
  return 'representative_email' in row ? 'representative_email' : 'email';
}

export const usersList = listOf(organisationUser, organisationLimits.minUsers, organisationMessages.atLeastUsers(organisationLimits.minUsers), (row) => row.email);
export const portfolioCompaniesList = listOf(
  portfolioCompany,
  organisationLimits.minPortfolioCompanies,
  organisationMessages.atLeastPortfolioCompanies(organisationLimits.minPortfolioCompanies),
  (row) => row.representative_email,
);
export const employeesList = listOf(organisationEmployee, organisationLimits.minEmployees, organisationMessages.atLeastEmployees(organisationLimits.minEmployees), (row) => row.email);

/** The details every type gives. */
const commonDetails = {
  name: text(200),
  address: text(500),
  registration_number: text(100),
  vat_code: text(50),
  business_description: requiredString.pipe(
    z
      .string()
      .min(organisationLimits.businessDescriptionMin, { error: organisationMessages.descriptionTooShort })
      .max(organisationLimits.businessDescriptionMax, { error: organisationMessages.descriptionTooLong }),
  ),
  registrar_name: optionalText(200),
  registrar_email: optionalEmail,
  registrar_phone: optionalText(50),
  users: usersList,
};

/** Step 2 by type: the lists each type keeps (spec 3 and 9). */
export const organisationDetailsByType = {
  business: z.object({ ...commonDetails, employees: employeesList }),
  human_capital_expert: z.object({ ...commonDetails, employees: employeesList }),
  investor: z.object({ ...commonDetails, portfolio_companies: portfolioCompaniesList }),
  event_organiser: z.object({ ...commonDetails, nature_of_event: text(2_000) }),
} as const satisfies Record<OrganisationType, z.ZodType>;

export type OrganisationDetails = {
  name: string;
  address: string;
  registration_number: string;
  vat_code: string;
  business_description: string;
  registrar_name: string | null;
  registrar_email: string | null;
  registrar_phone: string | null;
  users: OrganisationUser[];
  employees?: OrganisationEmployee[];
  portfolio_companies?: PortfolioCompany[];
  nature_of_event?: string;
};

// ---- Step 3: plan and billing details ----

export const organisationPlanStep = z.object({
  plan: z.enum(billingPlans, { error: organisationMessages.choosePlan }),
  billing_details: billingDetailsRequest,
});
export type OrganisationPlanStep = z.infer<typeof organisationPlanStep>;

// ---- The whole request ----

/**
 * `POST /api/organisations`: the three steps together. The details are checked with the schema of
 * the chosen type, so the server's 422 names the row and field (`details.employees.2.email`).
 */
export const createOrganisationRequest = z
  .object({
    /** Made by the wizard once per submission: a retried submit answers with the organisation it made. */
    creation_key: z.uuid({ error: validationMessages.required }),
    type: organisationTypeStep.shape.type,
    services: organisationTypeStep.shape.services,
    details: z.record(z.string(), z.unknown(), { error: validationMessages.required }),
    plan: organisationPlanStep.shape.plan,
    billing_details: billingDetailsRequest,
  })
  .transform((request, context) => {
    const parsed = organisationDetailsByType[request.type].safeParse(request.details);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ ...issue, code: 'custom', path: ['details', ...issue.path] });
      return z.NEVER;
    }
    if (!plansFor(request.type).includes(request.plan)) {
      context.addIssue({ code: 'custom', path: ['plan'], message: organisationMessages.planNotForType });
      return z.NEVER;
    }
    return { ...request, details: parsed.data as OrganisationDetails };
  });
export type CreateOrganisationRequest = z.output<typeof createOrganisationRequest>;
export type CreateOrganisationInput = z.input<typeof createOrganisationRequest>;

/** Whether a request body names the organisation at all (spec 8: the final submit without a name). */
export function hasOrganisationName(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('details' in body)) return false;
  const details = (body as { details: unknown }).details;
  if (typeof details !== 'object' || details === null || !('name' in details)) return false;
  const name = (details as { name: unknown }).name;
  return typeof name === 'string' && name.trim() !== '';
}

// ---- The wizard's draft (kept on the server, so it follows the user to another device) ----

/** The steps of the wizard: type and services, details, billing plan. */
export const wizardSteps = ['type', 'details', 'plan'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/**
 * `PUT /api/organisations/draft`: what was entered so far, as typed, not yet valid (a half-filled
 * step is kept). Only its size and shape are checked; the steps' rules apply on Next and on submit.
 */
export const organisationDraft = z.object({
  step: z.enum(wizardSteps),
  form: z.record(z.string(), z.unknown()),
});
export type OrganisationDraft = z.infer<typeof organisationDraft>;

/** The largest draft kept: a 64,000-character description and a few thousand listed people. */
export const maxDraftBytes = 1_000_000;

/** `GET`/`PUT /api/organisations/draft`: `{ data: draft }`, null when there is none. */
export const organisationDraftEnvelope = z.object({
  data: organisationDraft.extend({ updated_at: z.iso.datetime() }).nullable(),
});
export type OrganisationDraftEnvelope = z.infer<typeof organisationDraftEnvelope>;

// ---- Answers ----

export const organisationRoles = ['owner', 'admin', 'member'] as const;
export type OrganisationRole = (typeof organisationRoles)[number];

/** An organisation's life: created, waiting for its first payment; active; past due (read-only); cancelled. */
export const organisationStatuses = ['pending_activation', 'active', 'past_due', 'cancelled'] as const;
export type OrganisationStatus = (typeof organisationStatuses)[number];

export const organisationService = z.object({
  product_id: z.string(),
  product_sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  minimum_quantity: z.number().int(),
  unit_price: z.number().int(),
});

export const organisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(organisationTypes),
  status: z.enum(organisationStatuses),
  plan: z.enum(billingPlans),
  role: z.enum(organisationRoles),
  created_at: z.iso.datetime(),
});
export type OrganisationSummary = z.infer<typeof organisationSummary>;

export const organisation = organisationSummary.extend({
  address: z.string(),
  registration_number: z.string(),
  vat_code: z.string(),
  business_description: z.string(),
  registrar_name: z.string().nullable(),
  registrar_email: z.string().nullable(),
  registrar_phone: z.string().nullable(),
  nature_of_event: z.string().nullable(),
  services: z.array(organisationService),
  counts: z.object({ users: z.number().int(), employees: z.number().int(), portfolio_companies: z.number().int(), members: z.number().int() }),
  billing_details: billingDetails.omit({ updated_at: true }),
});
export type Organisation = z.infer<typeof organisation>;

/** `GET /api/organisations`: the caller's organisations, newest first. */
export const organisationList = z.object({ data: z.array(organisationSummary) });
export type OrganisationList = z.infer<typeof organisationList>;

/** `POST /api/organisations` (201) and `GET /api/organisations/{id}`. */
export const organisationEnvelope = z.object({ data: organisation });
export type OrganisationEnvelope = z.infer<typeof organisationEnvelope>;
