import type { Organisation, OrganisationRole, OrganisationSummary } from '@app/contract/organisations';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { products } from '../../db/schema/products.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';

type OrganisationRow = typeof organisations.$inferSelect;

function toSummary(row: OrganisationRow, role: string): OrganisationSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type as OrganisationSummary['type'],
    status: row.status as OrganisationSummary['status'],
    plan: row.plan as OrganisationSummary['plan'],
    role: role as OrganisationRole,
    created_at: row.createdAt.toISOString(),
  };
}

/** The organisations the caller belongs to, newest first, with the caller's role in each. */
export async function listOrganisations(db: DatabaseHandle, userId: string): Promise<OrganisationSummary[]> {
  const rows = await db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(desc(organisations.createdAt), asc(organisations.name));
  return rows.map((row) => toSummary(row.organisation, row.role));
}

/**
 * One organisation the caller belongs to, whole. Someone else's, or an id that is not one, is a
 * 404, whether it exists or not.
 */
export async function findOrganisation(db: DatabaseHandle, userId: string, organisationId: string): Promise<Organisation> {
  if (!isUuid(organisationId)) throw new NotFoundError();
  const [found] = await db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)));
  if (!found) throw new NotFoundError();
  const row = found.organisation;
  const [services, people, members] = await Promise.all([
    db
      .select({ productId: products.id, sku: products.sku, title: products.title, quantity: organisationServices.quantity, minimumQuantity: products.minimumQuantity, unitPrice: products.unitPrice })
      .from(organisationServices)
      .innerJoin(products, eq(products.id, organisationServices.productId))
      .where(eq(organisationServices.organisationId, row.id))
      .orderBy(asc(products.position), asc(products.title)),
    db
      .select({ list: organisationPeople.list, count: sql<number>`count(*)::int` })
      .from(organisationPeople)
      .where(eq(organisationPeople.organisationId, row.id))
      .groupBy(organisationPeople.list),
    db.select({ count: sql<number>`count(*)::int` }).from(organisationMembers).where(eq(organisationMembers.organisationId, row.id)),
  ]);
  const countOf = (list: string) => people.find((entry) => entry.list === list)?.count ?? 0;
  return {
    ...toSummary(row, found.role),
    address: row.address,
    registration_number: row.registrationNumber,
    vat_code: row.vatCode,
    business_description: row.businessDescription,
    registrar_name: row.registrarName,
    registrar_email: row.registrarEmail,
    registrar_phone: row.registrarPhone,
    nature_of_event: row.natureOfEvent,
    services: services.map((service) => ({
      product_id: service.productId,
      product_sku: service.sku,
      title: service.title,
      quantity: service.quantity,
      minimum_quantity: service.minimumQuantity,
      unit_price: service.unitPrice,
    })),
    counts: { users: countOf('user'), employees: countOf('employee'), portfolio_companies: countOf('portfolio_company'), members: members[0]?.count ?? 0 },
    billing_details: {
      name: row.billingName,
      billing_email: row.billingEmail,
      address_line_1: row.billingAddressLine1,
      address_line_2: row.billingAddressLine2,
      city: row.billingCity,
      postal_code: row.billingPostalCode,
      country: row.billingCountry,
      county: row.billingCounty,
    },
  };
}
