import { memberMessages, type InvitationView, type MemberProgressSummary, type MemberView } from '@app/contract/organisation-members';
import type { ActivationResponse } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';
import { activationFixture, invoiceFixture } from '../features/organisation-billing/testing/billing-fixture.ts';
import { invitationFixture, memberFixture, organisationFixture, organisationId } from '../features/organisation-members/testing/organisation-fixture.ts';

// The dashboard while an organisation is the profile in use (issue 12): the members' questionnaire
// progress, the pending invitations with resend and revoke, and the plan and its state; through
// the real route table against a real local HTTP server scripted as the server answers.

const server = setUpRouteTests();
const base = `/api/organisations/${organisationId}`;

const me = memberFixture({ user_id: completeUser.id, name: completeUser.name, email: completeUser.email, role: 'owner', questionnaire: 'done' });
const ines = memberFixture({ user_id: 'user-ines', name: 'Ines Invitee', role: 'admin', questionnaire: 'in_progress' });
const max = memberFixture({ user_id: 'user-max', name: 'Max Member', questionnaire: 'not_started' });
const newcomer = invitationFixture();

/** Calls the server keeps for owners and admins (403 for a member). */
const managerOnly = [`${base}/members`, `${base}/members/progress`, `${base}/invitations`, `${base}/subscription`];

beforeEach(() => {
  localStorage.clear();
});

interface Serve {
  organisation?: Partial<Organisation>;
  members?: MemberView[];
  progress?: MemberProgressSummary;
  invitations?: InvitationView[];
  state?: ActivationResponse | null;
  profile?: 'organisation' | 'personal';
}

function serve({ organisation = {}, members = [me, ines, max], progress = { done: 12, in_progress: 30, not_started: 58 }, invitations = [newcomer], state = activationFixture(), profile = 'organisation' }: Serve = {}) {
  const current = organisationFixture(organisation);
  seedSession(server(), completeUser);
  if (profile === 'organisation') localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisationId}`);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [current] } }));
  server().on('GET', base, () => ({ status: 200, body: { data: current } }));
  const managers = (reply: () => { status: number; body: unknown }) => () =>
    current.role === 'member' ? { status: 403, body: { message: 'This action is unauthorized.', code: 'forbidden' } } : reply();
  server().on('GET', `${base}/members`, managers(() => ({ status: 200, body: { data: members, meta: { page: 1, per_page: 25, total: 100 } } })));
  server().on('GET', `${base}/members/progress`, managers(() => ({ status: 200, body: { data: progress } })));
  server().on('GET', `${base}/invitations`, managers(() => ({ status: 200, body: { data: invitations } })));
  server().on('GET', `${base}/subscription`, managers(() => (state === null ? { status: 404, body: { message: 'Not found', code: 'not_found' } } : { status: 200, body: { data: state } })));
}

async function openDashboard(options?: Serve) {
  serve(options);
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { name: 'Oak & Pine Ltd', level: 1 }, routeTimeout);
  return view;
}

const region = (name: string) => screen.findByRole('region', { name }, routeTimeout);

describe('dashboard: an organisation as the profile in use', () => {
  it("shows the organisation's dashboard, named with its type, instead of the personal one", async () => {
    await openDashboard();
    expect(screen.getByText('Business')).toBeInTheDocument();
    expect(await screen.findByText('3 members', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('You are an owner')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: `Welcome, ${completeUser.name}` })).toBeNull();
    expect(await region('Questionnaire progress')).toBeInTheDocument();
    expect(await region('Pending invitations')).toBeInTheDocument();
    expect(await region('Plan')).toBeInTheDocument();
  });

  it('shows the personal dashboard for the personal profile, and asks nothing of the organisation', async () => {
    serve({ profile: 'personal' });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: `Welcome, ${completeUser.name}`, level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oak & Pine Ltd' })).toBeNull();
    for (const path of managerOnly) expect(server().requestsTo('GET', path)).toEqual([]);
  });

  it("counts the members who are done, in progress and not started, and lists the first ones with their progress, never their answers", async () => {
    await openDashboard();
    const progress = await region('Questionnaire progress');
    // The counts are the server's, over the whole organisation, not the page of members.
    const counts = await within(progress).findAllByRole('definition', undefined, routeTimeout);
    expect(counts.map((count) => [count.previousElementSibling?.textContent, count.textContent])).toEqual([
      ['Done', '12'],
      ['In progress', '30'],
      ['Not started', '58'],
    ]);
    const list = await within(progress).findByRole('list', { name: 'Members and their progress' }, routeTimeout);
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`${completeUser.name}OwnerDone`, 'Ines InviteeAdminIn progress', 'Max MemberNot started']);
    expect(within(progress).getByRole('link', { name: 'See all 100 members' })).toHaveAttribute('href', `/organization/${organisationId}/members`);
  });

  it('resends an invitation with POST …/resend, and revokes one with DELETE after asking; the list follows', async () => {
    server().on('POST', `${base}/invitations/${newcomer.id}/resend`, () => ({ status: 200, body: { data: { ...newcomer, expires_at: '2026-12-10T09:00:00.000Z' } } }));
    server().on('DELETE', `${base}/invitations/${newcomer.id}`, () => {
      server().on('GET', `${base}/invitations`, () => ({ status: 200, body: { data: [] } }));
      return { status: 204 };
    });
    await openDashboard();
    const invitations = await region('Pending invitations');
    const row = await within(invitations).findByRole('listitem', { name: newcomer.email }, routeTimeout);

    await userEvent.click(within(row).getByRole('button', { name: `Resend the invitation to ${newcomer.email}` }));
    expect(await screen.findByText(memberMessages.invitationResent, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/invitations/${newcomer.id}/resend`)).toHaveLength(1);

    await userEvent.click(within(row).getByRole('button', { name: `Revoke the invitation to ${newcomer.email}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Revoke the invitation to ${newcomer.email}?` });
    expect(server().requestsTo('DELETE', `${base}/invitations/${newcomer.id}`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText(memberMessages.invitationRevokedToast, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', `${base}/invitations/${newcomer.id}`)).toHaveLength(1);
    expect(await within(invitations).findByText('No invitations are waiting.', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(invitations).getByRole('link', { name: 'Invite people' })).toHaveAttribute('href', `/organization/${organisationId}/members`);
  });

  it('shows a plain member their membership and the plan, no management, and makes no call kept for owners and admins', async () => {
    await openDashboard({ organisation: { role: 'member' } });
    expect(screen.getByText('You are a member')).toBeInTheDocument();
    expect(await region('Your membership')).toBeInTheDocument();
    const plan = await region('Plan');
    expect(within(plan).getByText('Monthly')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('The organisation’s owners and admins manage its plan and billing.')).toBeInTheDocument();
    expect(within(plan).queryByRole('link', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Questionnaire progress' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend|Revoke/ })).toBeNull();
    await waitFor(() => expect(server().requestsTo('GET', base).length).toBeGreaterThan(0), routeTimeout);
    for (const path of managerOnly) expect(server().requestsTo('GET', path)).toEqual([]);
  });

  it('shows an active plan with its next charge and the way to Billing', async () => {
    await openDashboard();
    const plan = await region('Plan');
    expect(await within(plan).findByText('Next charge: €177.31 on Dec 26, 2026', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Manage billing' })).toHaveAttribute('href', `/settings/billing?organisation=${organisationId}`);
  });

  it('says why a past-due plan is past due, what is owed, and leads to Pay now', async () => {
    const state = activationFixture(
      { failure_message: 'Your card was declined.', invoice: invoiceFixture({ status: 'open', paid_at: null, total: 17_731 }) },
      { status: 'past_due', failed_attempts: 3, next_charge_at: null },
    );
    await openDashboard({ organisation: { status: 'past_due' }, state });
    const plan = await region('Plan');
    expect(await within(plan).findByRole('alert', undefined, routeTimeout)).toHaveTextContent(
      'The renewal could not be charged after 3 attempts, so the subscription is past due and the organisation is read-only until the period is paid.',
    );
    expect(within(plan).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(plan).getByText('Owed: €177.31')).toBeInTheDocument();
    expect(within(plan).getByText('Past due')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/settings/billing?organisation=${organisationId}`);
  });

  it('shows a cancellation at the period’s end with its date', async () => {
    await openDashboard({ state: activationFixture({}, { cancel_at_period_end: true }) });
    const plan = await region('Plan');
    expect(await within(plan).findByText('Cancels on Dec 26, 2026', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(plan).getByText(/The subscription ends on Dec 26, 2026 and nothing more is charged/)).toBeInTheDocument();
  });

  it('offers Activate to an owner while the organisation awaits activation', async () => {
    await openDashboard({ organisation: { status: 'pending_activation' }, state: null });
    const plan = await region('Plan');
    expect(within(plan).getByText('Awaiting activation')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Activate' })).toHaveAttribute('href', `/organization/${organisationId}/activate`);
  });
});
