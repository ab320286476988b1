import { z } from 'zod';
import { cents } from './basket.ts';
import { billingDetails } from './billing-details.ts';
import { orderBilling, orderLine, orderStatus } from './orders.ts';
import { organisationRoles, organisationStatuses, organisationTypes } from './organisations.ts';

// Issue 14 "Personal data": everything the database holds about one person, as one JSON file
// (`GET /api/user/export`, Settings › Profile › Download your data). What is in and what is not,
// table by table, is in docs/decisions.md ("Personal data export").

/** Bumped when a field changes meaning or goes; new fields keep the version. */
export const personalDataExportVersion = 1;

const instant = z.iso.datetime();

const exportedProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified_at: instant.nullable(),
  locale: z.string(),
  has_password: z.boolean(),
  /** Signs in with Google (the account's Google subject id itself is not shown). */
  google_sign_in: z.boolean(),
  created_at: instant,
  updated_at: instant,
});

const exportedBirthDetails = z.object({
  birth_date: z.string().nullable(),
  birth_time: z.string().nullable(),
  /** False when the birth time is unknown. */
  ts_accurate: z.boolean(),
  birth_city: z.string().nullable(),
  birth_country: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
});

const policyAcceptance = z.object({ policy: z.enum(['privacy_policy', 'terms']), version: z.string(), accepted_at: instant.nullable() });

/** One answer as given; `item_version` is the wording the person saw. */
const answerVersion = z.object({ choice_value: z.number().int(), item_version: z.number().int(), answered_at: instant });

/** One question answered: the answer that counts now, and every answer given to it, oldest first. */
const exportedAnswer = z.object({
  assessment: z.string(),
  item_id: z.string(),
  current: answerVersion.extend({ first_answered_at: instant }).nullable(),
  history: z.array(answerVersion),
});

const exportedResult = z.object({
  assessment: z.string(),
  scores: z.record(z.string(), z.unknown()),
  flags: z.array(z.string()),
  scoring_version: z.string(),
  completed_at: instant,
  first_completed_at: instant,
  computed_at: instant,
});

const exportedOrder = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatus,
  currency: z.string(),
  subtotal: cents,
  discount_amount: cents,
  vat_amount: cents,
  total: cents,
  coupon_code: z.string().nullable(),
  billing: orderBilling,
  lines: z.array(orderLine.pick({ sku: true, title: true, quantity: true, unit_price: true, line_subtotal: true, line_discount: true })),
  digital_content_consent: z.object({ given_at: instant, wording: z.string() }).nullable(),
  created_at: instant,
  paid_at: instant.nullable(),
});

/** A paid order's invoice, with the address that downloads it (signed in as this account). */
const exportedInvoice = z.object({ order_id: z.string(), order_number: z.string(), issued_at: instant, total: cents, url: z.string() });

const exportedTransaction = z.object({ status: z.string(), description: z.string(), amount: cents, currency: z.string(), created_at: instant });

const exportedPaymentMethod = z.object({
  type: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  is_default: z.boolean(),
  created_at: instant,
});

const exportedReport = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  purchased_at: instant,
  opened_at: instant.nullable(),
  /** The page that shows it (signed in as this account). */
  url: z.string(),
  editions: z.array(z.object({ edition: z.number().int(), generated_at: instant, page_count: z.number().int() })),
});

const exportedMembership = z.object({
  organisation_id: z.string(),
  organisation_name: z.string(),
  organisation_type: z.enum(organisationTypes),
  organisation_status: z.enum(organisationStatuses),
  role: z.enum(organisationRoles),
  joined_at: instant,
  /** Team insights: whether the organisation's owners and admins see this person's individual results. */
  individual_results_shared: z.boolean(),
  individual_results_shared_since: instant.nullable(),
});

const exportedInvitation = z.object({
  organisation_name: z.string(),
  role: z.string(),
  status: z.string(),
  sent_at: instant,
  expires_at: instant,
});

const exportedAttendance = z.object({ organisation_name: z.string(), session_name: z.string(), joined_at: instant });

const exportedLogin = z.object({ signed_in_at: instant, expires_at: instant, revoked_at: instant.nullable(), user_agent: z.string().nullable(), ip_address: z.string().nullable() });

/** `GET /api/user/export`: sent as a file (`content-disposition: attachment`). Money in cents, instants ISO 8601 UTC. */
export const personalDataExport = z.object({
  format: z.literal('compass-personal-data'),
  version: z.literal(personalDataExportVersion),
  exported_at: instant,
  profile: exportedProfile,
  birth_details: exportedBirthDetails,
  policy_acceptances: z.array(policyAcceptance),
  logins: z.array(exportedLogin),
  questionnaire: z.object({ answers: z.array(exportedAnswer), results: z.array(exportedResult) }),
  basket: z.object({ coupon_code: z.string().nullable(), items: z.array(z.object({ product_sku: z.string(), product_title: z.string(), quantity: z.number().int(), added_at: instant })) }).nullable(),
  orders: z.array(exportedOrder),
  invoices: z.array(exportedInvoice),
  payment_transactions: z.array(exportedTransaction),
  payment_methods: z.array(exportedPaymentMethod),
  billing_details: billingDetails.nullable(),
  reports: z.array(exportedReport),
  organisations: z.array(exportedMembership),
  organisation_draft: z.object({ step: z.string(), form: z.record(z.string(), z.unknown()), updated_at: instant }).nullable(),
  invitations_received: z.array(exportedInvitation),
  event_attendance: z.array(exportedAttendance),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** The file name the download is saved under. */
export function personalDataExportFileName(exportedAt: Date): string {
  return `compass-personal-data-${exportedAt.toISOString().slice(0, 10)}.json`;
}
