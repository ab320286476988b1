import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// Settings › Password through the real route table, against a real HTTP server.

const server = setUpRouteTests();

async function openPasswordPage(user = completeUser) {
  seedSession(server(), user);
  const view = renderRoute('/settings/password');
  await screen.findByRole('heading', { name: 'Update password' }, routeTimeout);
  return view;
}

const strongPassword = 'Quiet-Harbour-42';

async function fill(current: string, password: string, confirmation: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (password) await userEvent.type(screen.getByLabelText('New password'), password);
  if (confirmation) await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Save password' }));

describe('settings: password', () => {
  it('is in the settings navigation, with Settings › Password as breadcrumbs', async () => {
    await openPasswordPage();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Password' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile');
    expect(within(crumbs).getByText('Password')).toHaveAttribute('aria-current', 'page');
  });

  it("changes the password and says 'Your password has been changed.'", async () => {
    const bodies: unknown[] = [];
    server().on('PUT', '/api/user/password', (request) => {
      bodies.push(request.body);
      return { status: 200, body: { message: 'Your password has been changed.' } };
    });
    await openPasswordPage();
    await fill('Old-Password-1!', strongPassword, strongPassword);
    await submit();

    expect(await screen.findByText('Your password has been changed.', undefined, routeTimeout)).toBeInTheDocument();
    expect(bodies).toEqual([{ current_password: 'Old-Password-1!', password: strongPassword, password_confirmation: strongPassword }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's message under the current password when it is wrong", async () => {
    server().on('PUT', '/api/user/password', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { current_password: ['The password is incorrect.'] } },
    }));
    await openPasswordPage();
    await fill('not-my-password', strongPassword, strongPassword);
    await submit();

    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription('The password is incorrect.');
    await waitFor(() => expect(current).toHaveFocus());
  });

  it("shows a server rule such as 'too common' under the new password as the server wrote it", async () => {
    server().on('PUT', '/api/user/password', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { password: ['This password is too common. Please choose a less predictable one.'] },
      },
    }));
    await openPasswordPage();
    await fill('Old-Password-1!', strongPassword, strongPassword);
    await submit();
    expect(await screen.findByText('This password is too common. Please choose a less predictable one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
  });

  it('checks every field before sending, with the rule checklist saying which rule is missing', async () => {
    await openPasswordPage();
    await submit();
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());

    await fill('Old-Password-1!', 'short', 'shorter');
    await submit();
    expect(await screen.findByText('Password does not meet the required conditions')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    const rules = screen.getByText('Password requirements').parentElement;
    if (!rules) throw new Error('no checklist');
    expect(within(rules).getByText(/at least 12 characters/)).toHaveTextContent('Password must be at least 12 characters: not met');
    expect(within(rules).getByText(/a lowercase letter/)).toHaveTextContent('Password must contain a lowercase letter: met');
    expect(server().requestsTo('PUT', '/api/user/password')).toHaveLength(0);
  });

  it('ticks each rule as the new password is typed', async () => {
    await openPasswordPage();
    const rules = screen.getByText('Password requirements').parentElement;
    if (!rules) throw new Error('no checklist');
    expect(within(rules).getByText(/an uppercase letter/)).toHaveTextContent('Password must contain an uppercase letter: not met');
    await userEvent.type(screen.getByLabelText('New password'), strongPassword);
    const items = within(rules).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Password must be at least 12 characters: met',
      'Password must contain an uppercase letter: met',
      'Password must contain a lowercase letter: met',
      'Password must contain a number: met',
      'Password must contain a special character: met',
    ]);
  });

  it('explains how to get a password to an account that signs in with Google only', async () => {
    await openPasswordPage({ ...completeUser, has_password: false });
    expect(screen.getByText(/You sign in with Google, so your account has no password yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});
