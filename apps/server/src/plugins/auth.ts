import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthenticatedError } from '../lib/domain-errors.ts';

/** Who is calling: the account and the login (token family) the access token belongs to. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

/**
 * What the auth guard knows about the caller of a private route. modules/auth's token look-up adds
 * what it reads with the token (the account's columns, the questionnaire status) by declaration
 * merging, so that this plugin does not depend on the modules.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by declaration merging in modules/auth
export interface AuthenticatedSession extends AuthContext {}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every private route by the auth guard; null on public routes. Read it with requireAuth. */
    auth: AuthenticatedSession | null;
    /**
     * Set by a route that has itself brought the caller's cached session up to date after its
     * write (an answer updates the questionnaire progress in place): the guard then does not
     * forget the caller, and their next request is still answered from memory.
     */
    sessionKeptCurrent: boolean;
  }
}

export interface AuthPluginOptions {
  /** Resolves an access token to its account and login, or null (modules/auth/session-service). */
  authenticate: (accessToken: string) => Promise<AuthenticatedSession | null>;
  /**
   * Told, before the answer leaves, that a caller's own request may have changed their account
   * (any method but GET, HEAD and OPTIONS, unless the route set `sessionKeptCurrent`): the session
   * cache forgets them, so their next request reads the new state.
   */
  onCallerChange?: (userId: string) => void;
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

// RFC 6750: `Authorization: Bearer <token>`, the scheme case-insensitive.
const bearerPattern = /^Bearer +([^\s]+) *$/i;

/** The access token of the Authorization header; a token anywhere else (query string, cookie) is ignored. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return bearerPattern.exec(header)?.[1];
}

/** The caller of a private route; throws 401 if the route was (wrongly) left public. */
export function requireAuth(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/**
 * The auth guard (DESIGN section 4, STYLE "Server"): every route is private unless its config says
 * `public: true`. A private route needs a valid `Authorization: Bearer` access token, else 401
 * `{ message, code: 'unauthenticated' }`. Unmatched paths are left to the not-found handler, so an
 * unknown URL gets its 404 (and the SPA's deep links their index.html) without a token.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { authenticate, onCallerChange }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionKeptCurrent', false);
    if (onCallerChange) {
      app.addHook('onSend', async (request) => {
        if (request.auth && !request.sessionKeptCurrent && !readOnlyMethods.has(request.method)) onCallerChange(request.auth.userId);
      });
    }
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public === true) return;
      const token = bearerToken(request);
      const auth = token === undefined ? null : await authenticate(token);
      if (!auth) throw new UnauthenticatedError();
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
