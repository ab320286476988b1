import { emailAlreadyVerifiedMessage, verificationLinkSentMessage } from '@app/contract/email-verification';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The e-mail verification banner of the app shell (issue 16), through the real route table
// against a real local HTTP server.

const server = setUpRouteTests();

const unverified = accountFixture({ id: 'user-unverified', email: 'grace@example.com', email_verified: false });
const resendPath = '/api/email/verification-notification';

beforeEach(() => {
  sessionStorage.clear();
});

async function openAppPage(path = '/settings/appearance', user = unverified) {
  seedSession(server(), user);
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Appearance settings' }, routeTimeout);
  return view;
}

function banner() {
  return screen.queryByRole('region', { name: 'Please verify your email' });
}

describe('e-mail verification banner', () => {
  it('reminds an unverified user on app pages, naming the address', async () => {
    await openAppPage();
    const region = banner();
    expect(region).not.toBeNull();
    expect(region).toHaveTextContent('We sent a verification link to grace@example.com.');
    expect(within(region as HTMLElement).getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('is not shown once the address is verified', async () => {
    await openAppPage('/settings/appearance', completeUser);
    expect(banner()).toBeNull();
  });

  it("sends a new link with Resend and says so with the server's message", async () => {
    server().on('POST', resendPath, () => ({ status: 202, body: { message: verificationLinkSentMessage } }));
    await openAppPage();
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));

    expect(await within(banner() as HTMLElement).findByRole('status')).toHaveTextContent(verificationLinkSentMessage);
    expect(server().requestsTo('POST', resendPath)).toHaveLength(1);
  });

  it('says to wait when resending too often (429)', async () => {
    server().on('POST', resendPath, () => ({ status: 429, body: { message: 'Too many requests.', code: 'too_many_requests' }, headers: { 'Retry-After': '60' } }));
    await openAppPage();
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));

    expect(await within(banner() as HTMLElement).findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
  });

  it('goes away when the address turns out to be verified already (another tab)', async () => {
    server().on('POST', resendPath, () => ({ status: 200, body: { message: emailAlreadyVerifiedMessage } }));
    await openAppPage();
    // The account as the server now knows it.
    server().on('GET', '/api/user', () => ({ status: 200, body: { ...unverified, email_verified: true } }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));

    await waitFor(() => expect(banner()).toBeNull());
  });

  it('stays dismissed for the rest of the browser session, on every page, for that account only', async () => {
    const { router } = await openAppPage();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();

    await act(() => router.navigate('/settings/password'));
    await screen.findByRole('heading', { name: 'Update password' }, routeTimeout);
    expect(banner()).toBeNull();

    // The app opened again in the same tab (a reload): still dismissed.
    cleanup();
    await openAppPage();
    expect(banner()).toBeNull();

    // Another unverified account in the same tab is reminded.
    cleanup();
    await openAppPage('/settings/appearance', accountFixture({ id: 'user-other', email: 'alan@example.com', email_verified: false }));
    expect(banner()).toHaveTextContent('alan@example.com');
  });
});
