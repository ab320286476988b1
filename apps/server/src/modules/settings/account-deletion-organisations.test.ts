import { accountDeletionMessages, ownedOrganisationList } from '@app/contract/account-settings';
import { accountApiPaths, organisationApiPaths } from '@app/contract/api-paths';
import { errorMessages } from '@app/contract/messages';
import { organisationEnvelope } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card } from '../../../test/checkout-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { answerAllQuestions, completeSignupData } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { captureLogs, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userRow } from '../../../test/user-fixtures.ts';

// Issue 14: deleting the account of an organisation's only owner. Each organisation they alone own
// passes to another member (owner at once) or is closed, as they chose; without a choice for
// every one, nothing is deleted (422). The files of their reports leave the file storage.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function remove(user: RegisteredUser, organisations: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: user.headersWithCsrf, payload: { password: user.password, organisations } });
}

async function ownedBy(user: RegisteredUser) {
  const response = await t.app.inject({ method: 'GET', url: accountApiPaths.ownedOrganisations, headers: user.authHeaders });
  expect(response.statusCode).toBe(200);
  return ownedOrganisationList.parse(response.json()).data;
}

async function membersOf(organisationId: string) {
  const { rows } = await t.pool.query<{ user_id: string; role: string }>('select user_id, role from organisation_members where organisation_id = $1 order by role, user_id', [organisationId]);
  return rows;
}

async function organisationRow(organisationId: string) {
  const { rows } = await t.pool.query<{ status: string }>('select status from organisations where id = $1', [organisationId]);
  return rows[0];
}

async function activate(owner: RegisteredUser, organisationId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: organisationApiPaths.activate(organisationId),
    headers: owner.headersWithCsrf,
    payload: { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function ownerWithTeam() {
  const owner = await registerUser(t, { name: 'Olivia Owner' });
  const admin = await registerUser(t, { name: 'Adam Admin' });
  const member = await registerUser(t, { name: 'Mia Member' });
  const organisation = await createOrganisationThroughApi(t, owner);
  await addMember(t, organisation.id, admin, 'admin');
  await addMember(t, organisation.id, member, 'member');
  return { owner, admin, member, organisation };
}

describe('GET /api/user/owned-organisations', () => {
  it('lists the organisations the caller alone owns, with the other members, admins first', async () => {
    const { owner, admin, member, organisation } = await ownerWithTeam();
    const coOwned = await createOrganisationThroughApi(t, owner);
    await addMember(t, coOwned.id, admin, 'owner');
    const joined = await createOrganisationThroughApi(t, admin);
    await addMember(t, joined.id, owner, 'member');
    expect(await ownedBy(owner)).toEqual([
      {
        id: organisation.id,
        name: organisation.name,
        type: 'business',
        status: 'pending_activation',
        members: [
          { user_id: admin.account.id, name: 'Adam Admin', email: admin.email, role: 'admin' },
          { user_id: member.account.id, name: 'Mia Member', email: member.email, role: 'member' },
        ],
        members_total: 2,
      },
    ]);
    expect(await ownedBy(member)).toEqual([]);
  });
});

describe('DELETE /api/user by an organisation’s only owner', () => {
  it('refuses without a choice for every organisation they alone own (422 on the organisation), and changes nothing', async () => {
    const { owner, organisation } = await ownerWithTeam();
    const before = await membersOf(organisation.id);
    const response = await remove(owner);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { [`organisations.${organisation.id}`]: [accountDeletionMessages.chooseForOrganisation] } });
    expect(await userRow(t, owner.account.id)).toBeDefined();
    expect(await membersOf(organisation.id)).toEqual(before);
  });

  it('refuses to pass the organisation to someone who is not a member of it, and changes nothing', async () => {
    const { owner, organisation } = await ownerWithTeam();
    const outsider = await registerUser(t);
    for (const newOwner of [outsider.account.id, owner.account.id, 'not-an-id']) {
      const response = await remove(owner, { [organisation.id]: { action: 'transfer', new_owner_id: newOwner } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { [`organisations.${organisation.id}.new_owner_id`]: [accountDeletionMessages.newOwnerMustBeMember] } });
    }
    expect(await userRow(t, owner.account.id)).toBeDefined();
    expect((await membersOf(organisation.id)).find((row) => row.user_id === owner.account.id)?.role).toBe('owner');
  });

  it('refuses a choice for an organisation the caller does not alone own', async () => {
    const { owner, member, organisation } = await ownerWithTeam();
    const response = await remove(member, { [organisation.id]: { action: 'close' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [`organisations.${organisation.id}`]: [accountDeletionMessages.notAnOwnedOrganisation] });
    expect(await userRow(t, member.account.id)).toBeDefined();
    expect(await organisationRow(organisation.id)).toBeDefined();
    expect(owner).toBeDefined();
  });

  it('passes the organisation to the chosen member, who is its owner at once', async () => {
    const { owner, admin, member, organisation } = await ownerWithTeam();
    await activate(owner, organisation.id);
    const response = await remove(owner, { [organisation.id]: { action: 'transfer', new_owner_id: member.account.id } });
    expect(response.statusCode, response.body).toBe(204);
    expect(await userRow(t, owner.account.id)).toBeUndefined();
    expect(await membersOf(organisation.id)).toEqual(
      [
        { user_id: admin.account.id, role: 'admin' },
        { user_id: member.account.id, role: 'owner' },
      ].sort((a, b) => a.role.localeCompare(b.role) || a.user_id.localeCompare(b.user_id)),
    );
    const seen = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: member.authHeaders });
    expect(organisationEnvelope.parse(seen.json()).data).toMatchObject({ role: 'owner', status: 'active' });
  });

  it('closes an active organisation: subscription cancelled, members and invitations removed, its invoices kept for the books', async () => {
    const { owner, admin, organisation } = await ownerWithTeam();
    await activate(owner, organisation.id);
    const response = await remove(owner, { [organisation.id]: { action: 'close' } });
    expect(response.statusCode, response.body).toBe(204);
    expect(await membersOf(organisation.id)).toEqual([]);
    expect(await organisationRow(organisation.id)).toEqual({ status: 'cancelled' });
    const { rows: subscriptions } = await t.pool.query('select status from subscriptions where organisation_id = $1', [organisation.id]);
    expect(subscriptions).toEqual([{ status: 'cancelled' }]);
    const { rows: invoices } = await t.pool.query('select i.status from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1', [organisation.id]);
    expect(invoices).toEqual([{ status: 'paid' }]);
    for (const table of ['organisation_invitations', 'organisation_people']) {
      const { rows } = await t.pool.query(`select 1 from ${table} where organisation_id = $1`, [organisation.id]);
      expect(rows, table).toEqual([]);
    }
    // The former admin no longer finds it.
    const seen = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: admin.authHeaders });
    expect(seen.statusCode).toBe(404);
  });

  it('removes an organisation never invoiced entirely when closed', async () => {
    const { owner, organisation } = await ownerWithTeam();
    expect((await remove(owner, { [organisation.id]: { action: 'close' } })).statusCode).toBe(204);
    expect(await organisationRow(organisation.id)).toBeUndefined();
  });

  it('lets the only member of an organisation close it, never pass it on', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    expect(await ownedBy(owner)).toEqual([expect.objectContaining({ id: organisation.id, members: [], members_total: 0 })]);
    const transfer = await remove(owner, { [organisation.id]: { action: 'transfer', new_owner_id: owner.account.id } });
    expect(transfer.statusCode).toBe(422);
    expect(transfer.json().errors).toEqual({ [`organisations.${organisation.id}.new_owner_id`]: [accountDeletionMessages.newOwnerMustBeMember] });
    expect((await remove(owner, { [organisation.id]: { action: 'close' } })).statusCode).toBe(204);
    expect(await organisationRow(organisation.id)).toBeUndefined();
  });

  it('needs a choice for each of several organisations, and applies each', async () => {
    const { owner, member, organisation: passed } = await ownerWithTeam();
    const closed = await createOrganisationThroughApi(t, owner);
    const missing = await remove(owner, { [passed.id]: { action: 'transfer', new_owner_id: member.account.id } });
    expect(missing.json().errors).toEqual({ [`organisations.${closed.id}`]: [accountDeletionMessages.chooseForOrganisation] });
    expect((await remove(owner, { [passed.id]: { action: 'transfer', new_owner_id: member.account.id }, [closed.id]: { action: 'close' } })).statusCode).toBe(204);
    expect((await membersOf(passed.id)).find((row) => row.user_id === member.account.id)?.role).toBe('owner');
    expect(await organisationRow(closed.id)).toBeUndefined();
  });

  it('needs no choice where another owner stays, and removes only the leaver’s membership', async () => {
    const { owner, admin, organisation } = await ownerWithTeam();
    await t.pool.query(`update organisation_members set role = 'owner' where organisation_id = $1 and user_id = $2`, [organisation.id, admin.account.id]);
    expect((await remove(owner)).statusCode).toBe(204);
    expect((await membersOf(organisation.id)).map((row) => row.user_id)).not.toContain(owner.account.id);
    expect(await organisationRow(organisation.id)).toEqual({ status: 'pending_activation' });
  });
});

/** Waits until the file is gone (the removal job leaves at its queue's next poll once the deletion committed). */
async function waitUntilRemoved(file: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (await access(file).then(() => true, () => false)) {
    if (Date.now() > deadline) throw new Error(`${file} still exists 15 s after the deletion`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('DELETE /api/user removes the report files', () => {
  it('deletes the team report PDFs of an organisation it closes, and keeps those of one it passes on', async () => {
    const { owner, member, organisation: closed } = await ownerWithTeam();
    const passed = await createOrganisationThroughApi(t, owner);
    await addMember(t, passed.id, member, 'member');
    const files: Record<string, string> = {};
    for (const organisation of [closed, passed]) {
      const key = `team-reports/${organisation.id}/1.pdf`;
      await t.pool.query(`insert into team_reports (organisation_id, edition, request_key, status, document, storage_key) values ($1, 1, $2, 'ready', '{}'::jsonb, $3)`, [organisation.id, randomUUID(), key]);
      files[organisation.id] = path.join(t.config.reports.filesDir, key);
      await mkdir(path.dirname(files[organisation.id] ?? ''), { recursive: true });
      await writeFile(files[organisation.id] ?? '', '%PDF-1.7 team report');
    }
    const response = await remove(owner, { [closed.id]: { action: 'close' }, [passed.id]: { action: 'transfer', new_owner_id: member.account.id } });
    expect(response.statusCode, response.body).toBe(204);
    await waitUntilRemoved(files[closed.id] ?? '');
    await access(files[passed.id] ?? '');
  }, 60_000);

  it('deletes the stored PDFs of the user’s reports after the commit', async () => {
    const user = await registerUser(t);
    await completeSignupData(t, user);
    await answerAllQuestions(t, user);
    await buyReports(t, user, seededSkus.big5);
    await waitForReports(t, user, allReady(1));
    const { rows } = await t.pool.query<{ storage_key: string }>('select e.storage_key from report_editions e join granted_reports g on g.id = e.report_id where g.user_id = $1', [user.account.id]);
    expect(rows).toHaveLength(1);
    const file = path.join(t.config.reports.filesDir, rows[0]?.storage_key ?? '');
    await access(file);
    expect((await remove(user)).statusCode).toBe(204);
    await waitUntilRemoved(file);
  }, 60_000);
});

describe('DELETE /api/user when a file cannot be removed', () => {
  let logged: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    logged = await createTestApp({ logStream: logs });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('still deletes the account; the removal is logged and left to its retries', async () => {
    const owner = await registerUser(logged);
    const organisation = await createOrganisationThroughApi(logged, owner);
    // A folder where the PDF should be: removing it as a file fails.
    const key = `team-reports/${organisation.id}/1.pdf`;
    await logged.pool.query(`insert into team_reports (organisation_id, edition, request_key, status, document, storage_key) values ($1, 1, $2, 'ready', '{}'::jsonb, $3)`, [organisation.id, randomUUID(), key]);
    await mkdir(path.join(logged.config.reports.filesDir, key, 'blocked'), { recursive: true });

    const response = await logged.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: owner.headersWithCsrf, payload: { password: owner.password, organisations: { [organisation.id]: { action: 'close' } } } });
    expect(response.statusCode, response.body).toBe(204);
    expect(await userRow(logged, owner.account.id)).toBeUndefined();

    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await logged.pool.query<{ state: string }>(`select state from pgboss.job where name = 'reports.delete-files'`);
      if (rows[0]?.state === 'retry') break;
      if (Date.now() > deadline) throw new Error(`the removal job is ${JSON.stringify(rows)}, not waiting for a retry`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(logs.text()).toContain('could not remove a deleted report file; retried later');
  }, 60_000);
});
