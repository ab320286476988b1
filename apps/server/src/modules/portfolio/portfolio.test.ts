import { organisationApiPaths, portfolioApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { portfolioEntryEnvelope, portfolioInvitationPreview, portfolioList, portfolioMessages } from '@app/contract/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { outboxFor, waitForMail } from '../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi, markEmailVerified } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, "Access by type", Investor: the investor invites a portfolio company's representative,
// who links their organisation; from then on the investor's owners and admins read that company's
// team overview and nothing else of it, never writing anything there; either side ends the link and
// the access ends at once.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Investor {
  id: string;
  owner: RegisteredUser;
  admin: RegisteredUser;
  member: RegisteredUser;
}

async function newInvestor(): Promise<Investor> {
  const owner = await registerUser(t, { name: 'Ivana Investor' });
  const organisation = await createOrganisationThroughApi(t, owner);
  // The wizard's investor lists differ; the type is what the portfolio reads.
  await t.pool.query(`update organisations set type = 'investor', name = 'Northwind Capital' where id = $1`, [organisation.id]);
  const admin = await registerUser(t, { name: 'Anton Admin' });
  const member = await registerUser(t, { name: 'Mila Member' });
  await addMember(t, organisation.id, admin, 'admin');
  await addMember(t, organisation.id, member, 'member');
  return { id: organisation.id, owner, admin, member };
}

/** A portfolio company: its own organisation, its representative the owner with a verified address. */
async function newCompany(): Promise<{ id: string; representative: RegisteredUser }> {
  const representative = await registerUser(t, { name: 'Rita Representative', email: uniqueEmail('representative') });
  await markEmailVerified(t, representative);
  const organisation = await createOrganisationThroughApi(t, representative);
  return { id: organisation.id, representative };
}

function invite(actor: RegisteredUser, investorId: string, email: string, companyName = 'Acme Robotics') {
  return t.app.inject({ method: 'POST', url: portfolioApiPaths.portfolio(investorId), headers: actor.headersWithCsrf, payload: { company_name: companyName, representative_email: email } });
}

/** The token of the newest portfolio link e-mailed to `email`, once `count` went out. */
async function portfolioToken(email: string, count = 1): Promise<string> {
  const startedAt = performance.now();
  for (;;) {
    const links = (await outboxFor(t, email)).flatMap((mail) => mail.links.filter((link) => link.includes('/portfolio-invitations/')));
    if (links.length >= count && links[0]) return decodeURIComponent(links[0].split('/portfolio-invitations/')[1] ?? '');
    if (performance.now() - startedAt > 10_000) throw new Error(`no ${count}. portfolio invitation to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function accept(user: RegisteredUser, token: string, organisationId: string) {
  return t.app.inject({ method: 'POST', url: portfolioApiPaths.invitationAccept(token), headers: user.headersWithCsrf, payload: { organisation_id: organisationId } });
}

async function linked(): Promise<{ investor: Investor; company: { id: string; representative: RegisteredUser }; linkId: string }> {
  const investor = await newInvestor();
  const company = await newCompany();
  const invited = await invite(investor.owner, investor.id, company.representative.account.email);
  expect(invited.statusCode, invited.body).toBe(201);
  const linkId = portfolioEntryEnvelope.parse(invited.json()).data.id!;
  const accepted = await accept(company.representative, await portfolioToken(company.representative.account.email), company.id);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { investor, company, linkId };
}

const overview = (viewer: RegisteredUser, organisationId: string) => t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organisationId), headers: viewer.authHeaders });

describe('an investor’s portfolio', () => {
  it('invites a representative by e-mail, lists the wizard’s companies not invited yet, and is for owners and admins of an investor only', async () => {
    const investor = await newInvestor();
    await t.pool.query(`insert into organisation_people (organisation_id, list, company_name, email) values ($1, 'portfolio_company', 'Listed Ltd', 'listed@example.com')`, [investor.id]);
    const email = uniqueEmail('rep');
    const invited = await invite(investor.admin, investor.id, email);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(portfolioEntryEnvelope.parse(invited.json()).data).toMatchObject({ company_name: 'Acme Robotics', representative_email: email, status: 'pending', company_organisation: null });
    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe('Northwind Capital invites your company to Compass');
    expect(mail.text).toContain('never a person\'s own results, and never the right to change anything');
    // The token is stored only as its hash.
    const token = await portfolioToken(email);
    const stored = await t.pool.query('select token_hash from portfolio_links where investor_organisation_id = $1', [investor.id]);
    expect(stored.rows[0].token_hash).not.toBe(token);

    const again = await invite(investor.owner, investor.id, email.toUpperCase());
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.representative_email).toEqual([portfolioMessages.invitationPending]);

    const list = portfolioList.parse((await t.app.inject({ method: 'GET', url: portfolioApiPaths.portfolio(investor.id), headers: investor.owner.authHeaders })).json()).data;
    expect(list.map((entry) => [entry.company_name, entry.status])).toEqual([
      ['Acme Robotics', 'pending'],
      ['Listed Ltd', 'not_invited'],
    ]);

    expect((await t.app.inject({ method: 'GET', url: portfolioApiPaths.portfolio(investor.id), headers: investor.member.authHeaders })).statusCode).toBe(403);
    const stranger = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: portfolioApiPaths.portfolio(investor.id), headers: stranger.authHeaders })).statusCode).toBe(404);
    const business = await newCompany();
    const notInvestor = await invite(business.representative, business.id, uniqueEmail('rep'));
    expect(notInvestor.statusCode).toBe(409);
    expect(notInvestor.json().message).toBe(portfolioMessages.notInvestor);
  });

  it('shows the company’s team overview only once the representative accepted, read-only, to the investor’s owners and admins', async () => {
    const investor = await newInvestor();
    const company = await newCompany();
    await invite(investor.owner, investor.id, company.representative.account.email);
    const token = await portfolioToken(company.representative.account.email);
    expect((await overview(investor.owner, company.id)).statusCode).toBe(404);

    // Only the invited address, verified, and only for an organisation they own or administer.
    const other = await registerUser(t);
    await markEmailVerified(t, other);
    expect((await accept(other, token, company.id)).statusCode).toBe(403);
    const preview = portfolioInvitationPreview.parse((await t.app.inject({ method: 'GET', url: portfolioApiPaths.invitation(token), headers: company.representative.authHeaders })).json()).data;
    expect(preview).toMatchObject({ investor_name: 'Northwind Capital', company_name: 'Acme Robotics', organisations: [{ id: company.id }] });
    const notTheirs = await accept(company.representative, token, (await newCompany()).id);
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().errors.organisation_id).toEqual([portfolioMessages.chooseOrganisation]);

    expect((await accept(company.representative, token, company.id)).statusCode).toBe(200);
    // A second click finds the link used.
    expect((await accept(company.representative, token, company.id)).statusCode).toBe(410);

    for (const viewer of [investor.owner, investor.admin]) {
      const response = await overview(viewer, company.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.organisation_id).toBe(company.id);
    }
    // The investor's members (the representatives the wizard invited among them) see nothing.
    expect((await overview(investor.member, company.id)).statusCode).toBe(404);

    const list = portfolioList.parse((await t.app.inject({ method: 'GET', url: portfolioApiPaths.portfolio(investor.id), headers: investor.owner.authHeaders })).json()).data;
    expect(list[0]).toMatchObject({ status: 'accepted', company_organisation: { id: company.id } });
  });

  it('refuses every write and every individual view of the portfolio company with 403, and anything of its organisation with 404', async () => {
    const { investor, company } = await linked();
    const owner = investor.owner;
    const forbidden = [
      await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(company.id), headers: owner.headersWithCsrf, payload: { minimum: 3 } }),
      await t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(company.id), headers: owner.authHeaders }),
      await t.app.inject({ method: 'GET', url: teamInsightApiPaths.sharedResults(company.id), headers: owner.authHeaders }),
      await t.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(company.id, company.representative.account.id), headers: owner.authHeaders }),
    ];
    for (const response of forbidden) expect(response.statusCode, response.body).toBe(403);
    // Not a member of the company: its organisation's calls, and a consent of their own there, are 404.
    const notFound = [
      await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(company.id), headers: owner.headersWithCsrf, payload: { visibility: 'individual' } }),
      await t.app.inject({ method: 'GET', url: organisationApiPaths.members(company.id), headers: owner.authHeaders }),
      await t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(company.id), headers: owner.headersWithCsrf, payload: { email: uniqueEmail('x'), role: 'member' } }),
      await t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(company.id, company.representative.account.id), headers: owner.headersWithCsrf }),
      await t.app.inject({ method: 'GET', url: portfolioApiPaths.investors(company.id), headers: owner.authHeaders }),
    ];
    for (const response of notFound) expect(response.statusCode, response.body).toBe(404);
    // Nothing changed there.
    const minimum = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(company.id), headers: company.representative.authHeaders });
    expect(minimum.json().data.minimum).toBe(5);
    const members = await t.pool.query('select count(*)::int as count from organisation_members where organisation_id = $1', [company.id]);
    expect(members.rows[0].count).toBe(1);

    // Another investor, and its owner, have no relation: 404.
    const foreign = await newInvestor();
    expect((await overview(foreign.owner, company.id)).statusCode).toBe(404);
  });

  it('ends the access at once when the company ends the link, or the investor does', async () => {
    const first = await linked();
    const investors = await t.app.inject({ method: 'GET', url: portfolioApiPaths.investors(first.company.id), headers: first.company.representative.authHeaders });
    expect(investors.json().data).toEqual([{ id: first.linkId, investor_name: 'Northwind Capital', accepted_at: expect.any(String) }]);
    expect((await overview(first.investor.owner, first.company.id)).statusCode).toBe(200);
    const ended = await t.app.inject({ method: 'DELETE', url: portfolioApiPaths.investor(first.company.id, first.linkId), headers: first.company.representative.headersWithCsrf });
    expect(ended.statusCode).toBe(204);
    expect((await overview(first.investor.owner, first.company.id)).statusCode).toBe(404);
    // The investor cannot end it from the company's side.
    const second = await linked();
    expect((await t.app.inject({ method: 'DELETE', url: portfolioApiPaths.investor(second.company.id, second.linkId), headers: second.investor.owner.headersWithCsrf })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: portfolioApiPaths.link(second.investor.id, second.linkId), headers: second.investor.owner.headersWithCsrf })).statusCode).toBe(204);
    expect((await overview(second.investor.owner, second.company.id)).statusCode).toBe(404);
    const list = portfolioList.parse((await t.app.inject({ method: 'GET', url: portfolioApiPaths.portfolio(second.investor.id), headers: second.investor.owner.authHeaders })).json()).data;
    expect(list[0]).toMatchObject({ status: 'ended', company_organisation: null });
  });

  it('resends with a new link (the old one stops working) and withdraws a pending invitation', async () => {
    const investor = await newInvestor();
    const company = await newCompany();
    const email = company.representative.account.email;
    const linkId = portfolioEntryEnvelope.parse((await invite(investor.owner, investor.id, email)).json()).data.id!;
    const oldToken = await portfolioToken(email);
    expect((await t.app.inject({ method: 'POST', url: portfolioApiPaths.linkResend(investor.id, linkId), headers: investor.owner.headersWithCsrf })).statusCode).toBe(200);
    const newToken = await portfolioToken(email, 2);
    expect(newToken).not.toBe(oldToken);
    expect((await t.app.inject({ method: 'GET', url: portfolioApiPaths.invitation(oldToken), headers: company.representative.authHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: portfolioApiPaths.link(investor.id, linkId), headers: investor.owner.headersWithCsrf })).statusCode).toBe(204);
    const withdrawn = await t.app.inject({ method: 'GET', url: portfolioApiPaths.invitation(newToken), headers: company.representative.authHeaders });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toBe(portfolioMessages.invitationRevoked);
  });
});
