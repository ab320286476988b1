import { organisationApiPaths } from '@app/contract/api-paths';
import { invitationEnvelope, invitationList, invitationPreviewEnvelope, memberList, memberMessages } from '@app/contract/organisation-members';
import { organisationList } from '@app/contract/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, uniqueEmail, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { outboxFor, waitForMail } from '../../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi, markEmailVerified } from '../../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { ManualClock } from '../../../lib/clock.ts';

// Issue 12, invitations: sent by e-mail (a link whose token is stored hashed, valid 7 days, one
// pending per address), resent, withdrawn; accepted only by the invited address, verified, once;
// an expired or withdrawn link says so.

let t: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

function invite(actor: RegisteredUser, organisationId: string, email: string, role = 'member') {
  return t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(organisationId), headers: actor.headersWithCsrf, payload: { email, role } });
}

/** The token of the newest invitation link e-mailed to `email`, once `count` invitations went out. */
async function invitationToken(email: string, count = 1): Promise<string> {
  const startedAt = performance.now();
  for (;;) {
    const links = (await outboxFor(t, email)).flatMap((mail) => mail.links.filter((link) => link.includes('/invitations/')));
    if (links.length >= count && links[0]) return decodeURIComponent(links[0].split('/invitations/')[1] ?? '');
    if (performance.now() - startedAt > 10_000) throw new Error(`no ${count}. invitation to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function accept(user: RegisteredUser, token: string) {
  return t.app.inject({ method: 'POST', url: organisationApiPaths.invitationAccept(token), headers: user.headersWithCsrf });
}

async function setUp() {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner, {});
  return { owner, organisation };
}

describe('inviting', () => {
  it('e-mails a link to the address and lists the invitation as pending for 7 days; the token is stored only hashed', async () => {
    const { owner, organisation } = await setUp();
    const email = uniqueEmail('invitee');
    const response = await invite(owner, organisation.id, email, 'admin');
    expect(response.statusCode).toBe(201);
    const invitation = invitationEnvelope.parse(response.json()).data;
    expect(invitation).toMatchObject({ email, role: 'admin', status: 'pending' });
    expect(new Date(invitation.expires_at).getTime() - clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const token = await invitationToken(email);
    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe('Oak & Pine Ltd invites you to Compass');
    expect(mail.text).toContain('Olga Owner invites you to join Oak & Pine Ltd on Compass as an admin.');
    const stored = await t.pool.query<{ token_hash: string }>('select token_hash from organisation_invitations where id = $1', [invitation.id]);
    expect(stored.rows[0]?.token_hash).not.toContain(token);
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = invitationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.invitations(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(list.map((entry) => [entry.email, entry.status])).toEqual([[email, 'pending']]);
  });

  it('keeps one pending invitation per address (whatever its case) and refuses to invite a member', async () => {
    const { owner, organisation } = await setUp();
    const member = await registerUser(t);
    await addMember(t, organisation.id, member, 'member');
    const email = uniqueEmail('twice');
    expect((await invite(owner, organisation.id, email)).statusCode).toBe(201);
    const again = await invite(owner, organisation.id, email.toUpperCase());
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [memberMessages.invitationPending] });
    const existing = await invite(owner, organisation.id, member.email);
    expect(existing.json().errors).toEqual({ email: [memberMessages.alreadyMember] });
    expect((await invite(owner, organisation.id, 'not-an-email')).json().errors).toEqual({ email: ['Must be a valid email'] });
  });

  it('is for owners and admins: a member gets 403, someone outside 404', async () => {
    const { organisation } = await setUp();
    const member = await registerUser(t);
    await addMember(t, organisation.id, member, 'member');
    const stranger = await registerUser(t);
    expect((await invite(member, organisation.id, uniqueEmail())).statusCode).toBe(403);
    expect((await invite(stranger, organisation.id, uniqueEmail())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.invitations(organisation.id), headers: stranger.authHeaders })).statusCode).toBe(404);
  });
});

describe('accepting', () => {
  it('joins the invited, verified account with the role, once; the link cannot be used again', async () => {
    const { owner, organisation } = await setUp();
    const invitee = await registerUser(t, { name: 'Ines Invitee' });
    await markEmailVerified(t, invitee);
    await invite(owner, organisation.id, invitee.email.toUpperCase(), 'admin');
    const token = await invitationToken(invitee.email.toUpperCase());

    const preview = await t.app.inject({ method: 'GET', url: organisationApiPaths.invitationByToken(token), headers: invitee.authHeaders });
    expect(invitationPreviewEnvelope.parse(preview.json()).data).toMatchObject({ organisation_name: 'Oak & Pine Ltd', role: 'admin' });

    const [first, second] = await Promise.all([accept(invitee, token), accept(invitee, token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 410]);
    const theirs = organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: invitee.authHeaders })).json()).data;
    expect(theirs.map((entry) => [entry.id, entry.role])).toEqual([[organisation.id, 'admin']]);
    const members = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(members.map((member) => member.name).sort()).toEqual(['Ines Invitee', 'Olga Owner']);

    const reused = await accept(invitee, token);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ code: 'invitation_unusable', message: memberMessages.invitationUsed });
  });

  it('is refused to another account (a forwarded link is useless) and to the invited account until its address is verified', async () => {
    const { owner, organisation } = await setUp();
    const invitee = await registerUser(t);
    const other = await registerUser(t);
    await markEmailVerified(t, other);
    await invite(owner, organisation.id, invitee.email);
    const token = await invitationToken(invitee.email);

    const forwarded = await accept(other, token);
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json().message).toBe(memberMessages.invitationOtherAccount);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.invitationByToken(token), headers: other.authHeaders })).statusCode).toBe(403);
    const unverified = await accept(invitee, token);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(memberMessages.invitationUnverified);

    await markEmailVerified(t, invitee);
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('says so when the link has expired, was withdrawn or never existed; a resent invitation works with its new link only', async () => {
    const { owner: ownerBefore, organisation } = await setUp();
    const lateBefore = await registerUser(t);
    const revokedBefore = await registerUser(t);
    for (const user of [lateBefore, revokedBefore]) await markEmailVerified(t, user);

    const lateInvitation = invitationEnvelope.parse((await invite(ownerBefore, organisation.id, lateBefore.email)).json()).data;
    const lateToken = await invitationToken(lateBefore.email);
    clock.advanceBy(7 * 24 * 60 * 60 * 1000 + 1000);
    // A week later the sessions have expired too: everyone logs in again.
    const [owner, late, revoked] = await Promise.all([ownerBefore, lateBefore, revokedBefore].map((user) => login(t, user.email, user.password)));
    if (!owner || !late || !revoked) throw new Error('login failed');
    const expired = await accept(late, lateToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(memberMessages.invitationExpired);
    const listed = invitationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.invitations(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(listed.find((entry) => entry.id === lateInvitation.id)?.status).toBe('expired');

    const resent = await t.app.inject({ method: 'POST', url: organisationApiPaths.invitationResend(organisation.id, lateInvitation.id), headers: owner.headersWithCsrf });
    expect(invitationEnvelope.parse(resent.json()).data.status).toBe('pending');
    const newToken = await invitationToken(late.email, 2);
    expect(newToken).not.toBe(lateToken);
    expect((await accept(late, lateToken)).statusCode).toBe(404);
    expect((await accept(late, newToken)).statusCode).toBe(200);

    const revokedInvitation = invitationEnvelope.parse((await invite(owner, organisation.id, revoked.email)).json()).data;
    const revokedToken = await invitationToken(revoked.email);
    expect((await t.app.inject({ method: 'DELETE', url: organisationApiPaths.invitation(organisation.id, revokedInvitation.id), headers: owner.headersWithCsrf })).statusCode).toBe(204);
    const withdrawn = await accept(revoked, revokedToken);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toBe(memberMessages.invitationRevoked);

    const unknown = await accept(revoked, 'a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(memberMessages.invitationInvalid);
  });
});
