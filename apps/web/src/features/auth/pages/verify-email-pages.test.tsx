import type { Account } from '@app/contract/account';
import { emailVerifiedMessage, invalidVerificationLinkMessage, verificationLinkSentMessage } from '@app/contract/email-verification';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { rememberReturnPath, takeReturnPathAfterRegistration } from '../../../lib/return-path.ts';
import { sessionStore } from '../../../lib/session-store.ts';

// verify-email and verification.verify through the real route table, against a real HTTP server.

const server = setUpRouteTests();

const unverifiedUser: Account = accountFixture({ id: 'user-unverified', email: 'new@example.com', email_verified: false, signup_completed: false, big5_completed: false, env_completed: false });

describe('verify-email page', () => {
  it('says where the link went, and links to logging out', async () => {
    seedSession(server(), unverifiedUser);
    renderRoute('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it("resends the link and shows the server's answer", async () => {
    seedSession(server(), unverifiedUser);
    server().on('POST', '/api/email/verification-notification', () => ({ status: 202, body: { message: verificationLinkSentMessage } }));
    renderRoute('/verify-email');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }, routeTimeout));
    expect(await screen.findByRole('status')).toHaveTextContent(verificationLinkSentMessage);
    expect(server().requestsTo('POST', '/api/email/verification-notification')).toHaveLength(1);
  });

  it('asks to wait when links are requested too often (429)', async () => {
    seedSession(server(), unverifiedUser);
    server().on('POST', '/api/email/verification-notification', () => ({ status: 429, body: { message: 'Too Many Requests', code: 'too_many_requests' } }));
    renderRoute('/verify-email');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }, routeTimeout));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
  });

  it('says so when the address is already verified, with a link to the dashboard', async () => {
    seedSession(server(), completeUser);
    renderRoute('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Your email address is verified' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('needs a login', async () => {
    const { router } = renderRoute('/verify-email');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('verification.verify page (the link of the e-mail)', () => {
  const link = '/verify-email/user-unverified/3f1c0ffee?expires=1900000000&signature=abc123';

  it("passes the link's params and query through and shows the success, updating the session's user", async () => {
    seedSession(server(), unverifiedUser);
    server().on('POST', '/api/email/verify', () => ({
      status: 200,
      body: { message: emailVerifiedMessage, account: { ...unverifiedUser, email_verified: true } },
    }));
    renderRoute(link);

    expect(await screen.findByRole('heading', { name: 'Email verified' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText(emailVerifiedMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
    expect(server().requestsTo('POST', '/api/email/verify')[0]?.body).toEqual({
      id: 'user-unverified',
      hash: '3f1c0ffee',
      expires: 1_900_000_000,
      signature: 'abc123',
    });
    expect(sessionStore.getSnapshot().user?.email_verified).toBe(true);
  });

  describe('after a sign-up for another page (an invitation link)', () => {
    const invitation = '/invitations/k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';

    afterEach(() => localStorage.removeItem('return_path_after_registration'));

    function answerVerify(account: Account) {
      server().on('POST', '/api/email/verify', () => ({ status: 200, body: { message: emailVerifiedMessage, account: { ...account, email_verified: true } } }));
    }

    it('continues to that page when verifying was the last registration step (the birth details already saved)', async () => {
      const withBirthDetails = { ...unverifiedUser, signup_completed: true };
      seedSession(server(), withBirthDetails);
      answerVerify(withBirthDetails);
      rememberReturnPath(unverifiedUser.id, invitation);
      renderRoute(link);

      expect(await screen.findByRole('heading', { name: 'Email verified' }, routeTimeout)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', invitation);
      // Given once: a second verification link would not lead there again.
      expect(takeReturnPathAfterRegistration({ ...withBirthDetails, email_verified: true })).toBeNull();
    });

    it('continues to the dashboard while the birth details are missing, and keeps the page for that step', async () => {
      seedSession(server(), unverifiedUser);
      answerVerify(unverifiedUser);
      rememberReturnPath(unverifiedUser.id, invitation);
      renderRoute(link);

      expect(await screen.findByRole('heading', { name: 'Email verified' }, routeTimeout)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
      expect(takeReturnPathAfterRegistration({ ...unverifiedUser, email_verified: true, signup_completed: true })).toBe(invitation);
    });

    it("never continues to a page kept for another account of this browser", async () => {
      const withBirthDetails = { ...unverifiedUser, signup_completed: true };
      seedSession(server(), withBirthDetails);
      answerVerify(withBirthDetails);
      rememberReturnPath('someone-else', invitation);
      renderRoute(link);

      expect(await screen.findByRole('heading', { name: 'Email verified' }, routeTimeout)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
    });
  });

  it('shows the invalid-link message and a resend button when the server refuses the link', async () => {
    seedSession(server(), unverifiedUser);
    server().on('POST', '/api/email/verify', () => ({
      status: 422,
      body: { message: invalidVerificationLinkMessage, errors: { expires: [invalidVerificationLinkMessage] } },
    }));
    server().on('POST', '/api/email/verification-notification', () => ({ status: 202, body: { message: verificationLinkSentMessage } }));
    renderRoute(link);

    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(invalidVerificationLinkMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(verificationLinkSentMessage);
  });

  it('does not call the server with a link that lacks its signature', async () => {
    seedSession(server(), unverifiedUser);
    renderRoute('/verify-email/user-unverified/3f1c0ffee?expires=1900000000');
    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(invalidVerificationLinkMessage);
    expect(server().requestsTo('POST', '/api/email/verify')).toHaveLength(0);
  });

  it('says when the link belongs to another account (403), with a way to log out', async () => {
    seedSession(server(), unverifiedUser);
    server().on('POST', '/api/email/verify', () => ({ status: 403, body: { message: 'This verification link belongs to another account.', code: 'forbidden' } }));
    renderRoute(link);
    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(
      'This verification link belongs to another account. Log in with that account to use it.',
    );
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('needs a login', async () => {
    const { router } = renderRoute(link);
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server().requestsTo('POST', '/api/email/verify')).toHaveLength(0);
  });
});
