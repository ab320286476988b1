import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';

/**
 * Helmet's headers, worked out once at start-up and copied onto every reply. Our policy has no
 * per-request part (no CSP nonces), and @fastify/helmet rebuilt the whole middleware and parsed
 * the CSP again on every request: about 14% of the CPU of a cheap route under load.
 * A route opts out with `config: { securityHeaders: false }` (the health check).
 */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = computeHelmetHeaders(options.helmet);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** Runs helmet's middleware once against a recording response and keeps what it set. */
export function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
