import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { contentSecurityPolicyDirectives } from './lib/content-security-policy.ts';
import { createLogger } from './logger.ts';
import { createAccountEvents } from './modules/accounts/public.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { assessmentRoutes } from './modules/questionnaire/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authenticateAccessToken, SessionCache, sessionCachePlugin } from './modules/auth/public.ts';
import { BasketCache, basketCachePlugin } from './modules/shop/public.ts';
import { billingDetailsRoutes } from './modules/billing-details/routes.ts';
import { organisationRoutes } from './modules/organisations/routes.ts';
import { billingModule } from './modules/billing/public.ts';
import { birthDetailsRoutes } from './modules/birth-details/routes.ts';
import { emailVerificationRoutes } from './modules/email-verification/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mailModule } from './modules/mail/public.ts';
import { ordersModule } from './modules/orders/public.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { paymentsPlugin } from './modules/payments/public.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { policyRoutes } from './modules/policies/routes.ts';
import { reportsModule } from './modules/reports/public.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { teamInsightsModule } from './modules/team-insights/public.ts';
import { portfolioRoutes } from './modules/portfolio/public.ts';
import { eventAttendeeRoutes } from './modules/event-attendees/public.ts';
import { organisationShareRoutes } from './modules/organisation-shares/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { changeNotificationsPlugin } from './plugins/change-notifications.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { nulCharactersPlugin } from './plugins/nul-characters.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { loginRateLimits, rateLimitPlugin, rateLimitPreHandler } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import './route-config.ts';

export interface AppDeps {
  db: Database;
  /** The pool behind `db`; the caller owns it and ends it after `app.close()`. */
  pool: pg.Pool;
  /**
   * What the auth guard's token look-ups run on: connections of their own in production
   * (config sessionLookupPoolSize, main.ts), so that they do not queue ahead of the queries of
   * requests already admitted. Defaults to `db`. The caller owns its pool too.
   */
  sessionLookupDb?: Database;
  /** Defaults to createLogger(config); tests pass one that writes to a captured stream. */
  logger?: Logger;
  /** Defaults to the system clock; tests pass a ManualClock to move time (token expiry). */
  clock?: Clock;
  /**
   * Tests only: each database change notification reaches the caches this much later (a slow
   * network), so that a test that passes only by the notification's speed fails every time.
   */
  changeDelayMs?: number;
}

/** Builds the HTTP application without listening (tests call `app.inject`). */
export function buildApp(config: Config, deps: AppDeps) {
  const production = config.nodeEnv === 'production';
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    genReqId: () => randomUUID(),
    // A request id from our own proxy ties its logs to ours; from anyone else it is not trusted.
    requestIdHeader: config.trustProxy === false ? false : 'x-request-id',
    // Fastify's types lack the hop count its runtime accepts; a function is the typed equivalent.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('accountEvents', createAccountEvents());

  // First, so that the routes of every plugin below (docs, static files) share the one handler.
  app.register(errorsPlugin);

  // External plugins.
  app.register(cookie);
  app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config.publicUrl, { googleSignIn: config.googleClientId !== undefined, stripe: config.payments.provider === 'stripe' }) },
      // Same answer as the CSP's frame-ancestors 'none', for browsers that only know this header.
      frameguard: { action: 'deny' },
      // Google sign-in opens a popup that must be able to message this window.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HSTS in production (served over TLS, maybe by a proxy in front) and whenever the public
      // address is https; browsers ignore it over plain http, so a local production run is unharmed.
      strictTransportSecurity: production || config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    },
  });
  app.register(compressionPlugin);
  app.register(openApiPlugin, { publicUrl: config.publicUrl });

  // Our cross-cutting plugins.
  app.register(gracefulClosePlugin);
  app.register(jsonBodyPlugin);
  // Before any route: PostgreSQL's text cannot hold the NUL a request may carry.
  app.register(nulCharactersPlugin);
  app.register(dbPlugin, { db: deps.db, pool: deps.pool });
  // Background jobs; started by main.ts (and createTestApp) once the database is migrated.
  app.register(jobsPlugin);
  app.register(csrfPlugin, { db: deps.db, secureCookies: production });
  // Every route registered after this is private unless its config says `public: true`.
  // Sessions read together (a crowd signing in, or opening the questionnaire at once) expire
  // between half and all of the time to live, not all at the same moment (docs/decisions.md).
  const sessionCache = new SessionCache({ ttlMs: config.sessionCacheTtlMs, clock, expirySpread: 0.5 });
  app.register(changeNotificationsPlugin, { deliveryDelayMs: deps.changeDelayMs ?? 0 });
  app.register(sessionCachePlugin, { cache: sessionCache });
  app.register(authPlugin, {
    authenticate: (token) => authenticateAccessToken(deps.sessionLookupDb ?? deps.db, clock, token, sessionCache),
    onCallerChange: (userId) => sessionCache.evictUser(userId),
  });
  // GET /api/cart's answers in memory; its hook forgets a caller's baskets after any change they
  // make, on any route (a checkout, an account deletion), so it is registered here, for all.
  app.register(basketCachePlugin, { cache: new BasketCache({ ttlMs: config.basketCacheTtlMs, clock }) });
  app.register(rateLimitPlugin);
  app.register(metricsPlugin);
  app.register(spaPlugin, { webDistDir: config.webDistDir });

  // Modules.
  app.register(healthRoutes);
  app.register(geoRoutes);
  app.register(mailModule, { config });
  app.register(authRoutes, { config, loginPreHandlers: [rateLimitPreHandler(loginRateLimits)] });
  app.register(accountRoutes, { config });
  app.register(emailVerificationRoutes);
  app.register(passwordResetRoutes);
  app.register(birthDetailsRoutes);
  app.register(billingDetailsRoutes);
  app.register(settingsRoutes);
  app.register(policyRoutes);
  app.register(paymentsPlugin, { config: config.payments, production });
  app.register(paymentRoutes);
  app.register(ordersModule, { config });
  app.register(shopRoutes, { config });
  app.register(assessmentRoutes, { config });
  app.register(reportsModule, { config });
  app.register(organisationRoutes, { sellerCountry: config.defaultVatCountry });
  app.register(teamInsightsModule, { config });
  app.register(portfolioRoutes);
  app.register(eventAttendeeRoutes);
  app.register(organisationShareRoutes);
  app.register(billingModule, { sellerCountry: config.defaultVatCountry, invoiceOptions: { seller: config.payments.seller } });

  return app;
}

export type App = ReturnType<typeof buildApp>;

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
