import type { Account } from '@app/contract/account';
import type { TokenPair } from '@app/contract/auth';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { registrationMessages, type RegisterRequest } from '@app/contract/registration';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { DomainError, ValidationError, type FieldErrors } from '../../lib/domain-errors.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { issueSession, type SessionMeta, type TokenLifetimes } from '../auth/public.ts';
import { accountOf, isEmailTaken } from './account-view.ts';
import { currentPolicyVersions } from './policy-versions.ts';

export interface RegistrationSettings {
  signupEnabled: boolean;
  lifetimes: TokenLifetimes;
}

export class SignupDisabledError extends DomainError {
  override name = 'SignupDisabledError';

  constructor() {
    super('signup_disabled', 403, registrationMessages.signupDisabled);
  }
}

/**
 * Sign-up (issue 3): the contract has checked the fields and the spec's password rules; this adds
 * the common-password list and the unique e-mail, records which policy versions were accepted and
 * when, and signs the new account in (same answer as login).
 */
export async function registerAccount(
  db: Database,
  clock: Clock,
  input: RegisterRequest,
  meta: SessionMeta,
  settings: RegistrationSettings,
): Promise<{ account: Account; tokens: TokenPair }> {
  if (!settings.signupEnabled) throw new SignupDisabledError();

  const fieldErrors: FieldErrors = {};
  if (await isEmailTaken(db, input.email)) fieldErrors.email = [registrationMessages.emailTaken];
  if (isCommonPassword(input.password)) fieldErrors.password = [passwordRuleMessages.common];
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError(fieldErrors);

  // Hashed before the transaction: it takes tens of milliseconds and needs no connection.
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          locale: 'en',
          privacyPolicyVersion: currentPolicyVersions.privacyPolicy,
          privacyPolicyAcceptedAt: now,
          termsVersion: currentPolicyVersions.terms,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('inserting a user returned no row');
      const tokens = await issueSession(tx, clock, user.id, meta, settings.lifetimes);
      return { account: await accountOf(tx, user), tokens };
    });
  } catch (error) {
    // Two sign-ups with the same e-mail at once: the unique index decides, the loser gets the 422.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw new ValidationError({ email: [registrationMessages.emailTaken] });
    throw error;
  }
}
