import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics at /metrics: default process metrics, plus request counts and durations by
 * method, route pattern (`/api/cart/items/:productId`, never the raw URL, which would create one
 * series per id) and status. Each app has its own registry, so tests can build several apps.
 */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    app.addHook('onResponse', (request, reply, done) => {
      if (request.routeOptions.config.metrics === false) return done();
      // Unmatched paths (404s, SPA fallbacks) share one label instead of one per URL.
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { config: { public: true, metrics: false }, logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
