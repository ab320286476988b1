import type { Account } from '@app/contract/account';
import { googleLoginMessages, type LoginResponse } from '@app/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { accountOf, type UserRow } from '../accounts/public.ts';
import type { GoogleIdentity, GoogleIdTokenVerifier } from './google-id-token.ts';
import { issueSession, revokeUserSessions, type SessionMeta, type TokenLifetimes } from './session-service.ts';

export class GoogleProviderDisabledError extends DomainError {
  override name = 'GoogleProviderDisabledError';

  constructor() {
    super('provider_disabled', 404, googleLoginMessages.providerDisabled);
  }
}

export class InvalidGoogleTokenError extends DomainError {
  override name = 'InvalidGoogleTokenError';

  constructor() {
    super('invalid_google_token', 401, googleLoginMessages.invalidToken);
  }
}

/** The Google e-mail belongs to an account we may not link (unverified e-mail, or another Google account). */
export class GoogleAccountExistsError extends DomainError {
  override name = 'GoogleAccountExistsError';

  constructor() {
    super('account_exists', 409, googleLoginMessages.accountExists);
  }
}

export interface GoogleLoginResult {
  response: LoginResponse;
  account: Account;
  /** True when this sign-in created the account. */
  created: boolean;
}

/**
 * POST /api/login/google: the account is found by Google's `sub`. Without one, an account with the
 * same e-mail is linked only when Google says the e-mail is verified; otherwise a new account is
 * created (verified when Google verified the e-mail, with no password).
 */
export async function logInWithGoogle(
  db: Database,
  clock: Clock,
  verify: GoogleIdTokenVerifier | undefined,
  idToken: string,
  meta: SessionMeta,
  lifetimes: TokenLifetimes,
): Promise<GoogleLoginResult> {
  if (!verify) throw new GoogleProviderDisabledError();
  const identity = await verify(idToken);
  if (!identity) throw new InvalidGoogleTokenError();

  let resolved: { user: UserRow; created: boolean };
  try {
    resolved = await findOrCreateGoogleUser(db, clock, identity);
  } catch (error) {
    // Two first sign-ins of the same person at once: the other one created the account.
    if (!isUniqueViolation(error)) throw error;
    resolved = await findOrCreateGoogleUser(db, clock, identity);
  }
  const account = await accountOf(db, resolved.user);
  const tokens = await issueSession(db, clock, resolved.user.id, meta, lifetimes);
  return { response: { ...tokens, account }, account, created: resolved.created };
}

function findOrCreateGoogleUser(db: Database, clock: Clock, identity: GoogleIdentity): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [bySub] = await tx.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
    if (bySub) return { user: bySub, created: false };

    const now = clock.now();
    const [byEmail] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${identity.email})`)
      .limit(1)
      .for('update');
    if (byEmail) {
      // An unverified Google e-mail proves nothing about who owns the address: never link on it.
      if (!identity.emailVerified || byEmail.googleSub !== null) throw new GoogleAccountExistsError();
      // If our account's e-mail was never verified, its password was set by someone who never
      // proved they own the address (possibly an attacker who signed up first): Google has now
      // proved it, so that password and its sessions end here.
      const ownershipUnproven = byEmail.emailVerifiedAt === null;
      if (ownershipUnproven) await revokeUserSessions(tx, byEmail.id, { clock });
      const [linked] = await tx
        .update(users)
        .set({
          googleSub: identity.sub,
          emailVerifiedAt: byEmail.emailVerifiedAt ?? now,
          passwordHash: ownershipUnproven ? null : byEmail.passwordHash,
          updatedAt: now,
        })
        .where(eq(users.id, byEmail.id))
        .returning();
      if (!linked) throw new Error('linking a Google account updated no row');
      return { user: linked, created: false };
    }

    const [created] = await tx
      .insert(users)
      .values({
        name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
        email: identity.email,
        emailVerifiedAt: identity.emailVerified ? now : null,
        googleSub: identity.sub,
        locale: 'en',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('inserting a user returned no row');
    return { user: created, created: true };
  });
}
