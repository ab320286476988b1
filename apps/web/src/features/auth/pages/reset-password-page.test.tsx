import { invalidResetLinkMessage, passwordResetDoneMessage } from '@app/contract/password-reset';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The reset-password page (the link of the reset e-mail) through the real route table.

const server = setUpRouteTests();

const linkPath = '/reset-password/reset-token-1?email=ada%40example.com';

async function openResetPassword(path = linkPath) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Choose a new password' }, routeTimeout);
  return view;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

describe('reset-password page', () => {
  it("prefills the e-mail address from the link's query", async () => {
    await openResetPassword();
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it('starts empty without an email in the link', async () => {
    await openResetPassword('/reset-password/reset-token-1');
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('checks the new password like sign-up does', async () => {
    await openResetPassword();
    await submit();
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());

    await userEvent.type(screen.getByLabelText('New password'), 'weak');
    expect(await screen.findByText('Password does not meet the required conditions')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password'), '-Enough-2024');
    await waitFor(() => expect(screen.queryByText('Password does not meet the required conditions')).toBeNull());
    await submit();
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Confirm new password'), 'weak-Enough-2025');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it("sends the link's token with the new password, then shows the login page with a notice", async () => {
    server().on('POST', '/api/reset-password', () => ({ status: 200, body: { message: passwordResetDoneMessage } }));
    const { router } = await openResetPassword();
    await userEvent.type(screen.getByLabelText('New password'), 'Brand-new-pass-9');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pass-9');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(passwordResetDoneMessage);
    expect(server().requestsTo('POST', '/api/reset-password')[0]?.body).toEqual({
      token: 'reset-token-1',
      email: 'ada@example.com',
      password: 'Brand-new-pass-9',
      password_confirmation: 'Brand-new-pass-9',
    });
  });

  it('says when the link is invalid or expired, and offers a new one', async () => {
    server().on('POST', '/api/reset-password', () => ({
      status: 422,
      body: { message: invalidResetLinkMessage, errors: { email: [invalidResetLinkMessage] } },
    }));
    await openResetPassword();
    await userEvent.type(screen.getByLabelText('New password'), 'Brand-new-pass-9');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pass-9');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("puts the server's password error under the field", async () => {
    server().on('POST', '/api/reset-password', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { password: ['This password is too common. Please choose a less predictable one.'] },
      },
    }));
    await openResetPassword();
    await userEvent.type(screen.getByLabelText('New password'), 'Password-1234');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Password-1234');
    await submit();

    expect(await screen.findByText('This password is too common. Please choose a less predictable one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
  });

  it('sends a logged-in user to the dashboard', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute(linkPath);
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
