import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { forgotPasswordSentMessage, invalidResetLinkMessage, passwordResetDoneMessage } from '@app/contract/password-reset';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, strongPassword, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { uniqueClientAddress } from '../../../test/client-address.ts';
import { outboxFor, waitForIdleQueue, waitForMail } from '../../../test/mail-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens.ts';
import { ManualClock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/token-hash.ts';
import { sendResetLinkJob } from './service.ts';

const newPassword = 'Quiet-Meadow-Compass-77';

describe('password reset', () => {
  const clock = new ManualClock(new Date('2031-06-01T09:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://compass.example' } });
  });
  afterAll(() => t.close());

  async function forgot(email: string, remoteAddress = uniqueClientAddress(), headers: Record<string, string> = {}) {
    const csrf = await t.csrf();
    return t.app.inject({ method: 'POST', url: accountApiPaths.forgotPassword, headers: { ...csrf.headers, ...headers }, payload: { email }, remoteAddress });
  }

  async function reset(body: { token: string; email: string; password?: string }) {
    const csrf = await t.csrf();
    const password = body.password ?? newPassword;
    return t.app.inject({
      method: 'POST',
      url: accountApiPaths.resetPassword,
      headers: csrf.headers,
      payload: { token: body.token, email: body.email, password, password_confirmation: password },
    });
  }

  /** Asks for a link and returns the token and e-mail of the newest reset e-mail. */
  async function resetLinkFor(user: RegisteredUser): Promise<{ link: string; token: string; email: string }> {
    // The sign-up's verification e-mail may still be on its way.
    await waitForIdleQueue(t, 'mail.send');
    const before = (await outboxFor(t, user.email)).length;
    expect((await forgot(user.email)).statusCode).toBe(200);
    const mail = await waitForMail(t, user.email, { count: before + 1 });
    expect(mail.subject).toBe('Reset your Compass password');
    const link = mail.links[0] ?? '';
    const url = new URL(link);
    return { link, token: decodeURIComponent(url.pathname.split('/')[2] ?? ''), email: url.searchParams.get('email') ?? '' };
  }

  const invalidLinkBody = { message: invalidResetLinkMessage, errors: { email: [invalidResetLinkMessage] } };

  describe('forgot-password', () => {
    it('gives a registered and an unknown address the same answer, and e-mails only the registered one', async () => {
      const user = await registerUser(t);
      const unknown = uniqueEmail('nobody');
      const forRegistered = await forgot(user.email);
      const forUnknown = await forgot(unknown);
      expect(forRegistered.statusCode).toBe(200);
      expect(forUnknown.statusCode).toBe(200);
      expect(forUnknown.json()).toEqual({ message: forgotPasswordSentMessage });
      expect(forRegistered.body).toBe(forUnknown.body);
      expect(Object.keys(forRegistered.headers).sort()).toEqual(Object.keys(forUnknown.headers).sort());

      await waitForIdleQueue(t, sendResetLinkJob);
      await waitForIdleQueue(t, 'mail.send');
      expect(await outboxFor(t, user.email)).toHaveLength(2); // the sign-up's verification e-mail and the reset
      expect(await outboxFor(t, unknown)).toHaveLength(0);
    });

    it('answers a registered and an unknown address in about the same time', async () => {
      const registered = await Promise.all(Array.from({ length: 8 }, () => registerUser(t)));
      const time = async (email: string) => {
        const startedAt = performance.now();
        expect((await forgot(email)).statusCode).toBe(200);
        return performance.now() - startedAt;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Interleaved, so a slow moment of the machine hits both sides alike.
      for (const user of registered) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail('nobody')));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(15);
    });

    it('e-mails a link to the SPA page that carries the token and the address', async () => {
      const user = await registerUser(t, { name: 'Ada Lovelace' });
      const { link, token, email } = await resetLinkFor(user);
      expect(link).toBe(`https://compass.example/reset-password/${token}?email=${encodeURIComponent(user.email)}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(email).toBe(user.email);
      const mail = await waitForMail(t, user.email, { count: 2 });
      expect(mail.text).toContain(`Hello Ada Lovelace,\n`);
      expect(mail.text).toContain(`\n${link}\n`);
      expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    });

    it('stores only a hash of the token, expiring in 60 minutes', async () => {
      const user = await registerUser(t);
      const { token } = await resetLinkFor(user);
      const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.account.id));
      expect(row?.tokenHash).toBe(sha256Hex(token));
      expect(row?.tokenHash).not.toContain(token);
      expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 60 * 60_000);
    });

    it('drops a second request for the same address within 60 seconds silently: same answer, no second e-mail', async () => {
      const user = await registerUser(t);
      await resetLinkFor(user);
      const again = await forgot(user.email.toUpperCase());
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: forgotPasswordSentMessage });
      await waitForIdleQueue(t, sendResetLinkJob);
      await waitForIdleQueue(t, 'mail.send');
      expect(await outboxFor(t, user.email)).toHaveLength(2);

      clock.advanceBy(60_000);
      await resetLinkFor(user);
      expect(await outboxFor(t, user.email)).toHaveLength(3);
    });

    it('limits one IP to 10 requests an hour (429 with Retry-After), whatever X-Forwarded-For it makes up', async () => {
      const address = uniqueClientAddress();
      for (let request = 1; request <= 10; request += 1) {
        const response = await forgot(uniqueEmail(), address, { 'x-forwarded-for': `192.0.2.${request}` });
        expect(response.statusCode).toBe(200);
      }
      const throttled = await forgot(uniqueEmail(), address, { 'x-forwarded-for': '192.0.2.99' });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ code: 'too_many_requests' });
      expect(Number(throttled.headers['retry-after'])).toBe(3600);
      expect((await forgot(uniqueEmail(), uniqueClientAddress())).statusCode).toBe(200);
    });

    it('refuses an invalid e-mail with the field message', async () => {
      const response = await forgot('not-an-address');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { email: ['Must be a valid email'] } });
    });
  });

  describe('reset-password', () => {
    it('sets the new password: the new one logs in, the old one no longer does', async () => {
      const user = await registerUser(t);
      const { token, email } = await resetLinkFor(user);
      const response = await reset({ token, email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: passwordResetDoneMessage });
      await expect(login(t, user.email, newPassword)).resolves.toBeDefined();
      await expect(login(t, user.email, strongPassword)).rejects.toThrow(/422/);
    });

    it('works once', async () => {
      const user = await registerUser(t);
      const link = await resetLinkFor(user);
      expect((await reset(link)).statusCode).toBe(200);
      const again = await reset({ ...link, password: 'Another-Fine-Password-9' });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual(invalidLinkBody);
      await expect(login(t, user.email, newPassword)).resolves.toBeDefined();
    });

    it('lets exactly one of two concurrent uses of a token succeed', async () => {
      const user = await registerUser(t);
      const link = await resetLinkFor(user);
      const responses = await Promise.all([reset(link), reset({ ...link, password: 'Another-Fine-Password-9' })]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    });

    it('works only with the address the link was sent to', async () => {
      const user = await registerUser(t);
      const other = await registerUser(t);
      const { token } = await resetLinkFor(user);
      for (const email of [other.email, uniqueEmail('nobody')]) {
        const response = await reset({ token, email });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(invalidLinkBody);
      }
      // The address is compared case-insensitively, and the token still works afterwards.
      expect((await reset({ token, email: user.email.toUpperCase() })).statusCode).toBe(200);
    });

    it('expires after 60 minutes', async () => {
      const user = await registerUser(t);
      const link = await resetLinkFor(user);
      clock.advanceBy(60 * 60_000);
      const response = await reset(link);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(invalidLinkBody);

      const other = await registerUser(t);
      const fresh = await resetLinkFor(other);
      clock.advanceBy(59 * 60_000);
      expect((await reset(fresh)).statusCode).toBe(200);
    });

    it('refuses a made-up token', async () => {
      const user = await registerUser(t);
      await resetLinkFor(user);
      for (const token of ['x'.repeat(43), 'short']) {
        const response = await reset({ token, email: user.email });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(invalidLinkBody);
      }
    });

    it('makes an earlier link stop working when a new one is sent', async () => {
      const user = await registerUser(t);
      const first = await resetLinkFor(user);
      clock.advanceBy(61_000);
      const second = await resetLinkFor(user);
      expect((await reset(first)).statusCode).toBe(422);
      expect((await reset(second)).statusCode).toBe(200);
    });

    it('ends every login of the account: access and refresh tokens stop working', async () => {
      const user = await registerUser(t);
      const otherDevice = await login(t, user.email, user.password);
      const link = await resetLinkFor(user);
      expect((await reset(link)).statusCode).toBe(200);
      for (const session of [user, otherDevice]) {
        expect((await t.app.inject({ method: 'GET', url: apiPaths.user, headers: session.authHeaders })).statusCode).toBe(401);
        const csrf = await t.csrf();
        const refresh = await t.app.inject({
          method: 'POST',
          url: apiPaths.refreshToken,
          headers: csrf.headers,
          payload: { refresh_token: session.tokens.refresh_token },
        });
        expect(refresh.statusCode).toBe(401);
      }
    });

    it("applies the password rules to the new password and keeps the token for another try", async () => {
      const user = await registerUser(t);
      const link = await resetLinkFor(user);
      const weak = await reset({ ...link, password: 'short' });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors.password).toContain(passwordRuleMessages.minLength);
      const common = await reset({ ...link, password: 'Password123456!' });
      expect(common.statusCode).toBe(422);
      expect(common.json()).toMatchObject({ errors: { password: [passwordRuleMessages.common] } });
      expect((await reset(link)).statusCode).toBe(200);
    });

    it('refuses a confirmation that does not match', async () => {
      const csrf = await t.csrf();
      const response = await t.app.inject({
        method: 'POST',
        url: accountApiPaths.resetPassword,
        headers: csrf.headers,
        payload: { token: 'x'.repeat(43), email: uniqueEmail(), password: newPassword, password_confirmation: `${newPassword}x` },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { password_confirmation: ['Passwords do not match'] } });
    });
  });

  it('serves the reset page with Referrer-Policy: no-referrer, so the token never leaks to another site', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/reset-password/${'a'.repeat(43)}?email=someone%40example.com` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});
