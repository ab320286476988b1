import type { Account } from '@app/contract/account';
import type { TokenPair } from '@app/contract/auth';
import { errorMessages } from '@app/contract/messages';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { ValidationError } from '../../lib/domain-errors.ts';
import { burnDummyVerification, verifyPassword } from '../../lib/password-hash.ts';
import { accountOf } from '../accounts/public.ts';
import { issueSession, type SessionMeta, type TokenLifetimes } from './session-service.ts';

/**
 * Wrong password, unknown e-mail and an account without a password (Google only) all get exactly
 * this answer, so the login form reveals nothing about which e-mails are registered.
 */
export class InvalidCredentialsError extends ValidationError {
  override name = 'InvalidCredentialsError';

  constructor() {
    super({ email: [errorMessages.invalidCredentials] }, errorMessages.invalidCredentials);
  }
}

/** POST /api/login (spec section 7): e-mail (any case) and password to a new session. */
export async function logIn(
  db: Database,
  clock: Clock,
  credentials: { email: string; password: string },
  meta: SessionMeta,
  lifetimes: TokenLifetimes,
): Promise<TokenPair & { account: Account }> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${credentials.email})`)
    .limit(1);
  if (!user?.passwordHash) {
    // Same work as a real verification, so the answer takes the same time.
    await burnDummyVerification();
    throw new InvalidCredentialsError();
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) throw new InvalidCredentialsError();
  const tokens = await issueSession(db, clock, user.id, meta, lifetimes);
  return { ...tokens, account: await accountOf(db, user) };
}
