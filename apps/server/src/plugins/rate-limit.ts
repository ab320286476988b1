import { tooManyAttemptsMessage } from '@app/contract/rate-limits';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../lib/domain-errors.ts';
import { hitRateLimits, resetRateLimits, sweepRateLimits, type RateLimitHit, type RateLimitRule } from '../lib/rate-limiter.ts';

/** The limits of issue 3. Counters live in PostgreSQL, so every instance enforces the same ones. */
export const rateLimitRules = {
  /** Spec: 5 login attempts per minute per e-mail and IP; a success clears the count. */
  loginPerEmailAndIp: { name: 'login.email-ip', limit: 5, windowSeconds: 60 },
  /** Higher and separate, so one person's lockout does not block the rest of an office's NAT. */
  loginPerIp: { name: 'login.ip', limit: 50, windowSeconds: 60 },
  /** Against harvesting: sign-up says when an address is taken. */
  registerPerIp: { name: 'register.ip', limit: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerIp: { name: 'forgot-password.ip', limit: 10, windowSeconds: 60 * 60 },
  /** Silent: a second request within a minute gets the same answer and no second e-mail. */
  forgotPasswordPerEmail: { name: 'forgot-password.email', limit: 1, windowSeconds: 60 },
  verificationResendPerUser: { name: 'verification-resend.user', limit: 1, windowSeconds: 60 },
  verificationResendPerUserHourly: { name: 'verification-resend.user-hour', limit: 6, windowSeconds: 60 * 60 },
  verificationResendPerIp: { name: 'verification-resend.ip', limit: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** One counter of a route, keyed by values of the request. */
export interface RouteRateLimit {
  rule: RateLimitRule;
  /** The values counted by (the client IP, the e-mail of the body); undefined skips the counter. */
  by: (request: FastifyRequest) => readonly string[] | undefined;
  /** A successful (2xx) answer clears the counter: a login that succeeds forgives the failures before it. */
  resetOnSuccess?: boolean;
}

/**
 * The client address. Fastify's `request.ip` honours X-Forwarded-For only when TRUST_PROXY says
 * which proxies to believe, so a made-up header cannot move a client to a fresh counter.
 */
const clientIp = (request: FastifyRequest): readonly string[] => [request.ip];

function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body) || typeof body.email !== 'string') return undefined;
  // Addresses are compared case-insensitively everywhere (sign-up, login).
  return body.email.trim().toLowerCase();
}

export const loginRateLimits: readonly RouteRateLimit[] = [
  {
    rule: rateLimitRules.loginPerEmailAndIp,
    by: (request) => {
      const email = bodyEmail(request);
      return email === undefined ? undefined : [email, request.ip];
    },
    resetOnSuccess: true,
  },
  { rule: rateLimitRules.loginPerIp, by: clientIp },
];

/** Sign-up per IP; `limitPerHour` comes from SIGNUP_LIMIT_PER_HOUR (default 10). */
export function registerRateLimits(limitPerHour: number = rateLimitRules.registerPerIp.limit): readonly RouteRateLimit[] {
  return [{ rule: { ...rateLimitRules.registerPerIp, limit: limitPerHour }, by: clientIp }];
}

/** Counts one hit on each counter; throws 429 (Retry-After: the longest wait) when any is over. */
export async function enforceRateLimits(app: FastifyInstance, hits: readonly RateLimitHit[]): Promise<void> {
  const outcomes = await hitRateLimits(app.db, hits, app.clock.now());
  const exceeded = outcomes.filter((outcome) => !outcome.allowed);
  if (exceeded.length === 0) return;
  const retryAfterSeconds = Math.max(...exceeded.map((outcome) => outcome.retryAfterSeconds));
  throw new TooManyRequestsError(retryAfterSeconds, tooManyAttemptsMessage(retryAfterSeconds));
}

/**
 * A preHandler (it runs after the body is validated, so it can count by e-mail) that enforces the
 * route's limits. Use as `preHandler: rateLimitPreHandler(registerRateLimits)`.
 */
export function rateLimitPreHandler(limits: readonly RouteRateLimit[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const hits: RateLimitHit[] = [];
    const resets: RateLimitHit[] = [];
    for (const limit of limits) {
      const parts = limit.by(request);
      if (parts === undefined) continue;
      hits.push({ rule: limit.rule, parts });
      if (limit.resetOnSuccess) resets.push({ rule: limit.rule, parts });
    }
    await enforceRateLimits(request.server, hits);
    request.rateLimitsToReset = resets;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Counters to clear if the answer is a success (set by rateLimitPreHandler). */
    rateLimitsToReset: RateLimitHit[] | null;
  }
}

export const sweepRateLimitsJob = 'rate-limits.sweep';

/**
 * Clears `resetOnSuccess` counters before a successful answer is sent (so the client's next call
 * already sees them cleared), and sweeps expired counters every ten minutes through the job queue
 * (once across all instances).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    app.decorateRequest('rateLimitsToReset', null);
    app.addHook('onSend', async (request, reply, payload) => {
      const resets = request.rateLimitsToReset;
      if (resets && resets.length > 0 && reply.statusCode >= 200 && reply.statusCode < 300) {
        await resetRateLimits(app.db, resets);
      }
      return payload;
    });

    app.jobs.define(sweepRateLimitsJob, { retryLimit: 0, expireInSeconds: 60 }, async () => {
      const swept = await sweepRateLimits(app.db, app.clock.now());
      if (swept > 0) app.log.debug({ swept }, 'expired rate-limit counters deleted');
    });
    app.jobs.schedule(sweepRateLimitsJob, '*/10 * * * *');
  },
  { name: 'rate-limit', dependencies: ['db', 'jobs'] },
);
