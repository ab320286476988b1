import { accountApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrationBody } from '../../../test/auth-helpers.ts';
import { uniqueClientAddress } from '../../../test/client-address.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { startSmtpRelay, type ReceivedMail, type SmtpRelay } from '../../../test/smtp-relay.ts';
import { captureLogs, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findFreePort } from '../../lib/free-port.ts';
import { sendMailJob } from './service.ts';

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const startedAt = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() - startedAt > timeoutMs) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function signUp(t: TestApp, email: string) {
  const csrf = await t.csrf();
  return t.app.inject({
    method: 'POST',
    url: accountApiPaths.register,
    headers: csrf.headers,
    payload: registrationBody({ email, name: 'Katherine Johnson' }),
    remoteAddress: uniqueClientAddress(),
  });
}

async function mailJobStates(t: TestApp): Promise<Array<{ state: string; retry_count: number }>> {
  const { rows } = await t.pool.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE name = $1', [sendMailJob]);
  return rows;
}

describe('sending e-mail through an SMTP relay (SMTP_URL)', () => {
  let relay: SmtpRelay;
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    relay = await startSmtpRelay();
    t = await createTestApp({
      env: { SMTP_URL: relay.url, MAIL_FROM: 'Compass <hello@compass.example>', MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'https://compass.example' },
      logStream: logs,
    });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });
  beforeEach(() => relay.refuseNext(0, 451));

  const receivedFor = (email: string) => () => relay.received.find((mail: ReceivedMail) => mail.envelopeTo.includes(email));

  it('delivers the verification e-mail with a plain-text and an HTML part', async () => {
    const email = 'katherine@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const mail = await until(receivedFor(email));
    expect(mail.envelopeFrom).toBe('hello@compass.example');
    expect(mail.parsed.from).toMatchObject({ name: 'Compass', address: 'hello@compass.example' });
    expect(mail.parsed.to).toEqual([expect.objectContaining({ address: email })]);
    expect(mail.parsed.subject).toBe('Confirm your e-mail address for Compass');
    const link = /https:\/\/compass\.example\/verify-email\/[^\s]+/.exec(mail.parsed.text ?? '')?.[0] ?? '';
    expect(link).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(mail.parsed.text).toContain('Hello Katherine Johnson,');
    expect(mail.parsed.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // Delivered, so not kept in the dev outbox.
    expect(await outboxFor(t, email)).toEqual([]);
  });

  it('retries a message the relay refuses for now (451), without failing the request that caused it', async () => {
    relay.refuseNext(1, 451);
    const attemptsBefore = relay.attempts();
    const email = 'retry@example.com';
    const startedAt = performance.now();
    const response = await signUp(t, email);
    expect(response.statusCode).toBe(201);
    expect(performance.now() - startedAt).toBeLessThan(2_000);
    const mail = await until(receivedFor(email));
    expect(mail.parsed.subject).toBe('Confirm your e-mail address for Compass');
    expect(relay.attempts() - attemptsBefore).toBe(2);
    expect(logs.text()).toContain('job failed; it will be retried');
  });

  it('gives up at once on a message the relay refuses for good (550)', async () => {
    relay.refuseNext(1, 550);
    const attemptsBefore = relay.attempts();
    expect((await signUp(t, 'refused@example.com')).statusCode).toBe(201);
    await until(() => (logs.text().includes('the mail relay refused an e-mail for good') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(relay.attempts() - attemptsBefore).toBe(1);
    expect(relay.received.some((mail) => mail.envelopeTo.includes('refused@example.com'))).toBe(false);
  });
});

describe('a relay that cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`, MAIL_RETRY_DELAY_SECONDS: '30' } });
  });
  afterAll(() => t.close());

  it('does not fail the sign-up; the e-mail waits for its retry', async () => {
    const response = await signUp(t, 'unreachable@example.com');
    expect(response.statusCode).toBe(201);
    const jobs = await until(async () => {
      const states = await mailJobStates(t);
      return states.some((job) => job.state === 'retry') ? states : undefined;
    });
    expect(jobs).toEqual([{ state: 'retry', retry_count: 0 }]);
  });
});
