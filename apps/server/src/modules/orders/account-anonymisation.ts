import type { OrderBilling } from '@app/contract/orders';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { orders } from '../../db/schema/orders.ts';
import { releaseCouponRedemption } from '../shop/public.ts';
import { openOrderStatuses } from './fulfilment/fulfilment.ts';

const redactedBilling: OrderBilling = {
  first_name: '',
  last_name: '',
  email: '',
  address: '',
  city: '',
  state: null,
  postal_code: '',
  country: '',
  company: null,
  vat_number: null,
};

/**
 * Account deletion (issue 3's transaction): orders and transactions are kept for the accounts,
 * detached from the person (their user id becomes null by ON DELETE SET NULL). A paid order keeps
 * what its invoice must show by law (name, address, VAT numbers; kept 10 years in Germany), but
 * not the e-mail address. Unpaid orders lose their billing details (and the record of the VAT
 * number's check) entirely; one still waiting
 * for its payment is expired and its coupon use given back.
 */
export async function anonymiseOrdersOf(tx: DatabaseHandle, userId: string, at: Date): Promise<void> {
  const open = await tx
    .update(orders)
    .set({ status: 'expired', failureCode: 'account_deleted', failureMessage: 'The account was deleted.', updatedAt: at })
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...openOrderStatuses])))
    .returning({ id: orders.id });
  for (const order of open) await releaseCouponRedemption(tx, { orderId: order.id });
  await tx
    .update(orders)
    .set({ billing: sql`${orders.billing} || '{"email": ""}'::jsonb`, updatedAt: at })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')));
  await tx
    .update(orders)
    .set({ billing: redactedBilling, vatNumberConsultation: null, updatedAt: at })
    .where(and(eq(orders.userId, userId), ne(orders.status, 'paid')));
}
