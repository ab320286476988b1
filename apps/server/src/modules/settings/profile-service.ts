import type { Account } from '@app/contract/account';
import type { UpdateProfileRequest } from '@app/contract/account-settings';
import { registrationMessages } from '@app/contract/registration';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { accountOf, isEmailTaken } from '../accounts/public.ts';

export interface ProfileUpdate {
  account: Account;
  /** The address changed (not only its letter case): it must be verified again. */
  emailChanged: boolean;
}

/** E-mail addresses are one account each whatever their letter case (sign-up and login agree). */
function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Settings > Profile: name, e-mail and locale. A new address (compared case-insensitively) is
 * unverified until its owner follows the new link; a change of letter case only is kept as typed
 * and stays verified, since it reaches the same mailbox.
 */
export async function updateProfile(db: Database, clock: Clock, userId: string, input: UpdateProfileRequest): Promise<ProfileUpdate> {
  try {
    return await db.transaction(async (tx) => {
      // Locked, so two concurrent updates of one account agree on whether the address changed.
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw new NotFoundError('This account no longer exists.');
      const emailChanged = !sameAddress(current.email, input.email);
      if (emailChanged && (await isEmailTaken(tx, input.email))) throw emailTaken();

      const [user] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          locale: input.locale,
          updatedAt: clock.now(),
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw new NotFoundError('This account no longer exists.');
      return { account: await accountOf(tx, user), emailChanged };
    });
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
    throw error;
  }
}

function emailTaken(): ValidationError {
  return new ValidationError({ email: [registrationMessages.emailTaken] });
}
