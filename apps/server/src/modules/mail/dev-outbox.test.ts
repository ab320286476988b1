import { accountApiPaths } from '@app/contract/api-paths';
import { devOutboxResponse } from '@app/contract/dev-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/auth-helpers.ts';
import { outboxFor, waitForIdleQueue, waitForMail } from '../../../test/mail-helpers.ts';
import { captureLogs, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sendMailJob } from './service.ts';

describe('the dev outbox (no SMTP_URL)', () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp({ logStream: logs });
  });
  afterAll(() => t.close());

  async function queueMail(to: string, subject: string) {
    await t.app.mail.send({ to, subject, text: `${subject} (text)`, html: `<p>${subject}</p>`, links: [`http://localhost:3000/${subject}`] });
  }

  it('lists the newest messages first, with both parts and their links', async () => {
    const to = 'reader@example.com';
    await queueMail(to, 'first');
    await waitForMail(t, to);
    await queueMail(to, 'second');
    await waitForMail(t, to, { count: 2 });
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox, query: { to } });
    expect(response.statusCode).toBe(200);
    const { data } = devOutboxResponse.parse(response.json());
    expect(data.map((message) => message.subject)).toEqual(['second', 'first']);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      to,
      subject: 'second',
      text: 'second (text)',
      html: '<p>second</p>',
      links: ['http://localhost:3000/second'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('filters by recipient, case-insensitively, and limits the list', async () => {
    await queueMail('Mixed.Case@Example.com', 'one');
    await queueMail('someone-else@example.com', 'other');
    await queueMail('mixed.case@example.com', 'two');
    await waitForIdleQueue(t, sendMailJob);
    expect((await outboxFor(t, 'MIXED.case@example.com')).map((message) => message.subject).sort()).toEqual(['one', 'two']);
    const limited = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox, query: { limit: '1' } });
    expect(devOutboxResponse.parse(limited.json()).data).toHaveLength(1);
    const everything = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox });
    expect(devOutboxResponse.parse(everything.json()).data.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a limit out of range', async () => {
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox, query: { limit: '1000' } });
    expect(response.statusCode).toBe(422);
  });

  it('logs every message with its links at info level', async () => {
    const user = await registerUser(t);
    const mail = await waitForMail(t, user.email);
    const line = logs.lines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => {
      const logged = entry.mail as { to?: string } | undefined;
      return logged?.to === user.email;
    });
    expect(line).toMatchObject({ level: 30, mail: { to: user.email, subject: mail.subject, links: mail.links } });
  });

  it('keeps the links of queued e-mails out of the job table (the payload is sealed)', async () => {
    const user = await registerUser(t);
    const mail = await waitForMail(t, user.email);
    const { rows } = await t.pool.query<{ data: unknown }>('SELECT data FROM pgboss.job WHERE name = $1', [sendMailJob]);
    const stored = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    const signature = new URL(mail.links[0] ?? '').searchParams.get('signature') ?? '';
    expect(signature).not.toBe('');
    expect(stored).not.toContain(signature);
    expect(stored).not.toContain(user.email);
  });
});

describe('the dev outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
