import { memberMessages } from '@app/contract/organisation-members';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { takeReturnPathAfterRegistration } from '../../../lib/return-path.ts';
import { tokenStorage } from '../../../lib/token-storage.ts';
import { organisationFixture, organisationId } from '../testing/organisation-fixture.ts';

// invitation (issue 12): the link of an invitation e-mail, through the real route table against a
// real local HTTP server answering as the server does, refusals included.

const server = setUpRouteTests();

const token = 'k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';
const previewPath = `/api/invitations/${token}`;
const acceptPath = `/api/invitations/${token}/accept`;
const preview = { organisation_name: 'Oak & Pine Ltd', invited_email: completeUser.email, role: 'admin', expires_at: '2026-12-03T09:00:00.000Z' };

function signedIn() {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
}

/** The server knows the session a login in the test will start; nothing is stored yet. */
function seedSessionLater() {
  signedIn();
  tokenStorage.clear();
}

afterEach(() => localStorage.removeItem('return_path_after_registration'));

async function openInvitation() {
  const view = renderRoute(`/invitations/${token}`);
  return view;
}

describe('invitation: the link of an invitation e-mail', () => {
  it('shows what the invitation offers and joins the organisation, then its members page with a toast', async () => {
    signedIn();
    server().on('GET', previewPath, () => ({ status: 200, body: { data: preview } }));
    server().on('POST', acceptPath, () => ({ status: 200, body: { data: { organisation_id: organisationId, role: 'admin' } } }));
    server().on('GET', `/api/organisations/${organisationId}`, () => ({ status: 200, body: { data: organisationFixture({ role: 'admin' }) } }));
    server().on('GET', `/api/organisations/${organisationId}/members`, () => ({ status: 200, body: { data: [], meta: { page: 1, per_page: 25, total: 0 } } }));
    server().on('GET', `/api/organisations/${organisationId}/invitations`, () => ({ status: 200, body: { data: [] } }));
    server().on('GET', `/api/organisations/${organisationId}/ownership-transfer`, () => ({ status: 200, body: { data: null } }));
    const { router } = await openInvitation();

    expect(await screen.findByRole('heading', { name: 'Oak & Pine Ltd invites you to join as an admin', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText(/^Sent to ada@example\.com\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText(memberMessages.invitationAccepted, undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${organisationId}/members`), routeTimeout);
    expect(server().requestsTo('POST', acceptPath)).toHaveLength(1);
  });

  it('offers a visitor who is not logged in to log in or sign up, and tells them nothing the server keeps from an anonymous caller', async () => {
    const { router } = await openInvitation();

    expect(await screen.findByRole('heading', { name: 'You have been invited to join an organisation', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invitations/${token}`);
    const back = `redirect=${encodeURIComponent(`/invitations/${token}`)}`;
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?${back}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/signup?${back}`);
    // No organisation, address or state of the link: the preview needs the invited account.
    expect(server().requestsTo('GET', previewPath)).toHaveLength(0);
    expect(screen.queryByText(/Oak & Pine/)).toBeNull();
  });

  it('comes back here after logging in from it, ready to accept', async () => {
    server().on('GET', '/api/auth/config', () => ({ status: 200, body: { providers: { google: false, facebook: false, linkedin: false }, signup_enabled: true } }));
    server().on('POST', '/api/login', () => ({
      status: 200,
      body: { access_token: 'token-of-user-1', refresh_token: 'refresh-1', expires_at: Math.floor(Date.now() / 1000) + 900, account: completeUser },
    }));
    seedSessionLater();
    server().on('GET', previewPath, () => ({ status: 200, body: { data: preview } }));
    const { router } = await openInvitation();

    await userEvent.click(await screen.findByRole('link', { name: 'Log in' }, routeTimeout));
    await userEvent.type(await screen.findByLabelText('Email address', undefined, routeTimeout), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Oak & Pine Ltd invites you to join as an admin', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invitations/${token}`);
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });

  it('tells another account that the invitation is not theirs, and offers to log in with the invited address', async () => {
    signedIn();
    server().on('GET', previewPath, () => ({ status: 403, body: { message: memberMessages.invitationOtherAccount, code: 'forbidden' } }));
    server().on('POST', '/api/logout', () => ({ status: 204 }));
    const { router } = await openInvitation();

    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(memberMessages.invitationOtherAccount);
    expect(screen.getByText('You are logged in as ada@example.com.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out and log in with the invited address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), routeTimeout);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/invitations/${token}`);
  });

  it('asks an unverified account to verify its address first, with a way to resend the link', async () => {
    signedIn();
    server().on('GET', previewPath, () => ({ status: 403, body: { message: memberMessages.invitationUnverified, code: 'forbidden' } }));
    await openInvitation();

    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(memberMessages.invitationUnverified);
    expect(screen.getByRole('link', { name: 'Resend the verification e-mail' })).toHaveAttribute('href', '/verify-email');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the way back here for an unverified account, so that its verification link leads to this invitation', async () => {
    signedIn();
    server().on('GET', previewPath, () => ({ status: 403, body: { message: memberMessages.invitationUnverified, code: 'forbidden' } }));
    await openInvitation();
    await screen.findByRole('alert', undefined, routeTimeout);

    expect(takeReturnPathAfterRegistration({ ...completeUser, id: 'someone-else' })).toBeNull();
    expect(takeReturnPathAfterRegistration(completeUser)).toBe(`/invitations/${token}`);
  });

  it.each([
    ['has expired', 410, memberMessages.invitationExpired],
    ['was withdrawn', 410, memberMessages.invitationRevoked],
    ['was already used', 410, memberMessages.invitationUsed],
    ['never existed', 404, memberMessages.invitationInvalid],
  ])('says so when the link %s', async (_case, status, message) => {
    signedIn();
    server().on('GET', previewPath, () => ({ status, body: { message, code: status === 410 ? 'invitation_unusable' : 'not_found' } }));
    await openInvitation();

    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });

  it('shows why accepting failed when the link was used meanwhile', async () => {
    signedIn();
    server().on('GET', previewPath, () => ({ status: 200, body: { data: preview } }));
    server().on('POST', acceptPath, () => ({ status: 410, body: { message: memberMessages.invitationUsed, code: 'invitation_unusable' } }));
    await openInvitation();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, routeTimeout));
    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(memberMessages.invitationUsed);
  });
});
