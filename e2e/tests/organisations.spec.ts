import { activationMessages } from '@app/contract/organisation-billing';
import { memberMessages } from '@app/contract/organisation-members';
import { organisationMessages } from '@app/contract/organisations';
import { validationMessages } from '@app/contract/messages';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { waitForMailLink, verificationLinkPattern } from '../support/outbox.ts';
import { fillCard, testCards } from '../support/shop.ts';
import { expectPath } from '../support/ui.ts';

// Issue 12 in the built product, as its users go through it: a Business organisation created
// through the three steps with an error on every step first and a reload in step 2 that keeps the
// entries; activated with card 4242; a second user accepts the e-mailed invitation; the owner
// switches to the organisation's profile and sees the member and their questionnaire progress on
// the organisation's dashboard and its Members page.

const description =
  'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams across the north of England. Every piece is made to order in our Leeds workshop by a team of eight carpenters, two designers and an apprentice, and every offcut goes back into the next commission.';

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a business organisation from the wizard to an accepted invitation', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const owner = await createUserThroughApi(request, 'org-owner', { birthDetails: true });
  const invitee = await createUserThroughApi(request, 'org-invitee', { name: 'Ines Invitee', birthDetails: true });
  await signInBrowser(page, owner.session);

  // /organization leads to the wizard.
  await page.goto('/organization');
  await expectPath(page, '/organization/create');
  await expect(page.getByRole('heading', { name: 'Create an organisation' })).toBeVisible();

  // Step 1: nothing chosen, then a quantity below the service's minimum.
  await next(page);
  await expect(page.getByText(organisationMessages.atLeastOneService)).toBeVisible();
  await page.getByRole('radio', { name: 'Business' }).check();
  await page.getByRole('checkbox', { name: 'Team personality profiles' }).check();
  const quantity = page.getByLabel('Quantity of Team personality profiles');
  await quantity.fill('2');
  await next(page);
  await expect(quantity).toHaveAccessibleDescription(/Minimal quantity is 3/);
  await quantity.fill('3');
  await next(page);

  // Step 2: every required field empty first.
  await expect(page.getByLabel('Organisation name')).toBeVisible();
  await next(page);
  await expect(page.getByLabel('Organisation name')).toHaveAccessibleDescription(validationMessages.required);
  await page.getByLabel('Organisation name').fill('Oak & Pine <Ltd>');
  await page.getByLabel('Address').fill('12 Market Street, Leeds');
  await page.getByLabel('Registration number').fill('09876543');
  await page.getByLabel('VAT code').fill('GB123456789');
  await page.getByLabel('Business description').fill(description.slice(0, 120));
  const user = page.getByRole('group', { name: 'User 1' });
  await user.getByLabel('Position title').fill('Head of people');
  await user.getByLabel('Full name').fill('Ines Invitee');
  await user.getByLabel('E-mail').fill(invitee.email);
  for (const number of [1, 2, 3]) {
    const employee = page.getByRole('group', { name: `Employee ${number}` });
    await employee.getByLabel('Name').fill(`Carpenter ${number}`);
    await employee.getByLabel('E-mail').fill(`carpenter${number}-${Date.now()}@example.com`);
  }
  await next(page);
  await expect(page.getByLabel('Business description')).toHaveAccessibleDescription(/Must be at least 300 characters/);

  // A reload keeps what was typed (the draft is on the server).
  const draftSaved = page.waitForResponse((response) => response.url().endsWith('/api/organisations/draft') && response.request().method() === 'PUT' && response.ok(), { timeout: 10_000 });
  await page.getByLabel('Business description').fill(description);
  await draftSaved;
  await page.reload();
  await expect(page.getByLabel('Organisation name')).toHaveValue('Oak & Pine <Ltd>');
  await expect(page.getByRole('group', { name: 'User 1' }).getByLabel('E-mail')).toHaveValue(invitee.email);
  await next(page);

  // Step 3: the plan, and the billing details prefilled from step 2; an e-mail that is not one first.
  await page.getByRole('radio', { name: /Monthly/ }).check();
  await page.getByLabel('Billing email').fill('accounts@');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByLabel('Billing email')).toHaveAccessibleDescription(validationMessages.email);
  await page.getByLabel('Billing email').fill('accounts@example.com');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { name: 'Your organisation has been created.' })).toBeVisible();
  // What the user typed is shown as text.
  await expect(page.getByText('Oak & Pine <Ltd>', { exact: true }).first()).toBeVisible();

  // Activate with the test card.
  await page.getByRole('link', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/organization\/[^/]+\/activate$/);
  await fillCard(page, testCards.pays);
  await page.getByRole('button', { name: /^Activate and pay €/ }).click();
  await expect(page.getByText(activationMessages.activated)).toBeVisible();

  // The invitee verifies their address, opens the e-mailed link and accepts.
  const verification = await waitForMailLink(request, invitee.email, verificationLinkPattern);
  const invitation = await waitForMailLink(request, invitee.email, /\/invitations\/[A-Za-z0-9_-]{43}/);
  const inviteeContext = await browser.newContext({ baseURL: new URL(verification).origin });
  const inviteePage = await inviteeContext.newPage();
  await signInBrowser(inviteePage, invitee.session);
  await inviteePage.goto(verification);
  await expect(inviteePage.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await inviteePage.goto(invitation);
  await expect(inviteePage.getByRole('heading', { name: 'Oak & Pine <Ltd> invites you to join as a member' })).toBeVisible();
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage.getByText(memberMessages.invitationAccepted)).toBeVisible();
  await inviteeContext.close();

  // The owner works as the organisation: the dashboard becomes the organisation's, with the
  // invitee's progress, the invitations still waiting and the plan.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Switch profile, current:/ }).click();
  await page.getByRole('menuitemradio', { name: /Oak & Pine <Ltd>/ }).click();
  await expect(page.getByRole('heading', { name: 'Oak & Pine <Ltd>', level: 1 })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Questionnaire progress' });
  // Both the owner and the invitee have answered every question.
  await expect(progress.getByRole('definition')).toHaveText(['2', '0', '0']);
  await expect(progress.getByRole('listitem', { name: 'Ines Invitee' })).toContainText('Done');
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('listitem').filter({ hasText: /^carpenter1-/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan' })).toContainText(/Active.*Monthly.*Next charge: €/);

  // The sidebar has Members, which lists the invitee and their progress.
  await page.getByRole('navigation', { name: 'Organisation Oak & Pine <Ltd>' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  const people = page.getByRole('table', { name: 'People' });
  const inviteeRow = people.getByRole('row', { name: /Ines Invitee|Ada Lovelace/ }).filter({ hasText: invitee.email });
  await expect(inviteeRow).toContainText(/Done|In progress|Not started/);
  await expect(people.getByRole('row').filter({ hasText: owner.email })).toContainText('Owner');
});
