import { accountSettingsMessages, wrongPasswordMessage, type ChangePasswordRequest } from '@app/contract/account-settings';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../../lib/domain-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { revokeUserSessions } from '../auth/public.ts';

/**
 * Settings > Password (issue 3): the current password must be right and the new one must pass the
 * spec's rules (the contract) and the common-password list. Every other login of the user ends;
 * the one that made the change stays signed in.
 */
export async function changePassword(db: Database, clock: Clock, caller: AuthContext, input: ChangePasswordRequest): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
  if (!user) throw new NotFoundError('This account no longer exists.');

  // Both fields are judged at once, so the form shows every problem in one round.
  const fieldErrors: FieldErrors = {};
  if (user.passwordHash === null) fieldErrors.current_password = [accountSettingsMessages.noPasswordYet];
  else if (!(await verifyPassword(user.passwordHash, input.current_password))) fieldErrors.current_password = [wrongPasswordMessage];
  if (isCommonPassword(input.password)) fieldErrors.password = [passwordRuleMessages.common];
  if (Object.keys(fieldErrors).length > 0 || user.passwordHash === null) throw new ValidationError(fieldErrors);

  const verifiedHash = user.passwordHash;
  const newHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Only if the hash is still the one the current password was checked against: of two
    // concurrent changes, the second finds it replaced and is told its current password is wrong.
    const changed = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: clock.now() })
      .where(and(eq(users.id, caller.userId), eq(users.passwordHash, verifiedHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new ValidationError({ current_password: [wrongPasswordMessage] });
    await revokeUserSessions(tx, caller.userId, { exceptSessionId: caller.sessionId, clock });
  });
}
