import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { users } from '../../db/schema/users.ts';
import { subscriptionPaymentFailedMessage } from '../mail/public.ts';
import { formatEuros } from '../tax/public.ts';
import type { BillingDeps } from './billing-deps.ts';

// Issue 12, the dunning e-mails: a refused renewal is told to the organisation's owners, by our
// renewal job (test provider) or from Stripe's retries (Stripe Billing), with the same message.

export const dateInWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The organisation's billing page on the web. */
export const billingPagePath = (organisationId: string) => `/settings/billing?organisation=${encodeURIComponent(organisationId)}`;

/** Queued in the caller's transaction: the e-mails go out if and only if it commits. */
export async function mailOwnersAboutRefusedRenewal(
  tx: DatabaseHandle,
  deps: Pick<BillingDeps, 'mail'>,
  input: { organisationId: string; organisationName: string; total: number; reason: string; nextAttemptAt: Date | null; noCard?: boolean },
): Promise<void> {
  const owners = await tx
    .select({ email: users.email })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, input.organisationId), eq(organisationMembers.role, 'owner')));
  for (const owner of owners) {
    const message = subscriptionPaymentFailedMessage(owner.email, {
      organisationName: input.organisationName,
      amount: formatEuros(input.total),
      reason: input.reason,
      nextAttempt: input.nextAttemptAt ? dateInWords.format(input.nextAttemptAt) : null,
      noCard: input.noCard ?? false,
      billingUrl: deps.mail.link(billingPagePath(input.organisationId)),
    });
    await deps.mail.send(message, { transaction: tx });
  }
}
