import { subscriptionMessages } from '@app/contract/organisation-billing';
import { memberMessages, type InvitationView, type MemberView } from '@app/contract/organisation-members';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { invitationFixture, memberFixture, organisationFixture, organisationId } from '../testing/organisation-fixture.ts';

// organization.members (issue 12) through the real route table, against a real local HTTP server
// scripted with the members and invitations calls as the server answers them.

const server = setUpRouteTests();

const base = `/api/organisations/${organisationId}`;
const me = memberFixture({ user_id: completeUser.id, name: completeUser.name, email: completeUser.email, role: 'owner', questionnaire: 'done' });
const ines = memberFixture({ user_id: 'user-ines', name: 'Ines Invitee', role: 'admin', questionnaire: 'in_progress' });
const max = memberFixture({ user_id: 'user-max', name: 'Max Member', questionnaire: 'not_started' });

interface Serve {
  organisation?: Partial<Organisation>;
  members?: MemberView[];
  invitations?: InvitationView[];
  offer?: { from_user_id: string; from_name: string; to_user_id: string; to_name: string; created_at: string } | null;
}

function serve({ organisation = {}, members = [me, ines, max], invitations = [invitationFixture()], offer = null }: Serve = {}) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', base, () => ({ status: 200, body: { data: organisationFixture(organisation) } }));
  server().on('GET', `${base}/members`, (request) => {
    const search = (request.query.get('search') ?? '').toLowerCase();
    const found = members.filter((member) => member.name.toLowerCase().includes(search) || member.email.includes(search));
    return { status: 200, body: { data: found, meta: { page: Number(request.query.get('page') ?? '1'), per_page: 25, total: found.length } } };
  });
  server().on('GET', `${base}/invitations`, () => ({ status: 200, body: { data: invitations } }));
  server().on('GET', `${base}/ownership-transfer`, () => ({ status: 200, body: { data: offer } }));
}

async function openMembers(options?: Serve) {
  serve(options);
  const view = renderRoute(`/organization/${organisationId}/members`);
  await screen.findByRole('heading', { name: 'Members', level: 1 }, routeTimeout);
  return view;
}

const table = () => screen.findByRole('table', { name: 'People' }, routeTimeout);

async function rowActions(name: string) {
  const row = within(await table()).getByRole('row', { name });
  await userEvent.click(within(row).getByRole('button', { name: `Actions for ${name}` }));
}

describe('organization.members: the members of an organisation', () => {
  it("lists each member's name, e-mail, role and questionnaire progress, under Dashboard › the organisation's name › Members", async () => {
    await openMembers();
    const rows = within(await table()).getAllByRole('row');
    expect(rows.slice(1).map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['Ada Lovelace (you)', 'ada@example.com', 'Owner', 'Done'],
      ['Ines Invitee', 'ines@example.com', 'Admin', 'In progress'],
      ['Max Member', 'max@example.com', 'Member', 'Not started'],
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(await crumbs.findByText('Oak & Pine Ltd')).toBeInTheDocument();
    expect(crumbs.getByText('Members')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Members | Compass');
  });

  it('searches by what is typed, once typing settles, and says when nobody matches', async () => {
    await openMembers();
    await table();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ines');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'People' })).queryByRole('row', { name: 'Max Member' })).toBeNull(), routeTimeout);
    const searches = server().requestsTo('GET', `${base}/members`).map((request) => request.query.get('search'));
    expect(searches).toContain('ines');
    // Debounced: not one request per keystroke.
    expect(searches.filter((search) => search !== null && search !== 'ines')).toEqual([]);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search members' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'nobody');
    expect(await screen.findByText('No member matches “nobody”.', undefined, routeTimeout)).toBeInTheDocument();
  });

  it('makes a member an admin through PATCH, and shows the server’s refusal when the organisation is read-only', async () => {
    let refuse = false;
    server().on('PATCH', `${base}/members/${max.user_id}`, () =>
      refuse ? { status: 409, body: { message: subscriptionMessages.readOnly, code: 'organisation_rule' } } : { status: 204 },
    );
    await openMembers();
    await rowActions('Max Member');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText('Max Member is now admin.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PATCH', `${base}/members/${max.user_id}`)[0]?.body).toEqual({ role: 'admin' });

    refuse = true;
    await rowActions('Max Member');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText(subscriptionMessages.readOnly, undefined, routeTimeout)).toBeInTheDocument();
  });

  it("an admin gets no actions on an owner, and sees an owner's refusal as the server words it", async () => {
    const owner = memberFixture({ user_id: 'user-olga', name: 'Olga Owner', role: 'owner' });
    const admin = { ...me, role: 'admin' as const };
    server().on('DELETE', `${base}/members/${max.user_id}`, () => ({ status: 403, body: { message: memberMessages.adminsCannotChangeOwners, code: 'forbidden' } }));
    await openMembers({ organisation: { role: 'admin' }, members: [owner, admin, max] });
    expect(within(await table()).getByRole('row', { name: 'Olga Owner' }).querySelector('button')).toBeNull();

    await rowActions('Max Member');
    expect(screen.queryByRole('menuitem', { name: 'Transfer ownership' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Max Member?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await within(dialog).findByRole('alert', undefined, routeTimeout)).toHaveTextContent(memberMessages.adminsCannotChangeOwners);
  });

  it('removes a member only after the confirmation, with DELETE', async () => {
    server().on('DELETE', `${base}/members/${ines.user_id}`, () => {
      serve({ members: [me, max] });
      return { status: 204 };
    });
    await openMembers();
    await rowActions('Ines Invitee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ines Invitee?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server().requestsTo('DELETE', `${base}/members/${ines.user_id}`)).toHaveLength(0);

    await rowActions('Ines Invitee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from organisation' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Ines Invitee was removed from the organisation.', undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'People' })).queryByRole('row', { name: 'Ines Invitee' })).toBeNull(), routeTimeout);
  });

  it("shows the last owner the server's refusal when they try to leave", async () => {
    server().on('DELETE', `${base}/members/${completeUser.id}`, () => ({ status: 409, body: { message: memberMessages.lastOwnerCannotLeave, code: 'organisation_rule' } }));
    await openMembers();
    await userEvent.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Oak & Pine Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    expect(await within(dialog).findByRole('alert', undefined, routeTimeout)).toHaveTextContent(memberMessages.lastOwnerCannotLeave);
  });

  it('offers the ownership to a member, shows the open offer and withdraws it', async () => {
    server().on('POST', `${base}/ownership-transfer`, () => {
      serve({ offer: { from_user_id: completeUser.id, from_name: completeUser.name, to_user_id: ines.user_id, to_name: ines.name, created_at: '2026-11-26T10:00:00.000Z' } });
      return { status: 204 };
    });
    server().on('DELETE', `${base}/ownership-transfer`, () => {
      serve({ offer: null });
      return { status: 204 };
    });
    await openMembers();
    await rowActions('Ines Invitee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Offer the ownership to Ines Invitee?' })).getByRole('button', { name: 'Offer ownership' }));
    await waitFor(() => expect(server().requestsTo('POST', `${base}/ownership-transfer`)[0]?.body).toEqual({ user_id: ines.user_id }));
    expect(await screen.findByText('You offered the ownership to Ines Invitee. It moves once they accept.', undefined, routeTimeout)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw offer' }));
    await waitFor(() => expect(screen.queryByText(/You offered the ownership/)).toBeNull(), routeTimeout);
    expect(server().requestsTo('DELETE', `${base}/ownership-transfer`)).toHaveLength(1);
  });

  it('lets the recipient of an ownership offer accept it', async () => {
    const olga = memberFixture({ user_id: 'user-olga', name: 'Olga Owner', role: 'owner' });
    server().on('POST', `${base}/ownership-transfer/accept`, () => ({ status: 204 }));
    await openMembers({ organisation: { role: 'admin' }, members: [olga, { ...me, role: 'admin' }], offer: { from_user_id: olga.user_id, from_name: olga.name, to_user_id: completeUser.id, to_name: completeUser.name, created_at: '2026-11-26T10:00:00.000Z' } });
    const banner = await screen.findByRole('region', { name: 'Olga Owner offers you the ownership of Oak & Pine Ltd.' }, routeTimeout);
    await userEvent.click(within(banner).getByRole('button', { name: 'Accept ownership' }));
    expect(await screen.findByText('You are now an owner of Oak & Pine Ltd.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/ownership-transfer/accept`)).toHaveLength(1);
  });

  it('shows a member their own membership and Leave, without asking for the list they may not see', async () => {
    await openMembers({ organisation: { role: 'member' } });
    expect(await screen.findByText('You are a member of Oak & Pine Ltd.', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('Only owners and admins see the list of members and invite people.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(server().requestsTo('GET', `${base}/members`)).toHaveLength(0);
    expect(server().requestsTo('GET', `${base}/invitations`)).toHaveLength(0);
  });

  it('tells owners and admins that a past-due organisation is read-only until it is paid', async () => {
    await openMembers({ organisation: { status: 'past_due' } });
    expect(await screen.findByText(/This organisation is read-only until its subscription is paid/, undefined, routeTimeout)).toBeInTheDocument();
  });

  it('says so when the organisation is not one of the caller’s', async () => {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    renderRoute(`/organization/${organisationId}/members`);
    expect(await screen.findByText('This organisation does not exist, or you are not one of its members.', undefined, routeTimeout)).toBeInTheDocument();
  });
});

describe('organization.members: invitations', () => {
  it('lists pending invitations with role and expiry, expired ones marked, and resends and revokes them', async () => {
    const expired = invitationFixture({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', email: 'late@example.com', role: 'admin', status: 'expired', expires_at: '2026-11-20T09:00:00.000Z' });
    server().on('POST', `${base}/invitations/${expired.id}/resend`, () => ({ status: 200, body: { data: { ...expired, status: 'pending', expires_at: '2026-12-03T09:00:00.000Z' } } }));
    server().on('DELETE', `${base}/invitations/${invitationFixture().id}`, () => ({ status: 204 }));
    await openMembers({ invitations: [invitationFixture(), expired] });
    const list = await screen.findByRole('list', { name: 'Pending invitations' }, routeTimeout);
    const pending = within(list).getByRole('listitem', { name: 'newcomer@example.com' });
    expect(within(pending).getByText('Member')).toBeInTheDocument();
    expect(within(pending).getByText(/^Expires /)).toBeInTheDocument();
    const late = within(list).getByRole('listitem', { name: 'late@example.com' });
    expect(within(late).getByText('Expired')).toBeInTheDocument();
    expect(within(late).getByText('Admin')).toBeInTheDocument();

    await userEvent.click(within(late).getByRole('button', { name: 'Resend the invitation to late@example.com' }));
    expect(await screen.findByText(memberMessages.invitationResent, undefined, routeTimeout)).toBeInTheDocument();

    await userEvent.click(within(pending).getByRole('button', { name: 'Revoke the invitation to newcomer@example.com' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Revoke the invitation to newcomer@example.com?' })).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText(memberMessages.invitationRevokedToast, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', `${base}/invitations/${invitationFixture().id}`)).toHaveLength(1);
  });

  it("invites an address with a role, and shows the server's 422 under the e-mail field", async () => {
    server().on('POST', `${base}/invitations`, (request) =>
      JSON.stringify(request.body).includes('ines@example.com')
        ? { status: 422, body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { email: [memberMessages.alreadyMember] } } }
        : { status: 201, body: { data: invitationFixture({ email: 'new@example.com', role: 'admin' }) } },
    );
    await openMembers({ invitations: [] });
    const form = await screen.findByRole('form', { name: 'Invite people' }, routeTimeout);
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('E-mail address')).toHaveAccessibleDescription('Field is required');

    await userEvent.type(within(form).getByLabelText('E-mail address'), 'ines@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByLabelText('E-mail address')).toHaveAccessibleDescription(memberMessages.alreadyMember), routeTimeout);

    await userEvent.clear(within(form).getByLabelText('E-mail address'));
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(memberMessages.invitationSent, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/invitations`).at(-1)?.body).toEqual({ email: 'new@example.com', role: 'admin' });
  });
});
