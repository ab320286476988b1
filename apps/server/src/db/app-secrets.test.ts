import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureAppSecret } from './app-secrets.ts';

describe('ensureAppSecret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a secret once and returns the same one to every caller, even concurrent ones', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => ensureAppSecret(t.db, 'test_key')));
    expect(keys[0]?.length).toBe(32);
    for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true);
    expect((await ensureAppSecret(t.db, 'test_key')).equals(keys[0] as Buffer)).toBe(true);
  });

  it('keeps different names apart', async () => {
    const a = await ensureAppSecret(t.db, 'key_a');
    const b = await ensureAppSecret(t.db, 'key_b');
    expect(a.equals(b)).toBe(false);
  });
});
