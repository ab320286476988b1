import type { Account } from '@app/contract/account';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { accountOf, currentPolicyVersions } from '../accounts/public.ts';

/**
 * The policy-update prompt's 'I Agree' (spec section 2, issue 3): records that the user accepted the
 * privacy policy and the terms in force now, and when. `policy_update_required` is then false
 * until a newer version is published.
 */
export async function acceptCurrentPolicies(db: Database, clock: Clock, userId: string): Promise<Account> {
  const now = clock.now();
  const [user] = await db
    .update(users)
    .set({
      privacyPolicyVersion: currentPolicyVersions.privacyPolicy,
      privacyPolicyAcceptedAt: now,
      termsVersion: currentPolicyVersions.terms,
      termsAcceptedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new NotFoundError('This account no longer exists.');
  return accountOf(db, user);
}
