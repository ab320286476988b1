import { organisationApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activeBusinessOrganisation, ApiUser } from './lib/api.ts';
import { holdWritesTo, queryServerDatabase } from './lib/database.ts';
import { faultServer } from './lib/server.ts';

// Issue 14, "Faults": the server is killed (SIGKILL) while the renewal job charges a subscription's
// next period: the period is invoiced and its charge claimed, the saved card is being charged. The
// charge goes through at the provider, but the server dies before it records it. Started again on
// the same data, the renewal happens once: one invoice for the period, paid, one charge.

const server = faultServer({ name: 'renewal', port: 3432, templateDataDir: inject('faultsTemplateDataDir') });

beforeAll(() => server.start());
afterAll(() => server.close());

interface InvoiceList {
  data: Array<{ id: string; period_start: string; status: string; total: number }>;
}
interface SubscriptionBody {
  data: { status: string; subscription: { status: string; current_period_end: string | null; failed_attempts: number } };
}

describe('SIGKILL during a subscription renewal', () => {
  it('renews once: one invoice for the period, paid, and the card charged once', async () => {
    const owner = await ApiUser.signUp(server.baseUrl, 'renewal-crash');
    const organisationId = await activeBusinessOrganisation(owner);
    const first = await owner.get<InvoiceList>(organisationApiPaths.subscriptionInvoices(organisationId));
    expect(first.body.data).toHaveLength(1);

    // The renewal's charge writes the test provider's payment: held there, the job stops right
    // after it invoiced the period and claimed the charge. The period ends now (moved in the
    // database: a month is long to wait), and the job runs at the next minute.
    const lock = await holdWritesTo(server.dataDir, 'test_provider_payments');
    const [due] = await queryServerDatabase<{ id: string }>(
      server.dataDir,
      `update subscriptions set current_period_end = now() - interval '1 minute' where organisation_id = $1 returning id`,
      [organisationId],
    );
    await lock.waitForBlockedWriter(100_000);
    await server.kill();
    await lock.release();

    const [claimed] = await queryServerDatabase<{ id: string; status: string; attempts: number }>(
      server.dataDir,
      `select id, status, attempts from subscription_invoices where subscription_id = $1 and period_start > now() - interval '1 hour'`,
      [due?.id],
    );
    expect(claimed).toMatchObject({ status: 'open', attempts: 1 });
    const chargesOf = () =>
      queryServerDatabase<{ status: string }>(server.dataDir, `select status from test_provider_payments where metadata->>'subscription_invoice_id' = $1`, [claimed?.id]);
    // The killed server's statement was on its way: the provider charged the card.
    expect(await chargesOf()).toEqual([{ status: 'succeeded' }]);

    // The server comes back more than a minute later (the claim moved back by that much): the claim
    // counts as crashed and the renewal job, which runs at start, takes the period up again.
    await queryServerDatabase(server.dataDir, `update subscription_invoices set charging_since = charging_since - interval '61 seconds' where id = $1`, [claimed?.id]);
    await server.start();

    const renewed = await waitForInvoicePaid(owner, organisationId, claimed?.id ?? '');
    expect(renewed.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    const subscription = await owner.get<SubscriptionBody>(organisationApiPaths.subscription(organisationId));
    expect(subscription.body.data, subscription.text).toMatchObject({ status: 'active', subscription: { status: 'active', failed_attempts: 0 } });
    expect(new Date(subscription.body.data.subscription.current_period_end ?? 0).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 60 * 60 * 1000);

    // The card was charged once for the period: the first attempt's payment settled it.
    expect(await chargesOf()).toEqual([{ status: 'succeeded' }]);
    const invoices = await queryServerDatabase<{ count: number }>(server.dataDir, `select count(*)::int as count from subscription_invoices where subscription_id = $1`, [due?.id]);
    expect(invoices).toEqual([{ count: 2 }]);
  });
});

async function waitForInvoicePaid(owner: ApiUser, organisationId: string, invoiceId: string): Promise<InvoiceList['data']> {
  const startedAt = performance.now();
  for (;;) {
    const invoices = await owner.get<InvoiceList>(organisationApiPaths.subscriptionInvoices(organisationId));
    if (invoices.status === 200 && invoices.body.data.find((invoice) => invoice.id === invoiceId)?.status === 'paid') return invoices.body.data;
    if (performance.now() - startedAt > 30_000) throw new Error(`the renewal invoice is not paid: ${invoices.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
