import { reportApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, reportsOf, waitForReports } from '../../../test/report-helpers.ts';
import { startSecondInstance } from '../../../test/second-instance.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { RegisteredUser } from '../../../test/auth-helpers.ts';
import { describeCacheSources } from '../../../test/cache-sources.ts';
import { reportListCacheSources } from './report-list-cache.ts';

// GET /api/reports from memory (report-list-cache.ts), with a time to live long enough that only
// the invalidation can make a change show: PostgreSQL notifications, and the instance's own
// eviction when the owner opens a report.

describe('the reports list cache', () => {
  let t: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { REPORT_LIST_CACHE_TTL_MS: '60000' } });
    await eventually(async () => expect(t.app.reportListCache.live).toBe(true));
    owner = await registerRespondent(t);
    await answerAllQuestions(t, owner);
    // Waiting for 'ready' through the cached list works only if generation's changes evict it.
    await buyReports(t, owner, seededSkus.big5);
    await waitForReports(t, owner, allReady(1));
  });
  afterAll(() => t.close());

  it('answers from memory: a change the triggers do not announce is not seen', async () => {
    const [before] = await reportsOf(t, owner);
    const client = await t.pool.connect();
    try {
      // Triggers off inside this transaction only (others never see them off): the change is real
      // but unannounced. As the table's owner, not a superuser, as on CI's external PostgreSQL.
      await client.query('begin');
      await client.query(`alter table granted_reports disable trigger user`);
      await client.query(`update granted_reports set created_at = created_at - interval '1 day' where id = $1`, [before!.id]);
      await client.query(`alter table granted_reports enable trigger user`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    const [after] = await reportsOf(t, owner);
    expect(after!.created_at).toBe(before!.created_at);
  });

  it('follows a change made in the database by anyone, through its notification', async () => {
    const [before] = await reportsOf(t, owner);
    expect(before!.is_new).toBe(true);
    await t.pool.query(`update granted_reports set opened_at = now() where id = $1`, [before!.id]);
    await eventually(async () => expect((await reportsOf(t, owner))[0]!.is_new).toBe(false));
    await t.pool.query(`update granted_reports set opened_at = null where id = $1`, [before!.id]);
    await eventually(async () => expect((await reportsOf(t, owner))[0]!.is_new).toBe(true));
  });

  it('shows an opened report as no longer new on the very next list of the same instance', async () => {
    const [report] = await reportsOf(t, owner);
    expect(report!.is_new).toBe(true);
    const view = await t.app.inject({ method: 'GET', url: reportApiPaths.report(report!.type, report!.id), headers: owner.authHeaders });
    expect(view.statusCode).toBe(200);
    expect((await reportsOf(t, owner))[0]!.is_new).toBe(false);
  });

  it('lets another instance see a report opened on this one within moments', async () => {
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    await buyReports(t, buyer, seededSkus.values);
    const [report] = await waitForReports(t, buyer, allReady(1));
    const second = await startSecondInstance(t);
    try {
      await eventually(async () => expect(second.app.reportListCache.live).toBe(true));
      const listOnSecond = async () => {
        const response = await second.app.inject({ method: 'GET', url: reportApiPaths.list, headers: buyer.authHeaders });
        return (response.json() as { data: { is_new: boolean }[] }).data;
      };
      expect((await listOnSecond())[0]!.is_new).toBe(true);
      await t.app.inject({ method: 'GET', url: reportApiPaths.pdf(report!.type, report!.id), headers: buyer.authHeaders });
      await eventually(async () => expect((await listOnSecond())[0]!.is_new).toBe(false));
    } finally {
      await second.close();
    }
  });
});

describeCacheSources('GET /api/reports', reportListCacheSources, async (t) => {
  const user = await registerRespondent(t);
  return { pool: t.pool, request: () => t.app.inject({ method: 'GET', url: reportApiPaths.list, headers: user.authHeaders }) };
});
