import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationOfferEnvelope, organisationQuoteEnvelope, type OrganisationQuoteInput } from '@app/contract/organisation-pricing';
import { organisationMessages } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { productBySku, seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12, the wizard's step 3: the offer and one period's price, from catalogue data (seeded
// plans and type prices, the services' unit prices), priced as the basket prices.

let t: TestApp;
let user: RegisteredUser;
let teamProfilesId: string;
let cultureFitId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t);
  teamProfilesId = (await productBySku(t, seededSkus.teamProfiles)).id;
  cultureFitId = (await productBySku(t, seededSkus.cultureAnalysis)).id;
});
afterAll(async () => {
  await t?.close();
});

async function quote(body: OrganisationQuoteInput) {
  const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.quote, headers: user.headersWithCsrf, payload: body });
  return response;
}

async function quoted(body: OrganisationQuoteInput) {
  const response = await quote(body);
  expect(response.statusCode).toBe(200);
  return organisationQuoteEnvelope.parse(response.json()).data;
}

describe('GET /api/organisations/offer', () => {
  it('offers the four types with how each is charged, the four plans, and the services with their minimums', async () => {
    const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.offer, headers: user.authHeaders });
    const offer = organisationOfferEnvelope.parse(response.json()).data;
    expect(offer.types).toEqual(
      expect.arrayContaining([
        { type: 'business', basis: 'organisation', monthly_price: 14_900 },
        { type: 'human_capital_expert', basis: 'services', monthly_price: 0 },
        { type: 'investor', basis: 'portfolio_company', monthly_price: 4_900 },
        { type: 'event_organiser', basis: 'contract', monthly_price: 0 },
      ]),
    );
    expect(offer.plans).toEqual([
      { plan: 'monthly', months: 1, discount_percentage: 0 },
      { plan: 'quarterly', months: 3, discount_percentage: 5 },
      { plan: 'annual', months: 12, discount_percentage: 15 },
      { plan: 'contract', months: null, discount_percentage: 0 },
    ]);
    expect(offer.services.map((service) => [service.sku, service.unit_price, service.minimum_quantity])).toEqual([
      [seededSkus.teamProfiles, 2_400, 3],
      [seededSkus.cultureAnalysis, 1_500, 5],
    ]);
  });
});

describe('POST /api/organisations/quote', () => {
  it('prices a business as one price for the whole organisation per period, with the billing country’s VAT', async () => {
    expect(await quoted({ type: 'business', plan: 'monthly', services: [{ product_id: teamProfilesId, quantity: 40 }], country: 'de' })).toEqual({
      plan: 'monthly',
      months: 1,
      basis: 'organisation',
      subtotal: 14_900,
      discount_percentage: 0,
      discount_amount: 0,
      net: 14_900,
      vat_percentage: 19,
      vat_amount: 2_831,
      total: 17_731,
    });
    // Three months, 5 % off: 447.00 - 22.35 = 424.65; VAT 19 % = 80.6835, rounded once to 80.68.
    expect(await quoted({ type: 'business', plan: 'quarterly', services: [{ product_id: teamProfilesId, quantity: 3 }], country: 'DE' })).toMatchObject({
      subtotal: 44_700,
      discount_amount: 2_235,
      net: 42_465,
      vat_amount: 8_068,
      total: 50_533,
    });
  });

  it('prices a human capital expert by its services (quantity x unit price) and an investor per portfolio company', async () => {
    // (4 x 24.00 + 5 x 15.00) x 12 months = 2,052.00; 15 % off = 307.80; French VAT 20 %.
    expect(
      await quoted({
        type: 'human_capital_expert',
        plan: 'annual',
        services: [
          { product_id: teamProfilesId, quantity: 4 },
          { product_id: cultureFitId, quantity: 5 },
        ],
        country: 'FR',
      }),
    ).toMatchObject({ basis: 'services', subtotal: 205_200, discount_amount: 30_780, net: 174_420, vat_percentage: 20, vat_amount: 34_884, total: 209_304 });
    // Outside the EU: no VAT.
    expect(await quoted({ type: 'investor', plan: 'monthly', services: [{ product_id: teamProfilesId, quantity: 3 }], portfolio_companies: 3, country: 'US' })).toMatchObject({
      basis: 'portfolio_company',
      subtotal: 14_700,
      vat_percentage: 0,
      total: 14_700,
    });
  });

  it('quotes an investor with no portfolio company listed yet at nothing (found by the fuzz run: a 500)', async () => {
    expect(await quoted({ type: 'investor', plan: 'quarterly', services: [], country: 'GB' })).toMatchObject({
      basis: 'portfolio_company',
      subtotal: 0,
      discount_amount: 0,
      net: 0,
      vat_amount: 0,
      total: 0,
    });
  });

  it('has no amounts for the event organiser’s contract: its terms are agreed with sales', async () => {
    expect(await quoted({ type: 'event_organiser', plan: 'contract', services: [{ product_id: teamProfilesId, quantity: 3 }], country: 'DE' })).toMatchObject({
      basis: 'contract',
      months: null,
      subtotal: null,
      total: null,
    });
  });

  it('follows the operator’s prices: they are catalogue data', async () => {
    await t.pool.query(`update organisation_type_prices set monthly_price = 20000 where type = 'business'`);
    await t.pool.query(`update billing_plans set discount_basis_points = 1000 where plan = 'quarterly'`);
    try {
      expect(await quoted({ type: 'business', plan: 'quarterly', services: [{ product_id: teamProfilesId, quantity: 3 }], country: 'US' })).toMatchObject({
        subtotal: 60_000,
        discount_percentage: 10,
        net: 54_000,
        total: 54_000,
      });
    } finally {
      await t.pool.query(`update organisation_type_prices set monthly_price = 14900 where type = 'business'`);
      await t.pool.query(`update billing_plans set discount_basis_points = 500 where plan = 'quarterly'`);
    }
  });

  it('refuses a service that is not on offer, on its row', async () => {
    const response = await quote({ type: 'human_capital_expert', plan: 'monthly', services: [{ product_id: teamProfilesId, quantity: 3 }, { product_id: randomUUID(), quantity: 3 }], country: 'DE' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'services.1.product_id': [organisationMessages.unknownService] });
  });
});
