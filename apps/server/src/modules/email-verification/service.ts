import type { Account } from '@app/contract/account';
import {
  invalidVerificationLinkMessage,
  verificationLinkForOtherAccountMessage,
  verificationLinkLifetimeMinutes,
  type VerifyEmailRequest,
} from '@app/contract/email-verification';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ensureAppSecret } from '../../db/app-secrets.ts';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { checkSignedPath, formatSignedPath, signPath } from '../../lib/signed-url.ts';
import { loadAccount } from '../accounts/public.ts';
import { verifyEmailMessage, type Mailer } from '../mail/public.ts';

/** SHA-1 hex of the address, as Laravel puts in its links: the link dies when the address changes. */
export function emailHash(email: string): string {
  return createHash('sha1').update(email).digest('hex');
}

/** The SPA route `verification.verify`, the part of the link the signature covers. */
export function verificationPathname(userId: string, hash: string): string {
  return `/verify-email/${encodeURIComponent(userId)}/${encodeURIComponent(hash)}`;
}

// One key per database (app_secrets), shared by every instance; read once, retried after a failure.
const signingKeys = new WeakMap<Database, Promise<Buffer>>();

export function urlSigningKey(db: Database): Promise<Buffer> {
  let key = signingKeys.get(db);
  if (!key) {
    key = ensureAppSecret(db, 'url-signing');
    key.catch(() => signingKeys.delete(db));
    signingKeys.set(db, key);
  }
  return key;
}

/** The path and query of a verification link (`/verify-email/{id}/{hash}?expires=&signature=`), valid for 60 minutes. */
export function verificationLinkPath(key: Buffer, user: { id: string; email: string }, now: Date): string {
  const expiresAt = new Date(now.getTime() + verificationLinkLifetimeMinutes * 60_000);
  return formatSignedPath(signPath(key, verificationPathname(user.id, emailHash(user.email)), expiresAt));
}

export type VerificationEmailOutcome = 'sent' | 'already_verified';

/**
 * Queues a verification e-mail to the user's current address (after sign-up, on request, and when
 * the profile's e-mail changes). Delivery happens in the background; a relay that is down never
 * fails the caller. Does nothing for an address that is already verified.
 */
export async function sendVerificationEmail(deps: { db: Database; clock: Clock; mail: Mailer }, userId: string): Promise<VerificationEmailOutcome> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new NotFoundError('This account no longer exists.');
  if (user.emailVerifiedAt !== null) return 'already_verified';
  const link = deps.mail.link(verificationLinkPath(await urlSigningKey(deps.db), user, deps.clock.now()));
  await deps.mail.send(verifyEmailMessage(user.email, { name: user.name, verifyUrl: link, expiresInMinutes: verificationLinkLifetimeMinutes }));
  return 'sent';
}

export async function isEmailVerified(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError('This account no longer exists.');
  return user.emailVerifiedAt !== null;
}

/** False for a string holding a lone UTF-16 surrogate (String.prototype.isWellFormed, not yet in our ES2023 lib). */
function isWellFormed(value: string): boolean {
  return !/\p{Surrogate}/u.test(value);
}

function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Marks the caller's address verified when the link is genuine, unexpired, theirs, and for the
 * address they have now. Using the same link again answers the same (harmless).
 */
export async function verifyEmail(db: Database, clock: Clock, callerId: string, link: VerifyEmailRequest): Promise<Account> {
  // A lone UTF-16 surrogate cannot be percent-encoded (encodeURIComponent throws: was a 500 in
  // issue 14's fuzz run); no link we sent holds one, so it is a link that is not ours.
  const check = !isWellFormed(link.id) || !isWellFormed(link.hash)
    ? 'invalid'
    : checkSignedPath(await urlSigningKey(db), { pathname: verificationPathname(link.id, link.hash), expires: link.expires, signature: link.signature }, clock.now());
  if (check === 'invalid') throw new ValidationError({ signature: [invalidVerificationLinkMessage] }, invalidVerificationLinkMessage);
  if (check === 'expired') throw new ValidationError({ expires: [invalidVerificationLinkMessage] }, invalidVerificationLinkMessage);
  if (link.id !== callerId) throw new ForbiddenError(verificationLinkForOtherAccountMessage);

  const [user] = await db.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, callerId)).limit(1);
  if (!user) throw new NotFoundError('This account no longer exists.');
  // A link sent to a former address must not verify the new one.
  if (!sameHash(emailHash(user.email), link.hash)) throw new ValidationError({ hash: [invalidVerificationLinkMessage] }, invalidVerificationLinkMessage);

  if (user.emailVerifiedAt === null) {
    const now = clock.now();
    // The e-mail condition closes the race with a profile update changing the address meanwhile.
    await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, callerId), eq(users.email, user.email), isNull(users.emailVerifiedAt)));
  }
  return loadAccount(db, callerId);
}
