import { shareMessages } from '@app/contract/organisation-shares';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test, uniqueEmail } from '../support/accounts.ts';
import { expectAccessibleInBothSchemes } from '../support/axe.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { waitForMailLink } from '../support/outbox.ts';

// Issue 13: an HC expert maintains a client's employee list. A business shares itself with a Human
// Capital Expert organisation (maintain people and aggregates); the expert accepts, adds an
// employee and sends the invitation (the e-mail goes out); the client's audit log shows both; the
// client revokes and the expert's pages say the client is no longer shared.

const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

test('an HC expert maintains a client’s employee list until the client revokes the share', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const clientOwner = await createUserThroughApi(request, 'hc-client', { name: 'Olga Client', birthDetails: true });
  const expertOwner = await createUserThroughApi(request, 'hc-expert', { name: 'Hana Expert', birthDetails: true });
  const clientId = await createOrganisationThroughApi(request, clientOwner.session, { name: 'Oak Client Ltd' });
  const expertId = await createOrganisationThroughApi(request, expertOwner.session, { name: 'Talent Partners', type: 'human_capital_expert' });
  const shot = async (target: typeof page, name: string) => {
    await target.screenshot({ path: screenshotDir ? `${screenshotDir}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });
  };

  // The client's owner offers the share to the expert organisation's owner's address.
  await signInBrowser(page, clientOwner.session);
  await page.goto(`/organization/${clientId}/sharing`);
  await expect(page.getByRole('heading', { name: 'Sharing with Human Capital Experts', level: 1 })).toBeVisible();
  await page.getByLabel('Expert organisation owner’s e-mail').fill(expertOwner.email);
  await page.getByRole('checkbox', { name: 'Maintain employees and contractors' }).check();
  await expect(page.getByRole('checkbox', { name: 'See the team overview (aggregates)' })).toBeChecked();
  await page.getByRole('button', { name: 'Offer share' }).click();
  const share = page.getByRole('listitem', { name: 'Talent Partners' });
  await expect(share.getByText('Waiting for the expert')).toBeVisible();

  // The expert's owner accepts and opens the client's people.
  const expertContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const expertPage = await expertContext.newPage();
  await signInBrowser(expertPage, expertOwner.session);
  await expertPage.goto(`/organization/${expertId}/clients`);
  const client = expertPage.getByRole('region', { name: 'Oak Client Ltd' });
  await client.getByRole('button', { name: 'Accept' }).click();
  await expect(client.getByText('Active')).toBeVisible();
  await shot(expertPage, 'expert-clients');
  // The client's team insights open for the expert (aggregates): the overview, never the minimum.
  await client.getByRole('link', { name: 'Team insights' }).click();
  await expect(expertPage.getByRole('heading', { name: 'Team overview', level: 2 })).toBeVisible();
  await expect(expertPage.getByRole('heading', { name: 'Group minimum' })).toHaveCount(0);
  await shot(expertPage, 'expert-client-insights');
  await expertPage.goBack();
  await client.getByRole('link', { name: 'Employees and contractors' }).click();
  await expect(expertPage.getByRole('heading', { name: 'Employees and contractors: Oak Client Ltd', level: 1 })).toBeVisible();
  await expect(expertPage.getByRole('listitem', { name: 'Employee 1' })).toBeVisible();

  // Adds an employee and sends the invitation, which is e-mailed.
  const newHire = uniqueEmail('hc-new-hire');
  const form = expertPage.getByRole('form', { name: 'Add a person' });
  await form.getByLabel('Position title').fill('Analyst');
  await form.getByLabel('Name').fill('Ann Analyst');
  await form.getByLabel('E-mail').fill(newHire);
  await form.getByRole('button', { name: 'Add person' }).click();
  const annRow = expertPage.getByRole('listitem', { name: 'Ann Analyst' });
  await expect(annRow.getByText('Not invited')).toBeVisible();
  await annRow.getByRole('button', { name: 'Send Ann Analyst an invitation' }).click();
  await expect(annRow.getByText('Invitation sent', { exact: true })).toBeVisible();
  await waitForMailLink(request, newHire, /\/invitations\/[A-Za-z0-9_-]{43}$/);
  await shot(expertPage, 'expert-client-people');
  await expectAccessibleInBothSchemes(expertPage);
  await expertPage.setViewportSize({ width: 390, height: 844 });
  await shot(expertPage, 'expert-client-people-phone');
  await expertPage.setViewportSize({ width: 1280, height: 720 });

  // The client's audit log shows both, by whom and for which organisation.
  await page.reload();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log.getByRole('row').nth(1)).toContainText('Sent an invitation');
  await expect(log.getByRole('row').nth(2)).toContainText('Added');
  await expect(log).toContainText(`Ann Analyst <${newHire}>`);
  await expect(log).toContainText('Hana Expert (Talent Partners)');
  await shot(page, 'client-sharing');
  await expectAccessibleInBothSchemes(page);
  // On a phone the audit log scrolls sideways, still reachable by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessibleInBothSchemes(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'client-sharing-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The client revokes; the expert's pages say the client is no longer shared.
  await share.getByRole('button', { name: 'Revoke the share with Talent Partners' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the share with Talent Partners?' });
  await expect(confirm).toBeVisible();
  await shot(page, 'client-revoke-confirm');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(share.getByText('Revoked by the client')).toBeVisible();
  await expertPage.reload();
  await expect(expertPage.getByText(shareMessages.shareNotActive)).toBeVisible();
  await expect(expertPage.getByRole('form', { name: 'Add a person' })).toHaveCount(0);
  await shot(expertPage, 'expert-no-longer-shared');
  await expertPage.goto(`/organization/${expertId}/clients`);
  await expect(expertPage.getByRole('region', { name: 'Oak Client Ltd' }).getByText('Revoked by the client')).toBeVisible();
  await expect(expertPage.getByRole('link', { name: 'Employees and contractors' })).toHaveCount(0);
  await expertContext.close();
});
