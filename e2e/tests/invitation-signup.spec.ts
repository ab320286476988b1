import { activationMessages } from '@app/contract/organisation-billing';
import { memberMessages } from '@app/contract/organisation-members';
import { signInBrowser, storedSession } from '../support/api.ts';
import { createUserThroughApi, expect, newCredentials, test } from '../support/accounts.ts';
import { verificationLinkPattern, waitForMailLink } from '../support/outbox.ts';
import { completeQuestionnaireThroughApi } from '../support/questionnaire.ts';
import { fillCard, testCards } from '../support/shop.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { choosePeriod, choosePlaceByKeyboard, dateField, expectPath, timeField } from '../support/ui.ts';

// Issue 12: someone invited without an account opens the e-mailed link logged out, signs up from
// it, goes through the registration steps (the verification e-mail opened in another tab of the
// same browser, the birth details, the questionnaire) and lands back on the invitation to accept.

const invitationLinkPattern = /\/invitations\/[A-Za-z0-9_-]{43}$/;

test('someone invited signs up from the link logged out, verifies, completes the registration and accepts', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const owner = await createUserThroughApi(request, 'invite-owner', { name: 'Olga Owner', birthDetails: true });
  const organisationId = await createOrganisationThroughApi(request, owner.session, { name: 'Birch & Co' });
  const invitee = newCredentials('invite-new', 'Ines Invitee');

  // The owner activates the organisation with the test card, then invites an address that has no account.
  await signInBrowser(page, owner.session);
  await page.goto(`/organization/${organisationId}/activate`);
  await fillCard(page, testCards.pays);
  await page.getByRole('button', { name: /^Activate and pay €/ }).click();
  await expect(page.getByText(activationMessages.activated)).toBeVisible();
  await page.goto(`/organization/${organisationId}/members`);
  await page.getByLabel('E-mail address').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(invitee.email).first()).toBeVisible();
  const invitation = await waitForMailLink(request, invitee.email, invitationLinkPattern);
  const invitationPath = new URL(invitation).pathname;

  // Logged out, the link is a page of its own: nothing about the organisation, Log in and Sign up.
  const inviteeContext = await browser.newContext({ baseURL: new URL(invitation).origin });
  const tab = await inviteeContext.newPage();
  await tab.goto(invitation);
  await expect(tab.getByRole('heading', { name: 'You have been invited to join an organisation' })).toBeVisible();
  await expect(tab.getByText('Birch & Co')).toHaveCount(0);
  await expect(tab.getByRole('link', { name: 'Log in' })).toBeVisible();
  await tab.screenshot({ path: test.info().outputPath('invitation-logged-out.png') });

  // Sign up from it.
  await tab.getByRole('link', { name: 'Sign up' }).click();
  await expectPath(tab, '/signup');
  await tab.getByLabel('Name').fill(invitee.name);
  await tab.getByLabel('Email address').fill(invitee.email);
  await tab.getByLabel('Password', { exact: true }).fill(invitee.password);
  await tab.getByLabel('Confirm password').fill(invitee.password);
  await tab.getByRole('checkbox', { name: /privacy policy/ }).check();
  await tab.getByRole('checkbox', { name: /terms of service/ }).check();
  await tab.getByRole('button', { name: 'Create account' }).click();
  await expectPath(tab, '/signup-data');

  // The verification e-mail, opened in another tab of the same browser as from a mail client.
  const verification = await waitForMailLink(request, invitee.email, verificationLinkPattern);
  const mailTab = await inviteeContext.newPage();
  await mailTab.goto(verification);
  await expect(mailTab.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  // The birth details are still missing: that step leads on to the invitation.
  await expect(mailTab.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
  await mailTab.close();

  // The birth details, then straight back to the invitation; the questionnaire covers it first
  // (answered here through the API: its own journey is questionnaire.spec.ts).
  await dateField(tab, 'Day').fill('7');
  await dateField(tab, 'Month').fill('3');
  await dateField(tab, 'Year').fill('1990');
  await timeField(tab, 'Hour').fill('2');
  await timeField(tab, 'Minute').fill('05');
  await choosePeriod(tab, 'PM');
  await choosePlaceByKeyboard(tab, 'zur', 'Zürich, Switzerland');
  await tab.getByRole('button', { name: 'Save and continue' }).click();
  await expectPath(tab, invitationPath);
  await expect(tab.getByRole('dialog', { name: 'Questionnaire' })).toBeVisible();
  const { auth_token: accessToken } = await storedSession(tab);
  await completeQuestionnaireThroughApi(request, accessToken ?? '');
  await tab.reload();

  await expect(tab.getByRole('heading', { name: 'Birch & Co invites you to join as a member' })).toBeVisible();
  await expect(tab.getByText(`Sent to ${invitee.email}.`, { exact: false })).toBeVisible();
  await tab.screenshot({ path: test.info().outputPath('invitation-after-signup.png') });
  await tab.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(tab.getByText(memberMessages.invitationAccepted)).toBeVisible();
  await expectPath(tab, `/organization/${organisationId}/members`);
  await inviteeContext.close();

  // The owner sees them as a member.
  await page.goto(`/organization/${organisationId}/members`);
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row').filter({ hasText: invitee.email })).toContainText('Member');
});

test('someone invited with an account logs in from the link and comes straight back to accept', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const owner = await createUserThroughApi(request, 'invite-owner2', { name: 'Olga Owner', birthDetails: true });
  const invitee = await createUserThroughApi(request, 'invite-existing', { name: 'Ian Existing', birthDetails: true });
  const organisationId = await createOrganisationThroughApi(request, owner.session, { name: 'Aspen Ltd' });
  // Their address is verified already (the link from the sign-up's e-mail, opened through the API).
  const verification = await waitForMailLink(request, invitee.email, verificationLinkPattern);
  await signInBrowser(page, invitee.session);
  await page.goto(verification);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await signInBrowser(page, owner.session);
  await page.goto(`/organization/${organisationId}/members`);
  await page.getByLabel('E-mail address').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const invitation = await waitForMailLink(request, invitee.email, invitationLinkPattern);

  const inviteeContext = await browser.newContext({ baseURL: new URL(invitation).origin });
  const tab = await inviteeContext.newPage();
  await tab.goto(invitation);
  await tab.getByRole('link', { name: 'Log in' }).click();
  await expectPath(tab, '/login');
  await tab.getByLabel('Email address').fill(invitee.email);
  await tab.getByLabel('Password', { exact: true }).fill(invitee.password);
  await tab.getByRole('button', { name: 'Log in' }).click();

  await expectPath(tab, new URL(invitation).pathname);
  await expect(tab.getByRole('heading', { name: 'Aspen Ltd invites you to join as a member' })).toBeVisible();
  await tab.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(tab.getByText(memberMessages.invitationAccepted)).toBeVisible();
  await inviteeContext.close();
});
