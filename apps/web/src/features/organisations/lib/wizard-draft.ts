import type { OrganisationDraft, WizardStep } from '@app/contract/organisations';
import { billingPlans, organisationTypes } from '@app/contract/organisations';
import { z } from 'zod';
import type { WizardValues } from './wizard-form';

// The draft kept on the server (issue 12: Back and Next keep what was entered, also across a
// reload and on another device) is the wizard's form as typed. The server keeps any JSON, so what
// comes back is parsed, never cast (STYLE.md): anything unreadable falls back to the empty form.

const text = z.string().catch('');
const rows = <T extends z.ZodType>(row: T) => z.array(row).max(10_000).optional().catch(undefined);

const draftForm = z.object({
  type: z.enum(organisationTypes).or(z.literal('')).catch(''),
  services: z
    .array(z.object({ product_id: z.string(), selected: z.boolean().catch(false), quantity: z.union([z.string(), z.number().transform(String)]).catch('') }))
    .optional()
    .catch(undefined),
  details: z
    .object({
      name: text,
      address: text,
      registration_number: text,
      vat_code: text,
      business_description: text,
      registrar_name: text,
      registrar_email: text,
      registrar_phone: text,
      nature_of_event: text,
      users: rows(z.object({ position_title: text, full_name: text, email: text })),
      employees: rows(z.object({ position_title: text, name: text, email: text })),
      portfolio_companies: rows(z.object({ company_name: text, representative_email: text })),
    })
    .partial()
    .optional()
    .catch(undefined),
  plan: z.enum(billingPlans).or(z.literal('')).catch(''),
  billing_details: z
    .object({ name: text, billing_email: text, address_line_1: text, address_line_2: text, city: text, postal_code: text, country: text, county: text })
    .partial()
    .optional()
    .catch(undefined),
  billing_prefilled: z.boolean().catch(false),
});

/** `base` with each value `patch` holds (a key the draft did not keep stays as in `base`). */
function merge<T extends object>(base: T, patch: { [K in keyof T]?: T[K] | undefined }): T {
  const merged = { ...base };
  for (const key of Object.keys(patch) as (keyof T)[]) {
    const value = patch[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** What the wizard restores from a draft: its step and its entries over the empty form. */
export function restoreDraft(draft: Pick<OrganisationDraft, 'step' | 'form'>, initial: WizardValues): { step: WizardStep; values: WizardValues } {
  const parsed = draftForm.safeParse(draft.form);
  if (!parsed.success) return { step: 'type', values: initial };
  const form = parsed.data;
  const savedServices = new Map((form.services ?? []).map((service) => [service.product_id, service]));
  const details = form.details ?? {};
  const values: WizardValues = {
    type: form.type,
    // The offer decides which services exist; a saved choice of one no longer offered is dropped.
    services: initial.services.map((service) => {
      const saved = savedServices.get(service.product_id);
      return saved ? { product_id: service.product_id, selected: saved.selected, quantity: saved.quantity } : service;
    }),
    details: merge(initial.details, details),
    plan: form.plan,
    billing_details: merge(initial.billing_details, form.billing_details ?? {}),
    billing_prefilled: form.billing_prefilled,
  };
  // Without a type there is nothing to check in the later steps: the wizard starts at the type.
  const step = values.type === '' ? 'type' : draft.step;
  return { step, values };
}

/** The draft the server keeps: the step the user is on and the form as typed. */
export function draftOf(step: WizardStep, values: WizardValues): OrganisationDraft {
  return { step, form: { ...values } };
}
