import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

describe('closing the app (what SIGTERM does)', () => {
  let t: TestApp;
  let release: () => void = () => undefined;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        app.get('/api/test/slow', { config: { public: true } }, async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { finished: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('lets a request in flight finish, then closes its keep-alive connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = t.app.close();
    setTimeout(() => release(), 200);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ finished: true });
    await closed;
  });
});
