import { invalidResetLinkMessage, resetLinkLifetimeMinutes, type ResetPasswordRequest } from '@app/contract/password-reset';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { tooManyAttemptsMessage } from '@app/contract/rate-limits';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { TooManyRequestsError, ValidationError } from '../../lib/domain-errors.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { hitRateLimits } from '../../lib/rate-limiter.ts';
import { looksLikeOpaqueToken, newOpaqueToken, sha256Hex } from '../../lib/token-hash.ts';
import { rateLimitRules } from '../../plugins/rate-limit.ts';
import { revokeUserSessions } from '../auth/public.ts';
import { resetPasswordMessage, type Mailer } from '../mail/public.ts';

export const sendResetLinkJob = 'password-reset.send-link';

export interface SendResetLinkJobData {
  email: string;
}

/**
 * Forgot-password, the part the HTTP request does. It is the same for every address, registered or
 * not: count the request, then queue a job with the address. Whether an account exists is only
 * looked at by the job, so neither the answer nor its timing can tell. A second request for the same
 * address within a minute is dropped silently (the same answer, no second e-mail).
 */
export async function requestPasswordReset(deps: { db: Database; clock: Clock; jobs: JobQueue }, email: string, ip: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const [perIp, perEmail] = await hitRateLimits(
    deps.db,
    [
      { rule: rateLimitRules.forgotPasswordPerIp, parts: [ip] },
      { rule: rateLimitRules.forgotPasswordPerEmail, parts: [normalised] },
    ],
    deps.clock.now(),
  );
  if (perIp && !perIp.allowed) throw new TooManyRequestsError(perIp.retryAfterSeconds, tooManyAttemptsMessage(perIp.retryAfterSeconds));
  if (perEmail && !perEmail.allowed) return;
  await deps.jobs.send<SendResetLinkJobData>(sendResetLinkJob, { email: normalised });
}

/**
 * The job: for a registered address, replace any earlier reset token with a new one (32 random
 * bytes, stored as its SHA-256) that expires in 60 minutes, and e-mail the link. For an unknown
 * address there is nobody to write to.
 */
export async function sendResetLink(deps: { db: Database; clock: Clock; mail: Mailer }, email: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user) return;
  const token = newOpaqueToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + resetLinkLifetimeMinutes * 60_000);
  await deps.db
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: sha256Hex(token), createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash: sha256Hex(token), createdAt: now, expiresAt } });
  const resetUrl = deps.mail.link(`/reset-password/${token}?${new URLSearchParams({ email: user.email }).toString()}`);
  await deps.mail.send(resetPasswordMessage(user.email, { name: user.name, resetUrl, expiresInMinutes: resetLinkLifetimeMinutes }));
}

const invalidLink = () => new ValidationError({ email: [invalidResetLinkMessage] }, invalidResetLinkMessage);

/**
 * Sets a new password with a reset link. The token works once (deleted in the same transaction
 * that changes the password, so of two concurrent uses only one succeeds), only with the address
 * it was sent to, and only within 60 minutes. Every login of the account ends.
 */
export async function resetPassword(db: Database, clock: Clock, request: ResetPasswordRequest): Promise<void> {
  if (!looksLikeOpaqueToken(request.token)) throw invalidLink();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, request.email.toLowerCase()))
    .limit(1);
  if (!user) throw invalidLink();
  const tokenHash = sha256Hex(request.token);
  const live = and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, clock.now()));

  // Checked before hashing, so a wrong link costs no argon2 time; the delete below decides.
  const [found] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(live).limit(1);
  if (!found) throw invalidLink();
  if (isCommonPassword(request.password)) throw new ValidationError({ password: [passwordRuleMessages.common] });
  const passwordHash = await hashPassword(request.password);

  await db.transaction(async (tx) => {
    const used = await tx.delete(passwordResetTokens).where(live).returning({ userId: passwordResetTokens.userId });
    if (used.length === 0) throw invalidLink();
    await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, { clock });
  });
}
