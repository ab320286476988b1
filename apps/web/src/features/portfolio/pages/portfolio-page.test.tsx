import { portfolioMessages, type PortfolioEntry } from '@app/contract/portfolio';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// organization.portfolio and portfolio-invitation (issue 13) through the real route table, against a
// real local HTTP server scripted as the portfolio routes answer.

const server = setUpRouteTests();

const investorId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const companyId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';
const linkId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

const linked: PortfolioEntry = {
  id: linkId,
  company_name: 'Acme Robotics',
  representative_email: 'rita@acme.example',
  status: 'accepted',
  company_organisation: { id: companyId, name: 'Acme Robotics Ltd' },
  expires_at: null,
  accepted_at: '2026-11-21T09:00:00.000Z',
};
const listed: PortfolioEntry = { id: null, company_name: 'Listed Ltd', representative_email: 'listed@example.com', status: 'not_invited', company_organisation: null, expires_at: null, accepted_at: null };

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

describe('organization.portfolio: an investor’s portfolio companies', () => {
  it('lists each company with its link state, links a linked one to its team overview, and is reached from the sidebar', async () => {
    serveOrganisation(baseOrganisationFixture({ id: investorId, type: 'investor', name: 'Northwind Capital' }));
    server().on('GET', `/api/organisations/${investorId}/portfolio`, () => ({ status: 200, body: { data: [linked, listed] } }));
    renderRoute(`/organization/${investorId}/portfolio`);
    await screen.findByRole('heading', { name: 'Portfolio', level: 1 }, routeTimeout);
    const company = await screen.findByRole('listitem', { name: 'Acme Robotics' }, routeTimeout);
    expect(within(company).getByText('Linked')).toBeInTheDocument();
    expect(within(company).getByText('Linked to Acme Robotics Ltd')).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: 'Acme Robotics’s team overview' })).toHaveAttribute('href', `/organization/${companyId}/insights`);
    expect(within(company).getByRole('button', { name: 'End link' })).toBeInTheDocument();
    const notInvited = screen.getByRole('listitem', { name: 'Listed Ltd' });
    expect(within(notInvited).getByText('Not invited yet')).toBeInTheDocument();
    expect(within(notInvited).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', `/organization/${investorId}/portfolio`);
  });

  it('invites a representative and shows the server’s refusal under its field', async () => {
    serveOrganisation(baseOrganisationFixture({ id: investorId, type: 'investor' }));
    server().on('GET', `/api/organisations/${investorId}/portfolio`, () => ({ status: 200, body: { data: [] } }));
    const bodies: unknown[] = [];
    server().on('POST', `/api/organisations/${investorId}/portfolio`, (request) => {
      bodies.push(request.body);
      return { status: 422, body: { message: 'The provided data is invalid.', code: 'validation_failed', errors: { representative_email: [portfolioMessages.invitationPending] } } };
    });
    renderRoute(`/organization/${investorId}/portfolio`);
    await screen.findByText('No portfolio companies yet.', undefined, routeTimeout);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company name'), 'Acme Robotics');
    await user.type(screen.getByLabelText('Representative’s e-mail'), 'rita@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(portfolioMessages.invitationPending)).toBeInTheDocument();
    expect(bodies).toEqual([{ company_name: 'Acme Robotics', representative_email: 'rita@acme.example' }]);
  });

  it('tells a business that only an investor has a portfolio', async () => {
    serveOrganisation(baseOrganisationFixture({ id: investorId, type: 'business' }));
    renderRoute(`/organization/${investorId}/portfolio`);
    expect(await screen.findByText('Only an investor organisation has a portfolio.', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Portfolio' })).toBeNull();
  });
});

describe('portfolio-invitation: the representative links their organisation', () => {
  it('accepts for the chosen organisation and says what the investor now sees', async () => {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [] } }));
    const token = 'a'.repeat(43);
    server().on('GET', `/api/portfolio-invitations/${token}`, () => ({
      status: 200,
      body: { data: { investor_name: 'Northwind Capital', company_name: 'Acme Robotics', invited_email: completeUser.email, expires_at: '2026-12-01T09:00:00.000Z', organisations: [{ id: companyId, name: 'Acme Robotics Ltd' }] } },
    }));
    const accepted: unknown[] = [];
    server().on('POST', `/api/portfolio-invitations/${token}/accept`, (request) => {
      accepted.push(request.body);
      return { status: 200, body: { data: { organisation_id: companyId, investor_name: 'Northwind Capital' } } };
    });
    renderRoute(`/portfolio-invitations/${token}`);
    await screen.findByRole('heading', { name: 'Portfolio invitation', level: 1 }, routeTimeout);
    expect(screen.getByText(/Northwind Capital invites Acme Robotics/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link my organisation' }));
    expect(await screen.findByText(portfolioMessages.accepted)).toBeInTheDocument();
    await waitFor(() => expect(accepted).toEqual([{ organisation_id: companyId }]));
  });
});

describe('organization.investors: the company’s side', () => {
  it('lists the investors that read the team overview and ends a link', async () => {
    serveOrganisation(baseOrganisationFixture({ id: companyId, type: 'business', name: 'Acme Robotics Ltd' }));
    let investors = [{ id: linkId, investor_name: 'Northwind Capital', accepted_at: '2026-11-21T09:00:00.000Z' }];
    server().on('GET', `/api/organisations/${companyId}/investors`, () => ({ status: 200, body: { data: investors } }));
    server().on('DELETE', `/api/organisations/${companyId}/investors/${linkId}`, () => {
      investors = [];
      return { status: 204 };
    });
    renderRoute(`/organization/${companyId}/investors`);
    await screen.findByRole('heading', { name: 'Investors', level: 1 }, routeTimeout);
    const investor = await screen.findByRole('listitem', { name: 'Northwind Capital' }, routeTimeout);
    expect(screen.getByRole('link', { name: 'Investors' })).toHaveAttribute('href', `/organization/${companyId}/investors`);
    await userEvent.setup().click(within(investor).getByRole('button', { name: 'End link' }));
    expect(await screen.findByText('No investor reads this organisation’s team overview.')).toBeInTheDocument();
  });
});
