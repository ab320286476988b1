import { accountSettingsMessages, recentSignInSeconds, wrongPasswordMessage, type DeleteAccountRequest } from '@app/contract/account-settings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { UnauthenticatedError, ValidationError } from '../../lib/domain-errors.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { anonymiseOrdersOf } from '../orders/public.ts';
import { noteCustomersForDeletion } from '../payments/public.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/**
 * Settings > Delete account (issue 3, checklist 41-43).
 *
 * Confirmation: the password. An account created through Google has none; for it a sign-in less
 * than 10 minutes old (its login's `created_at`) proves the person holds the Google account, and
 * the confirmation field must hold the account's e-mail address, so the deletion is deliberate.
 *
 * The user row is deleted in one transaction; its logins and every access and refresh token, its
 * reset token and other personal rows go with it (ON DELETE CASCADE), so every token stops working
 * in the same commit. Orders and payments are kept for the accounts, anonymised inside this same
 * transaction. The user's customer at the payment provider is noted in it too and deleted there
 * by a background job after the commit (retried while the provider fails; never this request's
 * failure).
 *
 * Sent twice at once, it runs once: the DELETE ... RETURNING of the second finds no row (it waits
 * for the first's row lock, then sees the row gone) and answers 401, as any call with the tokens
 * of a deleted account does.
 */
export async function deleteAccount(db: Database, clock: Clock, caller: AuthContext, input: DeleteAccountRequest): Promise<void> {
  const [found] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, signedInAt: authSessions.createdAt })
    .from(users)
    .innerJoin(authSessions, eq(authSessions.userId, users.id))
    .where(and(eq(users.id, caller.userId), eq(authSessions.id, caller.sessionId)));
  if (!found) throw new UnauthenticatedError();

  if (found.passwordHash !== null) {
    if (!(await verifyPassword(found.passwordHash, input.password))) throw new ValidationError({ password: [wrongPasswordMessage] });
  } else {
    const signInAgeSeconds = (clock.now().getTime() - found.signedInAt.getTime()) / 1000;
    if (signInAgeSeconds > recentSignInSeconds) throw new ValidationError({ password: [accountSettingsMessages.reauthenticateToDelete] });
    if (input.password.toLowerCase() !== found.email.toLowerCase()) throw new ValidationError({ password: [accountSettingsMessages.typeEmailToDelete] });
  }

  await db.transaction(async (tx) => {
    // Orders and payments stay for the accounts, detached from the person (decisions: shop-payments).
    await anonymiseOrdersOf(tx, caller.userId, clock.now());
    await noteCustomersForDeletion(tx, caller.userId);
    const deleted = await tx.delete(users).where(eq(users.id, caller.userId)).returning({ id: users.id });
    if (deleted.length === 0) throw new UnauthenticatedError();
  });
}
