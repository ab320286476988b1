import { validationMessages } from '@app/contract/messages';
import { quantityRefusal, type CreateOrganisationRequest, type Organisation } from '@app/contract/organisations';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { ValidationError } from '../../lib/domain-errors.ts';
import { deleteDraft } from './draft-service.ts';
import { findOrganisation } from './organisation-view.ts';
import { refuseUnknownServices, servicesOnOffer } from './pricing-service.ts';

export interface CreatedOrganisation {
  organisation: Organisation;
  /** False when this submission had already made it (a retried submit). */
  created: boolean;
}

/**
 * The wizard's final submit (issue 12): checks the chosen services against the catalogue (on
 * offer, each at least its minimum), then makes the organisation with its creator as owner, its
 * services and its listed people, and forgets the draft, all in one transaction. The same
 * submission twice (a retry, a double click, two tabs) makes one organisation.
 */
export async function createOrganisation(db: Database, userId: string, request: CreateOrganisationRequest, at: Date): Promise<CreatedOrganisation> {
  const { id, created } = await db.transaction(async (tx) => {
    await refuseServicesNotOnOffer(tx, request.services);
    const { details, billing_details: billing } = request;
    const [inserted] = await tx
      .insert(organisations)
      .values({
        type: request.type,
        name: details.name,
        address: details.address,
        registrationNumber: details.registration_number,
        vatCode: details.vat_code,
        businessDescription: details.business_description,
        registrarName: details.registrar_name,
        registrarEmail: details.registrar_email,
        registrarPhone: details.registrar_phone,
        natureOfEvent: details.nature_of_event ?? null,
        plan: request.plan,
        salesFollowUp: request.plan === 'contract',
        billingName: billing.name,
        billingEmail: billing.billing_email,
        billingAddressLine1: billing.address_line_1,
        billingAddressLine2: billing.address_line_2,
        billingCity: billing.city,
        billingPostalCode: billing.postal_code,
        billingCountry: billing.country,
        billingCounty: billing.county,
        createdBy: userId,
        creationKey: request.creation_key,
        createdAt: at,
        updatedAt: at,
      })
      // A second submission of the same key waits here for the first one's commit, then finds its row.
      .onConflictDoNothing({ target: organisations.creationKey })
      .returning({ id: organisations.id });
    if (!inserted) return { id: await existingSubmission(tx, userId, request.creation_key), created: false };

    await tx.insert(organisationMembers).values({ organisationId: inserted.id, userId, role: 'owner', createdAt: at });
    await tx.insert(organisationServices).values(request.services.map((service) => ({ organisationId: inserted.id, productId: service.product_id, quantity: service.quantity })));
    await tx.insert(organisationPeople).values(listedPeople(inserted.id, request, at));
    await deleteDraft(tx, userId);
    return { id: inserted.id, created: true };
  });
  return { organisation: await findOrganisation(db, userId, id), created };
}

/** The organisation an earlier submission with this key made: the caller's own, else the key is refused. */
async function existingSubmission(tx: DatabaseHandle, userId: string, creationKey: string): Promise<string> {
  const [existing] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.creationKey, creationKey), eq(organisations.createdBy, userId)));
  if (!existing) throw new ValidationError({ creation_key: [validationMessages.required] });
  return existing.id;
}

/** 422 with each refused service's row: not a service on offer, or fewer than its minimum ('Minimal quantity is {value}'). */
async function refuseServicesNotOnOffer(tx: DatabaseHandle, chosen: CreateOrganisationRequest['services']): Promise<void> {
  const offered = await servicesOnOffer(
    tx,
    chosen.map((service) => service.product_id),
  );
  const errors = refuseUnknownServices(chosen, offered);
  chosen.forEach((service, index) => {
    const refusal = offered.has(service.product_id) ? quantityRefusal(service.quantity, offered.get(service.product_id)?.minimumQuantity ?? 1) : null;
    if (refusal) errors[`services.${index}.quantity`] = [refusal];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The people of step 2's lists, as rows (the lists a type does not keep are absent). */
function listedPeople(organisationId: string, request: CreateOrganisationRequest, at: Date): (typeof organisationPeople.$inferInsert)[] {
  const { details } = request;
  return [
    ...details.users.map((user) => ({ organisationId, list: 'user', positionTitle: user.position_title, fullName: user.full_name, email: user.email, createdAt: at })),
    ...(details.employees ?? []).map((employee) => ({ organisationId, list: 'employee', positionTitle: employee.position_title, fullName: employee.name, email: employee.email, createdAt: at })),
    ...(details.portfolio_companies ?? []).map((company) => ({ organisationId, list: 'portfolio_company', companyName: company.company_name, email: company.representative_email, createdAt: at })),
  ];
}
