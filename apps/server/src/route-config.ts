// Per-route switches our plugins read from `config`. Routes are private, CSRF-checked and counted
// in the metrics unless they say otherwise here.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. The auth guard lets only these through without a token. */
    public?: boolean;
    /** `false` exempts the route from the CSRF check (webhooks signed by their sender). */
    csrf?: boolean;
    /** `false` keeps the route out of the request metrics (health checks, the metrics route). */
    metrics?: boolean;
    /** `false` sends the route's replies without the security headers (the health check). */
    securityHeaders?: boolean;
  }
}

export {};
