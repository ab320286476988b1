import { personalDataExportVersion, type PersonalDataExport } from '@app/contract/personal-data-export';
import type { OrderBilling, OrderStatus } from '@app/contract/orders';
import type { OrganisationRole, OrganisationStatus, OrganisationType } from '@app/contract/organisations';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { assessmentResults } from '../../db/schema/assessment-results.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { billingDetails } from '../../db/schema/billing-details.ts';
import { cartItems } from '../../db/schema/cart-items.ts';
import { carts } from '../../db/schema/carts.ts';
import { currentAnswers } from '../../db/schema/current-answers.ts';
import { eventAttendees } from '../../db/schema/event-attendees.ts';
import { eventSessions } from '../../db/schema/event-sessions.ts';
import { grantedReports } from '../../db/schema/granted-reports.ts';
import { orderLines } from '../../db/schema/order-lines.ts';
import { orders } from '../../db/schema/orders.ts';
import { organisationDrafts } from '../../db/schema/organisation-drafts.ts';
import { organisationInvitations } from '../../db/schema/organisation-invitations.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationResultConsents } from '../../db/schema/organisation-result-consents.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { paymentMethods } from '../../db/schema/payment-methods.ts';
import { products } from '../../db/schema/products.ts';
import { questionAnswers } from '../../db/schema/question-answers.ts';
import { reportEditions } from '../../db/schema/report-editions.ts';
import { paymentTransactions } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';

/** Where the export's links point: absolute addresses of the API's invoice and the web's report page. */
export interface ExportLinks {
  invoice: (orderId: string) => string;
  report: (type: string, id: string) => string;
}

/**
 * Issue 14: everything the database holds about the caller, as `personalDataExport` shapes it
 * (table by table, what is in and what is not: docs/decisions.md "Personal data export"). Read in
 * one read-only REPEATABLE READ transaction, so the file is one consistent snapshot (an answer
 * given meanwhile is in both the answers and the results, or in neither). Only the caller's rows:
 * every query is keyed by their id (or, for invitations, their address).
 */
export async function exportPersonalData(db: Database, userId: string, at: Date, links: ExportLinks): Promise<PersonalDataExport> {
  return db.transaction((tx) => readExport(tx, userId, at, links), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

async function readExport(tx: DatabaseHandle, userId: string, at: Date, links: ExportLinks): Promise<PersonalDataExport> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();

  const history = await tx
    .select({ assessment: questionAnswers.assessment, itemId: questionAnswers.itemId, itemVersion: questionAnswers.itemVersion, choiceValue: questionAnswers.choiceValue, answeredAt: questionAnswers.answeredAt })
    .from(questionAnswers)
    .where(eq(questionAnswers.userId, userId))
    .orderBy(asc(questionAnswers.answeredAt), asc(questionAnswers.id));
  const current = await tx.select().from(currentAnswers).where(eq(currentAnswers.userId, userId));
  const results = await tx.select().from(assessmentResults).where(eq(assessmentResults.userId, userId)).orderBy(asc(assessmentResults.firstCompletedAt));

  const orderRows = await tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const lineRows = orderRows.length === 0 ? [] : await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderRows.map((order) => order.id))).orderBy(asc(orderLines.position));

  const reports = await tx.select().from(grantedReports).where(eq(grantedReports.userId, userId)).orderBy(asc(grantedReports.createdAt));
  const editions =
    reports.length === 0
      ? []
      : await tx
          .select({ reportId: reportEditions.reportId, edition: reportEditions.edition, generatedAt: reportEditions.generatedAt, pageCount: reportEditions.pageCount })
          .from(reportEditions)
          .where(inArray(reportEditions.reportId, reports.map((report) => report.id)))
          .orderBy(asc(reportEditions.edition));

  const memberships = await tx
    .select({
      organisationId: organisations.id,
      name: organisations.name,
      type: organisations.type,
      status: organisations.status,
      role: organisationMembers.role,
      joinedAt: organisationMembers.createdAt,
      consentedAt: organisationResultConsents.grantedAt,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .leftJoin(organisationResultConsents, and(eq(organisationResultConsents.organisationId, organisationMembers.organisationId), eq(organisationResultConsents.userId, organisationMembers.userId)))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisationMembers.createdAt));

  // Addressed to this person: by the address they have now, or accepted by them under an earlier one.
  const invitations = await tx
    .select({ organisationName: organisations.name, role: organisationInvitations.role, status: organisationInvitations.status, sentAt: organisationInvitations.createdAt, expiresAt: organisationInvitations.expiresAt })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(or(sql`lower(${organisationInvitations.email}) = lower(${user.email})`, eq(organisationInvitations.acceptedBy, userId)))
    .orderBy(asc(organisationInvitations.createdAt));

  const attendance = await tx
    .select({ organisationName: organisations.name, sessionName: eventSessions.name, joinedAt: eventAttendees.joinedAt })
    .from(eventAttendees)
    .innerJoin(organisations, eq(organisations.id, eventAttendees.organisationId))
    .innerJoin(eventSessions, eq(eventSessions.id, eventAttendees.sessionId))
    .where(eq(eventAttendees.userId, userId))
    .orderBy(asc(eventAttendees.joinedAt));

  const [basket] = await tx.select().from(carts).where(eq(carts.userId, userId));
  const basketItems = basket
    ? await tx
        .select({ sku: products.sku, title: products.title, quantity: cartItems.quantity, addedAt: cartItems.addedAt })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt))
    : [];
  const transactions = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId)).orderBy(asc(paymentTransactions.createdAt));
  const methods = await tx.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(asc(paymentMethods.createdAt));
  const [billing] = await tx.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  const [draft] = await tx.select().from(organisationDrafts).where(eq(organisationDrafts.userId, userId));
  const logins = await tx.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(asc(authSessions.createdAt));

  return {
    format: 'compass-personal-data',
    version: personalDataExportVersion,
    exported_at: iso(at),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified_at: isoOrNull(user.emailVerifiedAt),
      locale: user.locale,
      has_password: user.passwordHash !== null,
      google_sign_in: user.googleSub !== null,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    birth_details: {
      birth_date: user.birthDate,
      birth_time: user.birthTime,
      ts_accurate: user.tsAccurate,
      birth_city: user.birthCity,
      birth_country: user.birthCountry,
      country_code: user.countryCode,
      latitude: user.latitude,
      longitude: user.longitude,
      timezone: user.timezone,
    },
    policy_acceptances: [
      ...(user.privacyPolicyVersion ? [{ policy: 'privacy_policy' as const, version: user.privacyPolicyVersion, accepted_at: isoOrNull(user.privacyPolicyAcceptedAt) }] : []),
      ...(user.termsVersion ? [{ policy: 'terms' as const, version: user.termsVersion, accepted_at: isoOrNull(user.termsAcceptedAt) }] : []),
    ],
    logins: logins.map((login) => ({ signed_in_at: iso(login.createdAt), expires_at: iso(login.expiresAt), revoked_at: isoOrNull(login.revokedAt), user_agent: login.userAgent, ip_address: login.ipAddress })),
    questionnaire: { answers: answersOf(history, current), results: results.map((result) => ({ assessment: result.assessment, scores: result.scores, flags: result.flags, scoring_version: result.scoringVersion, completed_at: iso(result.completedAt), first_completed_at: iso(result.firstCompletedAt), computed_at: iso(result.computedAt) })) },
    basket: basket ? { coupon_code: basket.couponCode, items: basketItems.map((item) => ({ product_sku: item.sku, product_title: item.title, quantity: item.quantity, added_at: iso(item.addedAt) })) } : null,
    orders: orderRows.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status as OrderStatus,
      currency: order.currency,
      subtotal: order.subtotal,
      discount_amount: order.discountAmount,
      vat_amount: order.vatAmount,
      total: order.total,
      coupon_code: order.couponCode,
      billing: order.billing as OrderBilling,
      lines: lineRows
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ sku: line.sku, title: line.title, quantity: line.quantity, unit_price: line.unitPrice, line_subtotal: line.lineSubtotal, line_discount: line.lineDiscount })),
      digital_content_consent: order.digitalContentConsentAt && order.digitalContentConsentText ? { given_at: iso(order.digitalContentConsentAt), wording: order.digitalContentConsentText } : null,
      created_at: iso(order.createdAt),
      paid_at: isoOrNull(order.paidAt),
    })),
    invoices: orderRows.flatMap((order) =>
      order.status === 'paid' && order.paidAt ? [{ order_id: order.id, order_number: order.number, issued_at: iso(order.paidAt), total: order.total, url: links.invoice(order.id) }] : [],
    ),
    payment_transactions: transactions.map((transaction) => ({ status: transaction.status, description: transaction.description, amount: transaction.amount, currency: transaction.currency, created_at: iso(transaction.createdAt) })),
    payment_methods: methods.map((method) => ({ type: method.type, brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear, is_default: method.isDefault, created_at: iso(method.createdAt) })),
    billing_details: billing
      ? { name: billing.name, billing_email: billing.billingEmail, address_line_1: billing.addressLine1, address_line_2: billing.addressLine2, city: billing.city, postal_code: billing.postalCode, country: billing.country, county: billing.county, updated_at: iso(billing.updatedAt) }
      : null,
    reports: reports.map((report) => ({
      id: report.id,
      type: report.reportType,
      status: report.status,
      purchased_at: iso(report.createdAt),
      opened_at: isoOrNull(report.openedAt),
      url: links.report(report.reportType, report.id),
      editions: editions.filter((edition) => edition.reportId === report.id).map((edition) => ({ edition: edition.edition, generated_at: iso(edition.generatedAt), page_count: edition.pageCount })),
    })),
    organisations: memberships.map((membership) => ({
      organisation_id: membership.organisationId,
      organisation_name: membership.name,
      organisation_type: membership.type as OrganisationType,
      organisation_status: membership.status as OrganisationStatus,
      role: membership.role as OrganisationRole,
      joined_at: iso(membership.joinedAt),
      individual_results_shared: membership.consentedAt !== null,
      individual_results_shared_since: isoOrNull(membership.consentedAt),
    })),
    organisation_draft: draft ? { step: draft.step, form: draft.form, updated_at: iso(draft.updatedAt) } : null,
    invitations_received: invitations.map((invitation) => ({ organisation_name: invitation.organisationName, role: invitation.role, status: invitation.status, sent_at: iso(invitation.sentAt), expires_at: iso(invitation.expiresAt) })),
    event_attendance: attendance.map((row) => ({ organisation_name: row.organisationName, session_name: row.sessionName, joined_at: iso(row.joinedAt) })),
  };
}

type AnswerRow = { assessment: string; itemId: string; itemVersion: number; choiceValue: number; answeredAt: Date };

/** Each question answered, in the order first answered: the answer that counts now and every answer given. */
function answersOf(history: readonly AnswerRow[], current: readonly (typeof currentAnswers.$inferSelect)[]): PersonalDataExport['questionnaire']['answers'] {
  const byItem = new Map<string, PersonalDataExport['questionnaire']['answers'][number]>();
  for (const row of history) {
    let entry = byItem.get(row.itemId);
    if (!entry) {
      entry = { assessment: row.assessment, item_id: row.itemId, current: null, history: [] };
      byItem.set(row.itemId, entry);
    }
    entry.history.push({ choice_value: row.choiceValue, item_version: row.itemVersion, answered_at: iso(row.answeredAt) });
  }
  for (const row of current) {
    let entry = byItem.get(row.itemId);
    if (!entry) {
      entry = { assessment: row.assessment, item_id: row.itemId, current: null, history: [] };
      byItem.set(row.itemId, entry);
    }
    entry.current = { choice_value: row.choiceValue, item_version: row.itemVersion, answered_at: iso(row.answeredAt), first_answered_at: iso(row.firstAnsweredAt) };
  }
  return [...byItem.values()];
}
