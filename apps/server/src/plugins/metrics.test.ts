import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        app.get('/api/test/reports/:id', { config: { public: true } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  it('counts requests by method, route pattern and status, not by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/test/reports/1' });
    await t.app.inject({ method: 'GET', url: '/api/test/reports/2' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('http_requests_total{method="GET",route="/api/test/reports/:id",status_code="200"} 2');
    expect(response.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/test/reports/:id",status_code="200"}');
    expect(response.body).not.toContain('/api/test/reports/1');
  });

  it('includes the default process metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('puts unmatched paths under one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/missing/123' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).toContain('route="unmatched",status_code="404"');
    expect(response.body).not.toContain('/api/missing/123');
  });
});
