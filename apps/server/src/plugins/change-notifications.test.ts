import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSubscriber } from '../db/change-listener.ts';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A subscriber that records what it is told; `failOn` makes its onChange throw for that payload. */
function recorder(channel: string, failOn?: string): ChangeSubscriber & { payloads: string[]; liveness: boolean[] } {
  const payloads: string[] = [];
  const liveness: boolean[] = [];
  return {
    channel,
    payloads,
    liveness,
    onChange: (payload) => {
      if (payload === failOn) throw new Error(`cannot apply ${payload}`);
      payloads.push(payload);
    },
    setLive: (live) => void liveness.push(live),
  };
}

describe('change notifications', () => {
  let t: TestApp;
  const first = recorder('test_changes', 'poison');
  const second = recorder('test_changes');
  const elsewhere = recorder('other_test_changes');

  beforeAll(async () => {
    t = await createTestApp({
      jobs: false,
      configure: (app) => {
        app.register(async (instance) => {
          for (const subscriber of [first, second, elsewhere]) instance.changeNotifications.subscribe(subscriber);
        });
      },
    });
    await eventually(async () => {
      for (const subscriber of [first, second, elsewhere]) expect(subscriber.liveness).toEqual([true]);
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells every subscriber of a channel each notification, a second subscriber not replacing the first', async () => {
    await t.db.execute(sql`select pg_notify('test_changes', 'user-1')`);
    await t.db.execute(sql`select pg_notify('other_test_changes', 'user-2')`);
    await eventually(async () => {
      expect(first.payloads).toEqual(['user-1']);
      expect(second.payloads).toEqual(['user-1']);
      expect(elsewhere.payloads).toEqual(['user-2']);
    });
  });

  it('starts a subscriber that cannot apply a change over (lost and back), and still tells the others', async () => {
    await t.db.execute(sql`select pg_notify('test_changes', 'poison')`);
    await t.db.execute(sql`select pg_notify('test_changes', 'user-3')`);
    await eventually(async () => {
      expect(second.payloads).toEqual(['user-1', 'poison', 'user-3']);
      expect(first.payloads).toEqual(['user-1', 'user-3']);
    });
    expect(first.liveness).toEqual([true, false, true]);
    expect(second.liveness).toEqual([true]);
  });

  it('refuses a subscriber once the app is ready', () => {
    expect(() => t.app.changeNotifications.subscribe(recorder('late_changes'))).toThrow(/subscribe before the app is ready/);
  });
});
