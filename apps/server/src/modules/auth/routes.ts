import { apiPaths } from '@app/contract/api-paths';
import { authConfig, googleLoginRequest, loginRequest, loginResponse, refreshTokenRequest, tokenPair } from '@app/contract/auth';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createGoogleIdTokenVerifier } from './google-id-token.ts';
import { logInWithGoogle } from './google-login-service.ts';
import { logIn } from './login-service.ts';
import { sessionMetaOf } from './request-meta.ts';
import { refreshSession, revokeSession, type TokenLifetimes } from './session-service.ts';

export interface AuthRoutesOptions {
  config: Config;
  /**
   * Run before the login handler, after the body is validated: the login rate limit goes here
   * (`loginPreHandlers: [loginRateLimit]` where app.ts registers these routes).
   */
  loginPreHandlers?: preHandlerHookHandler[];
}

/** Login, Google login, refresh, logout (spec section 7) and the auth config. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, loginPreHandlers = [] }) => {
  const lifetimes: TokenLifetimes = { accessTokenTtlSeconds: config.accessTokenTtlSeconds, refreshTokenTtlSeconds: config.refreshTokenTtlSeconds };
  const googleClientId = config.googleClientId;
  const verifyGoogleIdToken = googleClientId ? createGoogleIdTokenVerifier({ clientId: googleClientId, jwksUrl: config.googleJwksUrl, clock: app.clock }) : undefined;

  app.post(
    apiPaths.login,
    {
      config: { public: true },
      preHandler: loginPreHandlers,
      schema: {
        tags: ['auth'],
        summary: 'Logs in with e-mail and password (spec section 7); 422 "Invalid login credentials" on any mismatch',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) => logIn(app.db, app.clock, request.body, sessionMetaOf(request), lifetimes),
  );

  app.post(
    apiPaths.loginGoogle,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Logs in with a Google ID token, creating or linking the account (404 provider_disabled when Google is off)',
        body: googleLoginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const result = await logInWithGoogle(app.db, app.clock, verifyGoogleIdToken, request.body.token, sessionMetaOf(request), lifetimes);
      if (result.created) await app.accountEvents.emitRegistered({ account: result.account, via: 'google' }, request.log);
      return reply.code(200).send(result.response);
    },
  );

  app.post(
    apiPaths.refreshToken,
    {
      // Public: the access token has usually expired by now; the refresh token is the credential.
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchanges a refresh token for a new pair (rotation); a reused token revokes its login',
        body: refreshTokenRequest,
        response: { 200: tokenPair },
      },
    },
    async (request) => refreshSession(app.db, app.clock, request.body.refresh_token, lifetimes),
  );

  app.post(
    apiPaths.logout,
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the current login: its access and refresh tokens stop working',
        response: { 204: z.null().describe('Logged out') },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, requireAuth(request).sessionId, app.clock);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiPaths.authConfig,
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Which sign-in providers are offered and whether sign-up is open', response: { 200: authConfig } },
    },
    async () => ({
      providers: { google: googleClientId !== undefined, facebook: false, linkedin: false as const },
      signup_enabled: config.signupEnabled,
      google_client_id: googleClientId ?? null,
    }),
  );
};
