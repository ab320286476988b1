import { forgotPasswordSentMessage } from '@app/contract/password-reset';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The forgot-password page through the real route table, against a real HTTP server.

const server = setUpRouteTests();

async function openForgotPassword() {
  const view = renderRoute('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot your password?' }, routeTimeout);
  return view;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));

describe('forgot-password page', () => {
  it("shows 'Field is required', then 'Must be a valid email', under the field", async () => {
    await openForgotPassword();
    await submit();
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@');
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/forgot-password')).toHaveLength(0);
  });

  it("asks the server for a link and shows the server's answer as it is", async () => {
    server().on('POST', '/api/forgot-password', () => ({ status: 200, body: { message: forgotPasswordSentMessage } }));
    await openForgotPassword();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await submit();

    expect(await screen.findByRole('status')).toHaveTextContent(forgotPasswordSentMessage);
    expect(server().requestsTo('POST', '/api/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it('shows the translated error when asked too often (429)', async () => {
    server().on('POST', '/api/forgot-password', () => ({ status: 429, body: { message: 'Too Many Requests', code: 'too_many_requests' } }));
    await openForgotPassword();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
  });

  it("puts a 422's error under the email field", async () => {
    server().on('POST', '/api/forgot-password', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { email: ['Must be a valid email'] } },
    }));
    await openForgotPassword();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await submit();
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Must be a valid email');
  });

  it('links back to the login page', async () => {
    await openForgotPassword();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends a logged-in user to the dashboard', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/forgot-password');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
