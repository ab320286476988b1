import type { OrganisationOffer } from '@app/contract/organisation-pricing';
import {
  organisationDetailsByType,
  organisationPlanStep,
  organisationTypeStep,
  plansFor,
  quantityRefusal,
  type BillingPlan,
  type CreateOrganisationInput,
  type OrganisationType,
  type WizardStep,
} from '@app/contract/organisations';
import { validationMessages } from '@app/contract/messages';
import { set, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';

// The creation wizard's one form (issue 12): the three steps' values together, as typed, so Back
// and Next keep everything and the draft is simply the form. Each step is checked with the
// contract's own schema for it when the user leaves it forwards; the submit checks all three.

export interface ServiceRow {
  product_id: string;
  selected: boolean;
  quantity: string;
}

export interface UserRow {
  position_title: string;
  full_name: string;
  email: string;
}

export interface EmployeeRow {
  position_title: string;
  name: string;
  email: string;
}

export interface PortfolioCompanyRow {
  company_name: string;
  representative_email: string;
}

export interface DetailsValues {
  name: string;
  address: string;
  registration_number: string;
  vat_code: string;
  business_description: string;
  registrar_name: string;
  registrar_email: string;
  registrar_phone: string;
  nature_of_event: string;
  users: UserRow[];
  employees: EmployeeRow[];
  portfolio_companies: PortfolioCompanyRow[];
}

export interface BillingValues {
  name: string;
  billing_email: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  postal_code: string;
  country: string;
  county: string;
}

export interface WizardValues {
  type: OrganisationType | '';
  /** One row per service on offer, in the offer's order. */
  services: ServiceRow[];
  details: DetailsValues;
  plan: BillingPlan | '';
  billing_details: BillingValues;
  /** Step 3's billing details are prefilled from step 2 once, the first time the step opens. */
  billing_prefilled: boolean;
}

export const emptyUser = (): UserRow => ({ position_title: '', full_name: '', email: '' });
export const emptyEmployee = (): EmployeeRow => ({ position_title: '', name: '', email: '' });
export const emptyPortfolioCompany = (): PortfolioCompanyRow => ({ company_name: '', representative_email: '' });

/** The lists each type keeps (spec 3 and 9). */
export function listsOf(type: OrganisationType | ''): { employees: boolean; portfolioCompanies: boolean; natureOfEvent: boolean } {
  return {
    employees: type === 'business' || type === 'human_capital_expert',
    portfolioCompanies: type === 'investor',
    natureOfEvent: type === 'event_organiser',
  };
}

/** The wizard as it opens without a draft: services at their minimum, 1 user, 3 employees, 1 portfolio company. */
export function initialWizardValues(offer: OrganisationOffer, billing: { email: string; country: string }): WizardValues {
  return {
    type: '',
    services: offer.services.map((service) => ({ product_id: service.id, selected: false, quantity: String(service.minimum_quantity) })),
    details: {
      name: '',
      address: '',
      registration_number: '',
      vat_code: '',
      business_description: '',
      registrar_name: '',
      registrar_email: '',
      registrar_phone: '',
      nature_of_event: '',
      users: [emptyUser()],
      // spec 5: at least 3 employees; the rows are there to fill in.
      employees: [emptyEmployee(), emptyEmployee(), emptyEmployee()],
      portfolio_companies: [emptyPortfolioCompany()],
    },
    plan: '',
    billing_details: { name: '', billing_email: billing.email, address_line_1: '', address_line_2: '', city: '', postal_code: '', country: billing.country, county: '' },
    billing_prefilled: false,
  };
}

/** Step 3 the first time it opens: the organisation's name and address from step 2 (spec: prefilled from step 2). */
export function prefillBilling(values: WizardValues): BillingValues {
  const billing = values.billing_details;
  return {
    ...billing,
    name: billing.name.trim() === '' ? values.details.name : billing.name,
    address_line_1: billing.address_line_1.trim() === '' ? values.details.address : billing.address_line_1,
  };
}

/** The plan step opens with the type's only plan chosen (the event organiser's contract), or with none. */
export function planFor(type: OrganisationType | '', plan: BillingPlan | ''): BillingPlan | '' {
  if (type === '') return plan;
  const plans = plansFor(type);
  if (plan !== '' && plans.includes(plan)) return plan;
  return plans.length === 1 ? (plans[0] ?? '') : '';
}

/** The chosen services as the contract takes them, with their row in the form. */
export function chosenServices(values: Pick<WizardValues, 'services'>): { product_id: string; quantity: number; row: number }[] {
  return values.services.flatMap((service, row) =>
    service.selected ? [{ product_id: service.product_id, quantity: service.quantity.trim() === '' ? Number.NaN : Number(service.quantity), row }] : [],
  );
}

type Path = readonly PropertyKey[];

function addError(errors: FieldErrors<WizardValues>, path: Path, message: string): void {
  const name = path.map(String).join('.');
  // The first message of a field wins, as the server's 422 lists them.
  if (hasError(errors, path)) return;
  set(errors, name, { type: 'validate', message });
}

function hasError(errors: FieldErrors<WizardValues>, path: Path): boolean {
  let node: unknown = errors;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return typeof node === 'object' && node !== null && 'message' in node;
}

const listNames = ['users', 'employees', 'portfolio_companies'] as const;

/** A list's own message ('The list cannot be empty') goes on `list.root`; a row's on its field. */
function detailsPath(path: Path): Path {
  const [first] = path;
  if (path.length === 1 && listNames.some((name) => name === first)) return ['details', first as string, 'root'];
  return ['details', ...path];
}

export function checkTypeStep(values: WizardValues, offer: OrganisationOffer, errors: FieldErrors<WizardValues>): void {
  const chosen = chosenServices(values);
  const parsed = organisationTypeStep.safeParse({ type: values.type === '' ? undefined : values.type, services: chosen.map(({ product_id, quantity }) => ({ product_id, quantity })) });
  // spec 5 'Minimal quantity is {value}' first: it says what to type.
  for (const service of chosen) {
    const minimum = offer.services.find((offered) => offered.id === service.product_id)?.minimum_quantity ?? 1;
    const path = ['services', service.row, 'quantity'];
    if (Number.isNaN(service.quantity)) addError(errors, path, validationMessages.required);
    const refusal = Number.isInteger(service.quantity) ? quantityRefusal(service.quantity, minimum) : null;
    if (refusal) addError(errors, path, refusal);
  }
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const [field, index, rest] = issue.path;
    if (field === 'type') addError(errors, ['type'], issue.message);
    else if (field === 'services' && typeof index === 'number') addError(errors, ['services', chosen[index]?.row ?? index, rest ?? 'quantity'], issue.message);
    else if (field === 'services') addError(errors, ['services', 'root'], issue.message);
  }
}

export function checkDetailsStep(values: WizardValues, errors: FieldErrors<WizardValues>): void {
  if (values.type === '') return;
  const parsed = organisationDetailsByType[values.type].safeParse(values.details);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) addError(errors, detailsPath(issue.path), issue.message);
}

export function checkPlanStep(values: WizardValues, errors: FieldErrors<WizardValues>): void {
  const parsed = organisationPlanStep.safeParse({ plan: values.plan === '' ? undefined : values.plan, billing_details: values.billing_details });
  if (parsed.success) return;
  for (const issue of parsed.error.issues) addError(errors, issue.path, issue.message);
}

export interface WizardContext {
  step: WizardStep;
  offer: OrganisationOffer;
}

/**
 * Checks the step the user is on (the form's context says which): the contract's schema of that
 * step, and the services' minimums from the offer. The values go on unchanged; the submit builds
 * the request from them (createOrganisationInput).
 */
export const wizardResolver: Resolver<WizardValues, WizardContext> = (values, context): ResolverResult<WizardValues> => {
  const errors: FieldErrors<WizardValues> = {};
  if (context?.step === 'type') checkTypeStep(values, context.offer, errors);
  else if (context?.step === 'details') checkDetailsStep(values, errors);
  else if (context?.step === 'plan') checkPlanStep(values, errors);
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The step of each top-level field, for a server 422 (the first step with an error opens). */
export function stepOfServerField(field: string): WizardStep | null {
  if (field === 'type' || field === 'services' || field.startsWith('services.')) return 'type';
  if (field === 'details' || field.startsWith('details.')) return 'details';
  if (field === 'plan' || field === 'billing_details' || field.startsWith('billing_details.')) return 'plan';
  return null;
}

/**
 * Where a server 422's field goes in this form: `details.employees.2.email` stays;
 * `details.employees` (the list's own message) goes on the list; `services.1.quantity` names the
 * second chosen service, which is the form's row of that service. Null for a field the form has not.
 */
export function formFieldOfServerField(field: string, values: Pick<WizardValues, 'services'>): string | null {
  const parts = field.split('.');
  const [top] = parts;
  if (top === 'type' || top === 'plan') return parts.length === 1 ? top : null;
  if (top === 'services') {
    if (parts.length === 1) return 'services.root';
    const index = Number(parts[1]);
    const row = chosenServices(values)[index]?.row;
    if (row === undefined) return 'services.root';
    return `services.${row}.${parts[2] === 'product_id' || parts[2] === undefined ? 'quantity' : parts[2]}`;
  }
  if (top === 'details' && parts.length >= 2) return detailsPath(parts.slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part))).join('.');
  if (top === 'billing_details' && parts.length === 2) return field;
  return null;
}

/** `POST /api/organisations`: what the three steps hold, the lists of the chosen type only. */
export function createOrganisationInput(values: WizardValues, creationKey: string): CreateOrganisationInput {
  const type = values.type === '' ? 'business' : values.type;
  const lists = listsOf(type);
  const { users, employees, portfolio_companies, nature_of_event, ...common } = values.details;
  return {
    creation_key: creationKey,
    type,
    services: chosenServices(values).map(({ product_id, quantity }) => ({ product_id, quantity })),
    details: {
      ...common,
      users,
      ...(lists.employees ? { employees } : {}),
      ...(lists.portfolioCompanies ? { portfolio_companies } : {}),
      ...(lists.natureOfEvent ? { nature_of_event } : {}),
    },
    plan: values.plan === '' ? plansFor(type)[0] ?? 'monthly' : values.plan,
    billing_details: values.billing_details,
  };
}
