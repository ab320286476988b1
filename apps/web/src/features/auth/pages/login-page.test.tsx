import type { Account } from '@app/contract/account';
import { emailVerifiedMessage } from '@app/contract/email-verification';
import { errorMessages } from '@app/contract/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { sessionExpiredNotice } from '../../../lib/session-expired-notice.ts';
import { authConfigStore } from '../api/auth-config.ts';
import { googleIdentityScriptUrl, type GoogleIdConfiguration } from '../lib/google-identity.ts';

// The login page's own behaviour beyond the shell's tests (app-routes.test.tsx): the auth config,
// Google sign-in, notices, focus, and the way back to the page the guard sent the visitor from.
// Real route table and session store, real HTTP server.

const server = setUpRouteTests();

function answerAuthConfig(config: { google: boolean; signup_enabled?: boolean; google_client_id?: string }) {
  server().on('GET', '/api/auth/config', () => ({
    status: 200,
    body: {
      providers: { google: config.google, facebook: false, linkedin: false },
      signup_enabled: config.signup_enabled ?? true,
      ...(config.google_client_id ? { google_client_id: config.google_client_id } : {}),
    },
  }));
}

function loginResponse(account: Account = completeUser) {
  return { access_token: 'google-session', refresh_token: 'google-refresh', expires_at: Math.floor(Date.now() / 1000) + 900, account };
}

beforeEach(() => {
  authConfigStore.clear();
  answerAuthConfig({ google: false });
});

afterEach(() => {
  delete window.google;
});

async function openLogin(path = '/login') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
  return view;
}

describe('login page', () => {
  it('moves the focus to the first field with an error', async () => {
    await openLogin();
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
  });

  it("says 'Invalid login credentials' once, in the alert above the form, and brings the focus back to the form", async () => {
    // The server sends the message both as the message and as the e-mail's field error.
    server().on('POST', '/api/login', () => ({
      status: 422,
      body: { message: errorMessages.invalidCredentials, errors: { email: [errorMessages.invalidCredentials] } },
    }));
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getAllByText('Invalid login credentials')).toHaveLength(1);
    const email = screen.getByLabelText('Email address');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('still shows a field error that says something the alert does not', async () => {
    server().on('POST', '/api/login', () => ({
      status: 422,
      body: { message: errorMessages.invalidCredentials, errors: { email: ['This account is locked'], password: [errorMessages.invalidCredentials] } },
    }));
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('This account is locked');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Invalid login credentials')).toHaveLength(1);
  });

  it('shows the password it hides, on request', async () => {
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('reads the auth config afresh each time the login page is entered (spec 2)', async () => {
    const { router } = await openLogin();
    await waitFor(() => expect(server().requestsTo('GET', '/api/auth/config')).toHaveLength(1));

    await act(() => router.navigate('/forgot-password'));
    await screen.findByRole('heading', { name: 'Forgot your password?' }, routeTimeout);
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    await waitFor(() => expect(server().requestsTo('GET', '/api/auth/config')).toHaveLength(2));
  });

  it('hides the sign-up link when sign-up is closed', async () => {
    answerAuthConfig({ google: false, signup_enabled: false });
    await openLogin();
    await waitFor(() => expect(server().requestsTo('GET', '/api/auth/config')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull());
  });

  it('loads no Google script while Google sign-in is not offered', async () => {
    await openLogin();
    await waitFor(() => expect(server().requestsTo('GET', '/api/auth/config')).toHaveLength(1));
    expect(document.querySelector(`script[src="${googleIdentityScriptUrl}"]`)).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});

describe('login page: Google sign-in', () => {
  // Google's library is outside this machine: a stand-in with its API plays its part once the
  // page has added the real script tag.
  function standInForGoogle() {
    let configuration: GoogleIdConfiguration | null = null;
    window.google = {
      accounts: {
        id: {
          initialize: (value) => {
            configuration = value;
          },
          renderButton: (parent) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Continue with Google';
            button.addEventListener('click', () => configuration?.callback({ credential: 'google-id-token', select_by: 'btn' }));
            parent.append(button);
          },
          cancel: () => undefined,
        },
      },
    };
    return () => configuration;
  }

  async function loadGoogle(path = '/login') {
    const { router } = await openLogin(path);
    const script = await waitFor(() => {
      const element = document.querySelector<HTMLScriptElement>(`script[src="${googleIdentityScriptUrl}"]`);
      if (!element) throw new Error('no Google script yet');
      return element;
    }, routeTimeout);
    const configuration = standInForGoogle();
    script.dispatchEvent(new Event('load'));
    return { button: await screen.findByRole('button', { name: 'Continue with Google' }), configuration, router };
  }

  it('signs in with the Google credential and goes to the dashboard', async () => {
    answerAuthConfig({ google: true, google_client_id: 'client-123.apps.googleusercontent.com' });
    server().on('POST', '/api/login/google', () => ({ status: 200, body: loginResponse() }));
    const { button, configuration } = await loadGoogle();

    expect(configuration()).toMatchObject({ client_id: 'client-123.apps.googleusercontent.com', auto_select: false });
    await userEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/login/google')[0]?.body).toEqual({ token: 'google-id-token' });
    expect(localStorage.getItem('auth_token')).toBe('google-session');
  });

  it('goes back to the page the guard sent the visitor from', async () => {
    answerAuthConfig({ google: true, google_client_id: 'client-123.apps.googleusercontent.com' });
    server().on('POST', '/api/login/google', () => ({ status: 200, body: loginResponse() }));
    const { button, router } = await loadGoogle('/login?redirect=%2Fsettings%2Fpassword');
    await userEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Update password' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/password');
  });

  it("shows 'An error occurred' when the server refuses the Google credential", async () => {
    answerAuthConfig({ google: true, google_client_id: 'client-123.apps.googleusercontent.com' });
    server().on('POST', '/api/login/google', () => ({ status: 401, body: { message: 'Google sign-in could not be verified.', code: 'invalid_google_token' } }));
    const { button } = await loadGoogle();
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});

describe('login page: back to the page the guard sent the visitor from', () => {
  const unverifiedUser = accountFixture({ id: 'user-unverified', email_verified: false, signup_completed: false, big5_completed: false, env_completed: false });
  const verificationLink = '/verify-email/user-unverified/3f1c0ffee?expires=1900000000&signature=abc123';

  function answerLogin(account: Account) {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginResponse(account) }));
  }

  async function logIn() {
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('takes a logged-out visitor of a verification link to the login page, and back to the link after logging in', async () => {
    answerLogin(unverifiedUser);
    server().on('POST', '/api/email/verify', () => ({
      status: 200,
      body: { message: emailVerifiedMessage, account: { ...unverifiedUser, email_verified: true } },
    }));
    const { router } = await openLogin(verificationLink);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(verificationLink);
    expect(server().requestsTo('POST', '/api/email/verify')).toHaveLength(0);

    await logIn();

    expect(await screen.findByRole('heading', { name: 'Email verified' }, routeTimeout)).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(verificationLink);
    expect(server().requestsTo('POST', '/api/email/verify')[0]?.body).toEqual({
      id: 'user-unverified',
      hash: '3f1c0ffee',
      expires: 1_900_000_000,
      signature: 'abc123',
    });
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', 'dashboard'])(
    'goes to the dashboard instead of %s',
    async (target) => {
      answerLogin(completeUser);
      const { router } = await openLogin(`/login?redirect=${encodeURIComponent(target)}`);
      await logIn();

      expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('keeps the way back on its sign-up link, for a visitor without an account', async () => {
    const invitation = '/invitations/k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';
    await openLogin(`/login?redirect=${encodeURIComponent(invitation)}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/signup?redirect=${encodeURIComponent(invitation)}`);
  });

  it('offers a plain sign-up link when the way back leads off the site', async () => {
    await openLogin(`/login?redirect=${encodeURIComponent('//evil.example')}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('lets the guard decide at the address it returns to', async () => {
    // A guest-only page: a logged-in user goes on to the dashboard.
    answerLogin(completeUser);
    const { router } = await openLogin('/login?redirect=%2Fsignup');
    await logIn();

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe("login page: 'Session expired. Please log in again.' (spec 4 and 8)", () => {
  const sessionExpiredText = 'Session expired. Please log in again.';

  beforeEach(() => {
    sessionExpiredNotice.clear();
  });

  /** A stored session whose access token has expired and whose refresh the server refuses. */
  function seedDeadSession() {
    localStorage.setItem('auth_token', 'stale-token');
    localStorage.setItem('refresh_token', 'revoked-refresh');
    localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) - 60));
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
  }

  it('says why when the stored session could not be refreshed, and only on that visit', async () => {
    seedDeadSession();
    const { router } = renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(sessionExpiredText);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();

    // Said once: back on the login page later, it is not said again.
    await act(() => router.navigate('/forgot-password'));
    await screen.findByRole('heading', { name: 'Forgot your password?' }, routeTimeout);
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(screen.queryByText(sessionExpiredText)).toBeNull();
  });

  it('gives way to the error of a failed login attempt', async () => {
    seedDeadSession();
    server().on('POST', '/api/login', () => ({ status: 422, body: { message: errorMessages.invalidCredentials, errors: { email: [errorMessages.invalidCredentials] } } }));
    renderRoute('/dashboard');
    expect(await screen.findByText(sessionExpiredText, undefined, routeTimeout)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.queryByText(sessionExpiredText)).toBeNull();
  });

  it('says nothing of the kind to a visitor who simply opens the login page', async () => {
    await openLogin();
    await waitFor(() => expect(server().requestsTo('GET', '/api/auth/config')).toHaveLength(1));
    expect(screen.queryByText(sessionExpiredText)).toBeNull();
  });

  it('says nothing of the kind after a logout the user asked for, even when the session had died meanwhile', async () => {
    seedDeadSession();
    localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) + 3600));
    // The session is known (restored earlier), then revoked on the server before the user logs out.
    server().on('GET', '/api/user', () => ({ status: 200, body: completeUser }));
    server().on('POST', '/api/logout', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    const { router } = renderRoute('/logout');

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(screen.queryByText(sessionExpiredText)).toBeNull();
  });
});
