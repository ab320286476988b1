// Error reporting (spec sections 7 and 9) stays off unless a DSN is given at build time
// (VITE_SENTRY_DSN). The SDK is imported only then, so a build without it ships none of it.

import type * as SentryReact from '@sentry/react';

type SentryModule = typeof SentryReact;

let sentry: SentryModule | null = null;

/** Starts Sentry when configured; resolves to whether it did. */
export async function initErrorReporting(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  // Spec section 9 values and where each lives in @sentry/react 11:
  // - "personal data sending is on": SDK 11 replaced `sendDefaultPii` by `dataCollection`; the
  //   categories below are what `sendDefaultPii: true` used to switch on.
  // - 100 breadcrumbs: `maxBreadcrumbs: 100`.
  // - linked-error depth 5: `linkedErrorsIntegration({ limit: 5 })`.
  // - 1000 spans per transaction, 60 s rate-limit fallback, 5 s log flush idle delay, 1 s click
  //   de-duplication, keepalive budget of 60000 bytes with fewer than 15 requests: fixed SDK
  //   constants with exactly these values in 11.12 (MAX_SPAN_COUNT, DEFAULT_RETRY_AFTER,
  //   DEFAULT_FLUSH_INTERVAL, DEBOUNCE_DURATION, the fetch transport's keepalive rule); no option
  //   sets them.
  // - render span timeout 2 s: SDK 11 has no such setting; nothing to map.
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    dataCollection: {
      userInfo: true,
      cookies: true,
      httpHeaders: true,
      urlQueryParams: true,
    },
    maxBreadcrumbs: 100,
    integrations: [Sentry.linkedErrorsIntegration({ limit: 5 })],
  });
  sentry = Sentry;
  return true;
}

/** Sends an error caught by an error boundary; logs it to the console when reporting is off. */
export function reportError(error: unknown): void {
  if (sentry) sentry.captureException(error);
  else console.error(error);
}
