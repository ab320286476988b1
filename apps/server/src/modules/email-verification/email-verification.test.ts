import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import {
  emailAlreadyVerifiedMessage,
  emailVerifiedMessage,
  invalidVerificationLinkMessage,
  verificationLinkForOtherAccountMessage,
  verificationLinkSentMessage,
} from '@app/contract/email-verification';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { outboxFor, verificationLinkParts, waitForMail } from '../../../test/mail-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';

describe('e-mail verification', () => {
  const clock = new ManualClock(new Date('2031-05-01T09:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://compass.example' } });
  });
  afterAll(() => t.close());

  async function verificationLinkOf(user: RegisteredUser, count = 1): Promise<string> {
    const mail = await waitForMail(t, user.email, { count });
    const link = mail.links[0];
    if (!link) throw new Error('the verification e-mail has no link');
    return link;
  }

  function verify(user: RegisteredUser, body: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: accountApiPaths.verifyEmail, headers: user.headersWithCsrf, payload: body });
  }

  function resend(user: RegisteredUser, remoteAddress = '203.0.113.7') {
    return t.app.inject({ method: 'POST', url: accountApiPaths.resendVerification, headers: user.headersWithCsrf, remoteAddress });
  }

  it('sends a verification e-mail after sign-up, with a signed link to the SPA route that expires in 60 minutes', async () => {
    const user = await registerUser(t, { name: 'Grace Hopper' });
    const mail = await waitForMail(t, user.email);
    expect(mail.subject).toBe('Confirm your e-mail address for Compass');
    const link = mail.links[0] ?? '';
    const sha1 = createHash('sha1').update(user.email).digest('hex');
    expect(link).toMatch(new RegExp(`^https://compass\\.example/verify-email/${user.account.id}/${sha1}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(Number(new URL(link).searchParams.get('expires'))).toBe(clock.now().getTime() / 1000 + 3600);
    // Both parts carry the link; the text part is written as text, not stripped HTML.
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(mail.text).toContain(`Hello Grace Hopper,\n`);
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('verifies the address with the link, and answers the same when the link is used again', async () => {
    const user = await registerUser(t);
    expect(user.account.email_verified).toBe(false);
    const parts = verificationLinkParts(await verificationLinkOf(user));

    const first = await verify(user, parts);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: emailVerifiedMessage, account: { id: user.account.id, email_verified: true } });
    const current = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(current.json()).toMatchObject({ email_verified: true });

    const again = await verify(user, parts);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: emailVerifiedMessage, account: { email_verified: true } });
  });

  it.each([
    ['id', (parts: Record<string, string>) => ({ ...parts, id: '00000000-0000-4000-8000-000000000000' }), 'signature'],
    ['hash', (parts: Record<string, string>) => ({ ...parts, hash: createHash('sha1').update('someone@else.example').digest('hex') }), 'signature'],
    ['expires', (parts: Record<string, string>) => ({ ...parts, expires: String(Number(parts.expires) + 3600) }), 'signature'],
    ['signature', (parts: Record<string, string>) => ({ ...parts, signature: 'f'.repeat(64) }), 'signature'],
    ['signature (not hex)', (parts: Record<string, string>) => ({ ...parts, signature: 'not-a-signature' }), 'signature'],
    // Issue 14's fuzz run: a lone UTF-16 surrogate cannot be percent-encoded; it answered 500.
    ['id (a lone surrogate)', (parts: Record<string, string>) => ({ ...parts, id: '\ud800' }), 'signature'],
    ['hash (a lone surrogate)', (parts: Record<string, string>) => ({ ...parts, hash: `${parts.hash}\udfff` }), 'signature'],
  ])('refuses a link whose %s was tampered with (422), and leaves the address unverified', async (_part, tamper, field) => {
    const user = await registerUser(t);
    const parts = verificationLinkParts(await verificationLinkOf(user));
    const response = await verify(user, tamper(parts));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidVerificationLinkMessage, errors: { [field]: [invalidVerificationLinkMessage] } });
    const [row] = await t.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.account.id));
    expect(row?.verifiedAt).toBeNull();
  });

  it('refuses a link after its 60 minutes, and accepts it until then', async () => {
    const user = await registerUser(t);
    const parts = verificationLinkParts(await verificationLinkOf(user));
    clock.advanceBy(60 * 60_000);
    // The access token of the sign-up has expired meanwhile; the user logs in again.
    const expired = await verify(await login(t, user.email, user.password), parts);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ message: invalidVerificationLinkMessage, errors: { expires: [invalidVerificationLinkMessage] } });

    const other = await registerUser(t);
    const fresh = verificationLinkParts(await verificationLinkOf(other));
    clock.advanceBy(59 * 60_000);
    expect((await verify(await login(t, other.email, other.password), fresh)).statusCode).toBe(200);
  });

  it('stops the link working once the account has another e-mail address', async () => {
    const user = await registerUser(t);
    const parts = verificationLinkParts(await verificationLinkOf(user));
    await t.db.update(users).set({ email: uniqueEmail('changed') }).where(eq(users.id, user.account.id));
    const response = await verify(user, parts);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidVerificationLinkMessage, errors: { hash: [invalidVerificationLinkMessage] } });
  });

  it("refuses someone else's genuine link with 403, and verifies neither account", async () => {
    const owner = await registerUser(t);
    const intruder = await registerUser(t);
    const parts = verificationLinkParts(await verificationLinkOf(owner));
    const response = await verify(intruder, parts);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: verificationLinkForOtherAccountMessage, code: 'forbidden' });
    const rows = await t.db.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users);
    for (const account of [owner, intruder]) expect(rows.find((row) => row.id === account.account.id)?.verifiedAt).toBeNull();
  });

  it('needs a logged-in caller', async () => {
    const user = await registerUser(t);
    const parts = verificationLinkParts(await verificationLinkOf(user));
    const csrf = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: accountApiPaths.verifyEmail, headers: csrf.headers, payload: parts });
    expect(response.statusCode).toBe(401);
  });

  describe('resending the link', () => {
    it('sends a new working link (202)', async () => {
      const user = await registerUser(t);
      await verificationLinkOf(user);
      clock.advanceBy(1000);
      const response = await resend(user);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: verificationLinkSentMessage });
      const parts = verificationLinkParts(await verificationLinkOf(user, 2));
      expect((await verify(user, parts)).statusCode).toBe(200);
    });

    it('allows one resend a minute per account: the next gets 429 with Retry-After, also from another IP', async () => {
      const user = await registerUser(t);
      expect((await resend(user, '203.0.113.10')).statusCode).toBe(202);
      const throttled = await resend(user, '203.0.113.11');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBe('60');
      expect(throttled.json()).toMatchObject({ code: 'too_many_requests', message: 'Too many attempts. Please try again in 60 seconds.' });
      clock.advanceBy(60_000);
      expect((await resend(user, '203.0.113.11')).statusCode).toBe(202);
      // Sign-up's e-mail and the two resends: the throttled request sent nothing.
      await waitForMail(t, user.email, { count: 3 });
      expect(await outboxFor(t, user.email)).toHaveLength(3);
    });

    it('allows six resends an hour per account', async () => {
      const user = await registerUser(t);
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        expect((await resend(user)).statusCode).toBe(202);
        clock.advanceBy(61_000);
      }
      const throttled = await resend(user);
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(60);
    });

    it('says so, and sends nothing, when the address is already verified', async () => {
      const user = await registerUser(t);
      await verify(user, verificationLinkParts(await verificationLinkOf(user)));
      const response = await resend(user);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: emailAlreadyVerifiedMessage });
      expect(await outboxFor(t, user.email)).toHaveLength(1);
    });

    it('needs a logged-in caller', async () => {
      const csrf = await t.csrf();
      const response = await t.app.inject({ method: 'POST', url: accountApiPaths.resendVerification, headers: csrf.headers });
      expect(response.statusCode).toBe(401);
    });
  });
});
