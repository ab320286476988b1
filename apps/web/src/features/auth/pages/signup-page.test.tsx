import type { Account } from '@app/contract/account';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { i18n } from '../../../lib/i18n.ts';
import { takeReturnPathAfterRegistration } from '../../../lib/return-path.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { authConfigStore } from '../api/auth-config.ts';
import { googleIdentityScriptUrl, type GoogleIdConfiguration } from '../lib/google-identity.ts';

// The signup page through the real route table, guard and session store, against a real server.

const server = setUpRouteTests();

const newAccount: Account = accountFixture({
  id: 'user-new',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  email_verified: false,
  signup_completed: false,
  big5_completed: false,
  env_completed: false,
  values_completed: false,
});

function answerAuthConfig(config: { signup_enabled: boolean; google?: boolean }) {
  server().on('GET', '/api/auth/config', () => ({
    status: 200,
    body: { providers: { google: config.google ?? false, facebook: false, linkedin: false }, signup_enabled: config.signup_enabled },
  }));
}

beforeEach(() => {
  authConfigStore.clear();
  answerAuthConfig({ signup_enabled: true });
});

async function openSignup() {
  const view = renderRoute('/signup');
  await screen.findByRole('heading', { name: 'Create an account' }, routeTimeout);
  return view;
}

async function fillValidForm(overrides: Partial<Record<'name' | 'email' | 'password' | 'confirmation', string>> = {}) {
  const values = { name: 'Grace Hopper', email: 'grace@example.com', password: 'Correct-Horse-7', confirmation: 'Correct-Horse-7', ...overrides };
  if (values.name) await userEvent.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email address'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmation) await userEvent.type(screen.getByLabelText('Confirm password'), values.confirmation);
  await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /terms of service/ }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('signup page: validation (spec section 5)', () => {
  it('shows each required message under its field, the acceptance messages, and focuses the first field', async () => {
    await openSignup();
    // The first submit waits for the contract's schema, which compiles on first use in tests.
    await submit();

    expect(await screen.findAllByText('Field is required', {}, routeTimeout)).toHaveLength(3);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/^Field is required/);
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).toHaveAccessibleDescription('You must accept the privacy policy');
    expect(screen.getByRole('checkbox', { name: /terms of service/ })).toHaveAccessibleDescription('You must accept the terms and conditions');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(server().requestsTo('POST', '/api/register')).toHaveLength(0);
  });

  it("shows 'Must be a valid email' under the email field", async () => {
    await openSignup();
    await fillValidForm({ email: 'grace@' });
    await submit();
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
  });

  it("lists the password rules live in the contract's words, and sums them up under the field on submit", async () => {
    await openSignup();
    const rules = screen.getByText('Password requirements').parentElement;
    if (!rules) throw new Error('no rule list');
    for (const key of ['minLength', 'uppercase', 'lowercase', 'number', 'special'] as const) {
      expect(within(rules).getByText(passwordRuleMessages[key])).toBeInTheDocument();
    }

    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(within(rules).getByText(passwordRuleMessages.lowercase).closest('li')).toHaveAttribute('data-state', 'met');
    expect(within(rules).getByText(passwordRuleMessages.uppercase).closest('li')).toHaveAttribute('data-state', 'pending');

    await submit();
    expect(await screen.findByText('Password does not meet the required conditions')).toBeInTheDocument();
    expect(within(rules).getByText(passwordRuleMessages.uppercase).closest('li')).toHaveAttribute('data-state', 'failed');
    expect(within(rules).getByText(passwordRuleMessages.minLength).closest('li')).toHaveAttribute('data-state', 'failed');

    await userEvent.type(screen.getByLabelText('Password'), 'DEF-ghij-42');
    await waitFor(() => expect(screen.queryByText('Password does not meet the required conditions')).toBeNull());
    for (const item of within(rules).getAllByRole('listitem')) expect(item).toHaveAttribute('data-state', 'met');
  });

  it("asks to confirm the password: 'Please confirm your password', then 'Passwords do not match'", async () => {
    await openSignup();
    await fillValidForm({ confirmation: '' });
    await submit();
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveFocus());

    await userEvent.type(screen.getByLabelText('Confirm password'), 'Something-else-1');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('links the acceptances to the privacy policy and the terms, in a new tab', async () => {
    await openSignup();
    const privacy = screen.getByRole('link', { name: /privacy policy/ });
    const terms = screen.getByRole('link', { name: /terms of service/ });
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    expect(terms).toHaveAttribute('href', '/terms-of-service');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAccessibleName('privacy policy (opens in a new tab)');
  });
});

describe('signup page: with the server', () => {
  it("puts a 422's field errors under their fields and focuses the first", async () => {
    server().on('POST', '/api/register', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { email: ['The email has already been taken.'], password: ['This password is too common. Please choose a less predictable one.'] },
      },
    }));
    await openSignup();
    await fillValidForm();
    await submit();

    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/^This password is too common/);
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('The provided data is invalid. Please check your input and try again.');
  });

  it('signs the new account in like a login and continues to the birth-data step', async () => {
    server().on('POST', '/api/register', () => ({
      status: 201,
      body: { access_token: 'new-token', refresh_token: 'new-refresh', expires_at: Math.floor(Date.now() / 1000) + 900, account: newAccount },
    }));
    server().on('GET', '/api/user', () => ({ status: 200, body: newAccount }));
    const loggedIn: string[] = [];
    const unsubscribe = sessionStore.onLogin((user) => {
      loggedIn.push(user.email);
    });

    const { router } = await openSignup();
    await fillValidForm();
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup-data'), routeTimeout);
    unsubscribe();
    expect(server().requestsTo('POST', '/api/register')[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'Correct-Horse-7',
      password_confirmation: 'Correct-Horse-7',
      accept_privacy_policy: true,
      accept_terms: true,
    });
    expect(localStorage.getItem('auth_token')).toBe('new-token');
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
    expect(loggedIn).toEqual(['grace@example.com']);
    expect(i18n.language).toBe('en');
  });

  describe('opened for a page to come back to (an invitation link)', () => {
    const invitation = '/invitations/k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';
    const registered = { ...newAccount, email_verified: true, signup_completed: true };

    function answerRegister() {
      server().on('POST', '/api/register', () => ({
        status: 201,
        body: { access_token: 'new-token', refresh_token: 'new-refresh', expires_at: Math.floor(Date.now() / 1000) + 900, account: newAccount },
      }));
      server().on('GET', '/api/user', () => ({ status: 200, body: newAccount }));
    }

    afterEach(() => {
      localStorage.removeItem('return_path_after_registration');
      delete window.google;
    });

    it('still goes to the birth-data step first, and keeps the page for the new account until its registration steps are done', async () => {
      answerRegister();
      const { router } = renderRoute(`/signup?redirect=${encodeURIComponent(invitation)}`);
      await screen.findByRole('heading', { name: 'Create an account' }, routeTimeout);
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(invitation)}`);
      await fillValidForm();
      await submit();

      await waitFor(() => expect(router.state.location.pathname).toBe('/signup-data'), routeTimeout);
      expect(takeReturnPathAfterRegistration({ ...registered, email_verified: false })).toBeNull();
      expect(takeReturnPathAfterRegistration({ ...registered, id: 'someone-else' })).toBeNull();
      expect(takeReturnPathAfterRegistration(registered)).toBe(invitation);
    });

    it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])('keeps no way back to %s', async (target) => {
      answerRegister();
      const { router } = renderRoute(`/signup?redirect=${encodeURIComponent(target)}`);
      await screen.findByRole('heading', { name: 'Create an account' }, routeTimeout);
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      await fillValidForm();
      await submit();

      await waitFor(() => expect(router.state.location.pathname).toBe('/signup-data'), routeTimeout);
      expect(localStorage.getItem('return_path_after_registration')).toBeNull();
    });

    it('goes straight to the page after a Google sign-in, as after a login', async () => {
      server().on('GET', '/api/auth/config', () => ({
        status: 200,
        body: { providers: { google: true, facebook: false, linkedin: false }, signup_enabled: true, google_client_id: 'client-123.apps.googleusercontent.com' },
      }));
      server().on('POST', '/api/login/google', () => ({
        status: 200,
        body: { access_token: 'google-session', refresh_token: 'google-refresh', expires_at: Math.floor(Date.now() / 1000) + 900, account: completeUser },
      }));
      server().on('GET', '/api/cart', () => ({ status: 204 }));
      const { router } = renderRoute(`/signup?redirect=${encodeURIComponent(invitation)}`);
      await screen.findByRole('heading', { name: 'Create an account' }, routeTimeout);
      const script = await waitFor(() => {
        const element = document.querySelector<HTMLScriptElement>(`script[src="${googleIdentityScriptUrl}"]`);
        if (!element) throw new Error('no Google script yet');
        return element;
      }, routeTimeout);
      // Google's library is outside this machine: a stand-in with its API plays its part.
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
      script.dispatchEvent(new Event('load'));
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }, routeTimeout));

      await waitFor(() => expect(router.state.location.pathname).toBe(invitation), routeTimeout);
    });

    it('keeps the way back on the login link of the closed sign-up notice', async () => {
      answerAuthConfig({ signup_enabled: false });
      renderRoute(`/signup?redirect=${encodeURIComponent(invitation)}`);
      expect(await screen.findByRole('heading', { name: 'Sign-up is closed' }, routeTimeout)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(invitation)}`);
    });
  });

  it('shows a notice instead of the form when sign-up is closed', async () => {
    answerAuthConfig({ signup_enabled: false });
    renderRoute('/signup');
    expect(await screen.findByRole('heading', { name: 'Sign-up is closed' }, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the same notice when the server refuses the sign-up because it was closed meanwhile', async () => {
    server().on('POST', '/api/register', () => ({ status: 403, body: { message: 'Sign-up is currently closed.', code: 'signup_disabled' } }));
    await openSignup();
    await fillValidForm();
    await submit();
    expect(await screen.findByRole('heading', { name: 'Sign-up is closed' })).toBeInTheDocument();
  });

  it('sends a logged-in user to the dashboard', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
