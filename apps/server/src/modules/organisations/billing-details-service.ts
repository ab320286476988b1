import type { BillingDetailsRequest } from '@app/contract/billing-details';
import type { Organisation } from '@app/contract/organisations';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { requireManager } from './membership.ts';
import { findOrganisation } from './organisation-view.ts';

// Issue 12, BillingSettings "billing details": owners and admins change the organisation's billing
// details (spec 3: name, billing email, address lines 1 and 2, city, postal code, country, county)
// on its Billing page, by the rules of the wizard's step 3 (the contract's schema, checked by the
// route). Only the organisation's row changes: each period invoice keeps the details it was made
// with (subscription_invoices.billing), so the next period's invoice prints the new ones and no
// issued invoice changes.

/**
 * Replaces the organisation's billing details. A member gets 403, anyone else 404; a past-due
 * organisation is read-only until paid (409), as for every other change to it.
 */
export async function updateOrganisationBillingDetails(db: Database, userId: string, organisationId: string, details: BillingDetailsRequest, now: Date): Promise<Organisation> {
  await db.transaction(async (tx) => {
    await requireManager(tx, userId, organisationId, { lock: true, change: true });
    await tx
      .update(organisations)
      .set({
        billingName: details.name,
        billingEmail: details.billing_email,
        billingAddressLine1: details.address_line_1,
        billingAddressLine2: details.address_line_2,
        billingCity: details.city,
        billingPostalCode: details.postal_code,
        billingCountry: details.country,
        billingCounty: details.county,
        updatedAt: now,
      })
      .where(eq(organisations.id, organisationId));
  });
  return findOrganisation(db, userId, organisationId);
}
