import { apiPaths } from '@app/contract/api-paths';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureAppSecret } from '../db/app-secrets.ts';
import type { Database } from '../db/connection.ts';
import { isCsrfTokenValid, mintCsrfToken, newClientId, safeEqual } from '../lib/csrf-token.ts';
import { CsrfMismatchError } from '../lib/domain-errors.ts';
import { BoundedMap } from '../lib/bounded-map.ts';

export interface CsrfPluginOptions {
  db: Database;
  /** Secure cookies (production, served over https). */
  secureCookies: boolean;
}

/** The cookie the SPA reads and echoes in X-XSRF-TOKEN (names as Laravel Sanctum spells them). */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'x-xsrf-token';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrf: FastifyPluginAsyncZod<CsrfPluginOptions> = async (app, { db, secureCookies }) => {
  // With Secure cookies the __Host- prefix also stops a sibling subdomain from overwriting the id.
  const clientIdCookieName = secureCookies ? '__Host-csrf-client' : 'csrf-client';
  const cookieOptions = { path: '/', sameSite: 'lax', secure: secureCookies } as const;

  // Read lazily and retried after a failure, so the app builds and serves /health while the
  // database is down. The key lives in app_secrets: every instance verifies every other's tokens.
  let signingKey: Promise<Buffer> | undefined;
  let loadedKey: Buffer | undefined;
  const getSigningKey = (): Promise<Buffer> =>
    (signingKey ??= ensureAppSecret(db, 'csrf_signing_key').then(
      (key) => (loadedKey = key),
      (error: unknown) => {
        signingKey = undefined;
        throw error;
      },
    ));
  // A browser sends the same token with every change it makes (an answer per question): a pair
  // checked once is not hashed again. Only valid pairs are kept, so a guess never lands in it.
  const verifiedPairs = new BoundedMap<string, true>(10_000);

  app.get(
    apiPaths.csrfCookie,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sets the XSRF-TOKEN cookie (spec section 7)',
        response: { 204: z.null().describe('XSRF-TOKEN cookie set') },
      },
    },
    async (request, reply) => {
      const key = await getSigningKey();
      let clientId = request.cookies[clientIdCookieName];
      if (!clientId || clientId.length > 64) {
        clientId = newClientId();
        reply.setCookie(clientIdCookieName, clientId, { ...cookieOptions, httpOnly: true });
      }
      // Readable by script on purpose: the SPA copies it into the X-XSRF-TOKEN header.
      reply.setCookie(xsrfCookieName, mintCsrfToken(key, clientId), { ...cookieOptions, httpOnly: false });
      return reply.code(204).send(null);
    },
  );

  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method) || request.routeOptions.config.csrf === false) return done();
    const pair = submittedPair(request);
    if (!pair) return done(new CsrfMismatchError());
    // The key is loaded after the first check; from then on a check needs no promise.
    if (loadedKey) return done(isValid(loadedKey, pair) ? undefined : new CsrfMismatchError());
    getSigningKey().then(
      (key) => done(isValid(key, pair) ? undefined : new CsrfMismatchError()),
      (error: unknown) => done(error as Error),
    );
  });

  /** The client id and the token of the header, when the header matches the cookie. */
  function submittedPair(request: FastifyRequest): { clientId: string; token: string } | undefined {
    const header = request.headers[xsrfHeaderName];
    const cookie = request.cookies[xsrfCookieName];
    const clientId = request.cookies[clientIdCookieName];
    if (typeof header !== 'string' || !cookie || !clientId || !safeEqual(header, cookie)) return undefined;
    return { clientId, token: header };
  }

  function isValid(key: Buffer, { clientId, token }: { clientId: string; token: string }): boolean {
    const pair = `${clientId} ${token}`;
    if (verifiedPairs.has(pair)) return true;
    if (!isCsrfTokenValid(key, clientId, token)) return false;
    verifiedPairs.set(pair, true);
    return true;
  }
};

/**
 * CSRF protection as DESIGN section 4: GET /sanctum/csrf-cookie sets XSRF-TOKEN; every other
 * method must echo it in X-XSRF-TOKEN, or gets 419 csrf_mismatch. `config: { csrf: false }` opts out.
 */
export const csrfPlugin = fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie', 'errors'] });
