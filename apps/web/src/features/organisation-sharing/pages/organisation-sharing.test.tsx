import { shareMessages, type AuditEntryView, type ClientPersonView, type ClientShareView, type ExpertClientView } from '@app/contract/organisation-shares';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// organization.sharing, organization.clients and organization.client-people (issue 13) through the
// real route table, against a real local HTTP server scripted as the organisation-shares routes answer.

const server = setUpRouteTests();

const clientId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';
const expertId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const shareId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

const activeShare: ClientShareView = {
  id: shareId,
  expert_organisation_name: 'People Advisors',
  scope: ['maintain_people', 'aggregates'],
  status: 'active',
  revoked_by: null,
  offered_at: '2026-11-20T09:00:00.000Z',
  decided_at: '2026-11-21T09:00:00.000Z',
};
const auditEntry: AuditEntryView = {
  id: 2,
  actor_name: 'Hana Expert',
  actor_organisation_name: 'People Advisors',
  action: 'invitation_sent',
  subject: 'Cora Carpenter <cora@example.com>',
  details: null,
  created_at: '2026-11-22T10:00:00.000Z',
};
const clientView = (overrides: Partial<ExpertClientView> = {}): ExpertClientView => ({
  id: shareId,
  client_organisation_id: clientId,
  client_organisation_name: 'Oak & Pine Ltd',
  scope: ['maintain_people', 'aggregates'],
  status: 'active',
  revoked_by: null,
  offered_at: '2026-11-20T09:00:00.000Z',
  decided_at: '2026-11-21T09:00:00.000Z',
  ...overrides,
});
const cora: ClientPersonView = { id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', kind: 'employee', position_title: 'Carpenter', full_name: 'Cora Carpenter', email: 'cora@example.com', invitation: 'none', invitation_expires_at: null };

beforeEach(() => {
  localStorage.clear();
});

function serveOrganisation(organisation: Organisation) {
  seedSession(server(), completeUser);
  localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisation.id}`);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [organisation] } }));
  server().on('GET', `/api/organisations/${organisation.id}`, () => ({ status: 200, body: { data: organisation } }));
}

describe('organization.sharing: a business shares itself with HC experts', () => {
  function serveClient(role: Organisation['role'] = 'owner', shares: ClientShareView[] = [activeShare]) {
    serveOrganisation(baseOrganisationFixture({ id: clientId, role }));
    server().on('GET', `/api/organisations/${clientId}/shares`, () => ({ status: 200, body: { data: shares } }));
    server().on('GET', `/api/organisations/${clientId}/audit-log`, () => ({ status: 200, body: { data: [auditEntry], meta: { page: 1, per_page: 20, total: 1 } } }));
  }

  it('lists the shares with their scope and the audit log, reached from the sidebar’s Sharing', async () => {
    serveClient();
    renderRoute(`/organization/${clientId}/sharing`);
    await screen.findByRole('heading', { name: 'Sharing with Human Capital Experts', level: 1 }, routeTimeout);
    const share = await screen.findByRole('listitem', { name: 'People Advisors' }, routeTimeout);
    expect(within(share).getByText('Active')).toBeInTheDocument();
    expect(within(share).getByText('Maintain employees and contractors')).toBeInTheDocument();
    expect(within(share).getByText('See the team overview (aggregates)')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Audit log' }, routeTimeout);
    expect(within(log).getByText('Hana Expert (People Advisors)')).toBeInTheDocument();
    expect(within(log).getByText('Sent an invitation')).toBeInTheDocument();
    expect(within(log).getByText('Cora Carpenter <cora@example.com>')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Organisation Oak & Pine Ltd' })).getByRole('link', { name: 'Sharing' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers a share with the scope chosen, and shows the server’s refusal under the e-mail field', async () => {
    serveClient('owner', []);
    server().on('POST', `/api/organisations/${clientId}/shares`, () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { expert_owner_email: [shareMessages.noExpertFound] } } }));
    renderRoute(`/organization/${clientId}/sharing`);
    await screen.findByText('This organisation is not shared with anyone.', undefined, routeTimeout);
    await userEvent.type(screen.getByLabelText('Expert organisation owner’s e-mail'), 'hana@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Maintain employees and contractors' }));
    await userEvent.click(screen.getByRole('button', { name: 'Offer share' }));
    expect(await screen.findByText(shareMessages.noExpertFound, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `/api/organisations/${clientId}/shares`)[0]?.body).toEqual({ expert_owner_email: 'hana@example.com', scope: ['maintain_people', 'aggregates'] });

    server().on('POST', `/api/organisations/${clientId}/shares`, () => ({ status: 201, body: { data: { ...activeShare, status: 'offered', decided_at: null } } }));
    server().on('GET', `/api/organisations/${clientId}/shares`, () => ({ status: 200, body: { data: [{ ...activeShare, status: 'offered', decided_at: null }] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Offer share' }));
    const share = await screen.findByRole('listitem', { name: 'People Advisors' }, routeTimeout);
    expect(within(share).getByText('Waiting for the expert')).toBeInTheDocument();
  });

  it('revokes a share, and says an admin cannot offer one', async () => {
    serveClient('admin');
    server().on('DELETE', `/api/organisations/${clientId}/shares/${shareId}`, () => ({ status: 200, body: { data: { ...activeShare, status: 'revoked', revoked_by: 'client' } } }));
    renderRoute(`/organization/${clientId}/sharing`);
    expect(await screen.findByText('Only an owner can offer a share.', undefined, routeTimeout)).toBeInTheDocument();
    const revoke = await screen.findByRole('button', { name: 'Revoke the share with People Advisors' }, routeTimeout);
    // The list as the server gives it after the revocation (once the active share has been shown).
    server().on('GET', `/api/organisations/${clientId}/shares`, () => ({ status: 200, body: { data: [{ ...activeShare, status: 'revoked', revoked_by: 'client' }] } }));
    await userEvent.click(revoke);
    // It asks first, saying what happens.
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the share with People Advisors?' }, routeTimeout);
    expect(within(dialog).getByText(/People Advisors loses access to your organisation at once/)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', `/api/organisations/${clientId}/shares/${shareId}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const share = await screen.findByRole('listitem', { name: 'People Advisors' }, routeTimeout);
    await waitFor(() => expect(within(share).getByText('Revoked by the client')).toBeInTheDocument(), routeTimeout);
    expect(within(share).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(server().requestsTo('DELETE', `/api/organisations/${clientId}/shares/${shareId}`)).toHaveLength(1);
  });
});

describe('organization.clients and organization.client-people: an HC expert maintains a client', () => {
  function serveExpert(clients: ExpertClientView[] = [clientView()], people: ClientPersonView[] = [cora]) {
    serveOrganisation(baseOrganisationFixture({ id: expertId, name: 'People Advisors', type: 'human_capital_expert', role: 'admin' }));
    server().on('GET', `/api/organisations/${expertId}/clients`, () => ({ status: 200, body: { data: clients } }));
    server().on('GET', `/api/organisations/${expertId}/clients/${clientId}/people`, () => ({ status: 200, body: { data: { client_organisation_name: 'Oak & Pine Ltd', scope: ['maintain_people', 'aggregates'], people } } }));
  }

  it('accepts an offered share from the Clients page', async () => {
    serveExpert([clientView({ status: 'offered', decided_at: null })]);
    server().on('POST', `/api/organisations/${expertId}/clients/${clientId}/accept`, () => ({ status: 200, body: { data: clientView() } }));
    renderRoute(`/organization/${expertId}/clients`);
    const client = await screen.findByRole('region', { name: 'Oak & Pine Ltd' }, routeTimeout);
    expect(within(client).getByText('Waiting for the expert')).toBeInTheDocument();
    server().on('GET', `/api/organisations/${expertId}/clients`, () => ({ status: 200, body: { data: [clientView()] } }));
    await userEvent.click(within(client).getByRole('button', { name: 'Accept' }));
    expect(await within(client).findByRole('link', { name: 'Employees and contractors' }, routeTimeout)).toHaveAttribute('href', `/organization/${expertId}/clients/${clientId}`);
    expect(within(client).getByRole('link', { name: 'Team insights' })).toHaveAttribute('href', `/organization/${clientId}/insights`);
    expect(within(screen.getByRole('navigation', { name: 'Organisation People Advisors' })).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds a person, sends the invitation and removes a person', async () => {
    serveExpert();
    const peoplePath = `/api/organisations/${expertId}/clients/${clientId}/people`;
    server().on('POST', peoplePath, (request) => ({ status: 201, body: { data: { ...cora, id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', ...(request.body as object) } } }));
    server().on('POST', `${peoplePath}/${cora.id}/invitation`, () => ({ status: 200, body: { data: { ...cora, invitation: 'pending' } } }));
    server().on('DELETE', `${peoplePath}/${cora.id}`, () => ({ status: 204 }));
    renderRoute(`/organization/${expertId}/clients/${clientId}`);
    await screen.findByRole('heading', { name: 'Employees and contractors: Oak & Pine Ltd', level: 1 }, routeTimeout);
    expect(screen.getByRole('link', { name: 'Oak & Pine Ltd’s team insights' })).toHaveAttribute('href', `/organization/${clientId}/insights`);

    const form = screen.getByRole('form', { name: 'Add a person' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'contractor');
    await userEvent.type(within(form).getByLabelText('Position title'), 'Analyst');
    await userEvent.type(within(form).getByLabelText('Name'), 'Ann Analyst');
    await userEvent.type(within(form).getByLabelText('E-mail'), 'ann@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(server().requestsTo('POST', peoplePath)[0]?.body).toEqual({ kind: 'contractor', position_title: 'Analyst', full_name: 'Ann Analyst', email: 'ann@example.com' }), routeTimeout);

    server().on('GET', peoplePath, () => ({ status: 200, body: { data: { client_organisation_name: 'Oak & Pine Ltd', scope: ['maintain_people'], people: [{ ...cora, invitation: 'pending' }] } } }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Cora Carpenter an invitation' }));
    const person = await screen.findByRole('listitem', { name: 'Cora Carpenter' }, routeTimeout);
    await waitFor(() => expect(within(person).getByText('Invitation sent')).toBeInTheDocument(), routeTimeout);
    expect(within(person).getByRole('button', { name: 'Send Cora Carpenter’s invitation again' })).toBeInTheDocument();

    server().on('GET', peoplePath, () => ({ status: 200, body: { data: { client_organisation_name: 'Oak & Pine Ltd', scope: ['maintain_people'], people: [] } } }));
    await userEvent.click(within(person).getByRole('button', { name: 'Remove Cora Carpenter' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove Cora Carpenter?' }, routeTimeout)).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No employees or contractors yet.', undefined, routeTimeout)).toBeInTheDocument();
  });

  it('edits a person, keeping a joined person’s e-mail address as it is', async () => {
    const joined: ClientPersonView = { ...cora, invitation: 'joined' };
    serveExpert([clientView()], [joined]);
    const personPath = `/api/organisations/${expertId}/clients/${clientId}/people/${cora.id}`;
    server().on('PATCH', personPath, (request) => ({ status: 200, body: { data: { ...joined, ...(request.body as object) } } }));
    renderRoute(`/organization/${expertId}/clients/${clientId}`);
    const person = await screen.findByRole('listitem', { name: 'Cora Carpenter' }, routeTimeout);
    await userEvent.click(within(person).getByRole('button', { name: 'Edit Cora Carpenter' }));
    const form = within(person).getByRole('form', { name: 'Edit Cora Carpenter' });
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('readonly');
    const title = within(form).getByLabelText('Position title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Lead carpenter');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server().requestsTo('PATCH', personPath)[0]?.body).toEqual({ position_title: 'Lead carpenter', full_name: 'Cora Carpenter' }), routeTimeout);
    await waitFor(() => expect(within(person).queryByRole('form')).not.toBeInTheDocument(), routeTimeout);
  });

  it('says the client is no longer shared once the share has ended', async () => {
    serveExpert();
    server().on('GET', `/api/organisations/${expertId}/clients/${clientId}/people`, () => ({ status: 404, body: { message: shareMessages.shareNotActive, code: 'not_found' } }));
    renderRoute(`/organization/${expertId}/clients/${clientId}`);
    expect(await screen.findByText(shareMessages.shareNotActive, undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute('href', `/organization/${expertId}/clients`);
  });
});
