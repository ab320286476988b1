import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationShareApiPaths } from '@app/contract/organisation-shares';
import type { DevOutboxMessage } from '@app/contract/dev-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { waitForMail } from '../../../test/mail-helpers.ts';
import { businessOrganisationRequest, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 14, "Bad input": what people typed, through the routes that e-mail it, as the dev outbox
// keeps the messages: a sign-up's name (verification), an organisation's and its owner's names
// (invitation), a client's and an expert organisation's names (share offer). The HTML part shows
// the markup as text, the plain-text part and the subject as typed. (Each template on its own:
// templates/user-text.test.ts.)

const payload = `<img src=x onerror="window.__xss=1">"'&<script>window.__xss=2</script>`;
const escaped = '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&quot;&#x27;&amp;&lt;script&gt;window.__xss=2&lt;/script&gt;';

let t: TestApp;
let owner: RegisteredUser;

/** The message shows `label` followed by the payload: escaped in its HTML, as typed in its text. */
function expectShownAsTyped(message: DevOutboxMessage, label: string): void {
  expect(message.html).not.toMatch(/<img|<script|onerror="/i);
  expect(message.html).toContain(`${label} ${escaped}`);
  expect(message.text).toContain(`${label} ${payload}`);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t, { name: `Olga ${payload}`, email: uniqueEmail('owner') });
});
afterAll(async () => {
  await t?.close();
});

describe('e-mails that carry typed names, from the dev outbox', () => {
  it('the verification e-mail greets the new account by its name as typed', async () => {
    expectShownAsTyped(await waitForMail(t, owner.email), 'Olga');
  });

  it('the invitation names the organisation and its owner as typed, in the subject too', async () => {
    const organisation = await createOrganisationThroughApi(t, owner, { details: { ...(await businessOrganisationRequest(t)).details, name: `Oak ${payload}` } });
    const invitee = uniqueEmail('invitee');
    const invited = await t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(organisation.id), headers: owner.headersWithCsrf, payload: { email: invitee } });
    expect(invited.statusCode, invited.body).toBe(201);
    const message = await waitForMail(t, invitee);
    expect(message.subject).toBe(`Oak ${payload} invites you to Compass`);
    expectShownAsTyped(message, 'Oak');
    expectShownAsTyped(message, 'Olga');
  });

  it('the share offer names the client and the expert organisation as typed', async () => {
    const client = await createOrganisationThroughApi(t, owner, { details: { ...(await businessOrganisationRequest(t)).details, name: `Client ${payload}` } });
    const expertOwner = await registerUser(t, { name: 'Hana Expert', email: uniqueEmail('expert') });
    await createOrganisationThroughApi(t, expertOwner, { type: 'human_capital_expert', details: { ...(await businessOrganisationRequest(t)).details, name: `Expert ${payload}` } });
    const offered = await t.app.inject({ method: 'POST', url: organisationShareApiPaths.shares(client.id), headers: owner.headersWithCsrf, payload: { expert_owner_email: expertOwner.email, scope: ['aggregates'] } });
    expect(offered.statusCode, offered.body).toBe(201);
    const message = await waitForMail(t, expertOwner.email, { count: 2 });
    expect(message.subject).toBe(`Client ${payload} wants to work with you on Compass`);
    expectShownAsTyped(message, 'Client');
    expectShownAsTyped(message, 'Expert');
  });
});
