import type { Account } from '@app/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The policy-update prompt over the app pages, against a real HTTP server.

const server = setUpRouteTests();

const userWithOldPolicies: Account = accountFixture({ policy_update_required: true });

/** The dashboard; while the prompt is open, the page behind it is hidden from assistive technology. */
async function openDashboard() {
  renderRoute('/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace', hidden: true }, routeTimeout);
}

describe('policy-update prompt', () => {
  it('asks a user whose accepted policies are outdated to agree, with links to both texts', async () => {
    seedSession(server(), userWithOldPolicies);
    await openDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our policies' });
    expect(within(dialog).getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/privacy-policy');
    expect(within(dialog).getByRole('link', { name: /Terms of service/ })).toHaveAttribute('href', '/terms-of-service');
    expect(within(dialog).getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it("records the 'I Agree' and closes", async () => {
    seedSession(server(), userWithOldPolicies);
    server().on('POST', '/api/policies/accept', () => ({ status: 200, body: { ...userWithOldPolicies, policy_update_required: false } }));
    await openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'I Agree' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server().requestsTo('POST', '/api/policies/accept')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('stays open, with the error, when the agreement cannot be saved', async () => {
    seedSession(server(), userWithOldPolicies);
    server().on('POST', '/api/policies/accept', () => ({ status: 503, body: { message: 'down', code: 'service_unavailable' } }));
    await openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'I Agree' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again in a few minutes.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('cannot be dismissed with Escape', async () => {
    seedSession(server(), userWithOldPolicies);
    await openDashboard();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not show for a user who accepted the current policies', async () => {
    seedSession(server(), completeUser);
    await openDashboard();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not show on the auth pages, such as e-mail verification', async () => {
    seedSession(server(), userWithOldPolicies);
    renderRoute('/verify-email');
    await screen.findByRole('heading', { name: 'Your email address is verified' }, routeTimeout);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
