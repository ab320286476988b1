import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { answerQuestionsThroughApi } from '../support/questionnaire.ts';
import { reportOffers } from '../support/shop.ts';
import { expectPath, submitLogin } from '../support/ui.ts';

// Issue 4 and spec sections 2, 4, 5: the mandatory questionnaire overlay in Chromium, against the
// real server and its real item banks (environment, BIG5, values).

function overlayOf(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Questionnaire' });
}

function questionsLeft(count: number): string {
  return count === 1 ? '1 question left' : `${count} questions left`;
}

/** The number the overlay's 'questions left' counter shows. */
async function readQuestionsLeft(overlay: Locator): Promise<number> {
  const text = await overlay.getByText(/^\d+ questions? left$/).textContent();
  return Number.parseInt(text ?? '', 10);
}

/** The question on screen: its title is the name of the answers' radio group. */
function answersOf(overlay: Locator): Locator {
  return overlay.getByRole('radiogroup');
}

async function questionTitle(overlay: Locator): Promise<string> {
  return (await overlay.getByRole('heading', { level: 2 }).textContent()) ?? '';
}

/**
 * Answers the question on screen by keyboard only: the arrow key moves from the focused first
 * answer to another one (which chooses it), Enter submits. `steps` varies the answer.
 */
async function answerByKeyboard(page: Page, steps: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

test.describe.configure({ timeout: 240_000 });

test('a new user answers every question by keyboard, revises an answer, resumes after a reload, and lands on a finished dashboard', async ({
  page,
  request,
}) => {
  const user = await createUserThroughApi(request, 'questionnaire', { name: 'Rosalind Franklin', birthDetails: true, questionnaire: 'open' });
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');

  // After the birth data the overlay covers the app, on the first question, with its counter.
  const overlay = overlayOf(page);
  await expect(overlay).toBeVisible();
  await expect(answersOf(overlay)).toBeVisible();
  const total = await readQuestionsLeft(overlay);
  expect(total).toBeGreaterThan(100);
  await expect(overlay.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(overlay.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(overlay.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/logout');
  // The answers have the keyboard focus.
  await expect(answersOf(overlay).getByRole('radio').first()).toBeFocused();

  // Enter with nothing chosen: the spec's message, and nothing moves.
  const firstTitle = await questionTitle(overlay);
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('alert')).toHaveText('Please select an answer.');
  expect(await questionTitle(overlay)).toBe(firstTitle);

  // Three questions by keyboard.
  for (let answered = 0; answered < 3; answered += 1) {
    await answerByKeyboard(page, (answered % 3) + 1);
    await expect(overlay.getByText(questionsLeft(total - answered - 1))).toBeVisible();
  }
  const fourthTitle = await questionTitle(overlay);

  // Back (the next tab stop after the answers) to the third question: its answer is chosen.
  await page.keyboard.press('Tab');
  await expect(overlay.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('heading', { level: 2 })).not.toHaveText(fourthTitle);
  const thirdAnswers = answersOf(overlay);
  const thirdAnswer = thirdAnswers.getByRole('radio', { checked: true });
  await expect(thirdAnswer).toBeFocused();
  const before = await thirdAnswer.getAttribute('value');

  // Change it, and go on: the next unanswered question, the count unchanged.
  await page.keyboard.press('ArrowDown');
  const changed = await thirdAnswers.getByRole('radio', { checked: true }).getAttribute('value');
  expect(changed).not.toBe(before);
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(fourthTitle);
  await expect(overlay.getByText(questionsLeft(total - 3))).toBeVisible();

  // The change was saved: back once more, the new answer is the chosen one.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(answersOf(overlay).getByRole('radio', { checked: true })).toHaveAttribute('value', changed ?? '');
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(fourthTitle);

  // Two more, then a reload mid-way: the overlay opens again at the first unanswered question.
  for (let answered = 3; answered < 5; answered += 1) {
    await answerByKeyboard(page, (answered % 3) + 1);
    await expect(overlay.getByText(questionsLeft(total - answered - 1))).toBeVisible();
  }
  const resumeTitle = await questionTitle(overlay);
  await page.reload();
  await expect(overlay.getByText(questionsLeft(total - 5))).toBeVisible();
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(resumeTitle);
  await expect(overlay.getByRole('button', { name: 'Back' })).toBeEnabled();

  // Every remaining question by keyboard; the overlay closes after the last one.
  for (let answered = 5; answered < total; answered += 1) {
    await answerByKeyboard(page, (answered % 3) + 1);
    if (answered + 1 < total) await expect(overlay.getByText(questionsLeft(total - answered - 1))).toBeVisible();
  }
  await expect(overlay).toHaveCount(0);
  await expect(page.getByText('Thank you! Your answers are saved and your results are on your dashboard.')).toBeVisible();

  // The dashboard follows the reloaded account: every assessment step completed, and the results.
  // Reports stays current until a bought report is ready to read.
  await expectPath(page, '/dashboard');
  const progress = page.getByRole('region', { name: 'Your progress' });
  await expect(progress.getByText('80% complete')).toBeVisible();
  for (const step of ['Signup', 'Birth Time and Location', 'Environment', 'BIG5']) {
    await expect(progress.getByRole('listitem').filter({ hasText: step }).getByText('Completed', { exact: true })).toBeVisible();
  }
  await expect(progress.getByRole('listitem').filter({ hasText: 'Reports' }).getByText('Current', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'BIG5 personality' }).getByRole('term').filter({ hasText: 'Openness' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Work environment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top 10 values' })).toBeVisible();
  await expect(reportOffers(page).getByRole('button', { name: /^Add to basket/ }).first()).toBeVisible();

  // Finished for good: a reload shows the dashboard without the overlay.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Rosalind Franklin' })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});

test('Cancel logs out; the answers stay, and the next login resumes where the user left', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'questionnaire-cancel', { name: 'Lise Meitner', birthDetails: true, questionnaire: 'open' });
  // The environment set is the first 40 questions.
  await answerQuestionsThroughApi(request, user.session.access_token, { limit: 40 });
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  const overlay = overlayOf(page);
  await expect(overlay.getByText(questionsLeft(90))).toBeVisible();
  const title = await questionTitle(overlay);

  // The route named 'logout': the session ends and the login page follows.
  await overlay.getByRole('link', { name: 'Cancel' }).click();
  await expectPath(page, '/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  await submitLogin(page, user.email, user.password);
  await expectPath(page, '/dashboard');
  await expect(overlay.getByText(questionsLeft(90))).toBeVisible();
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(title);
});

test('the overlay and the finished dashboard have no accessibility violations in light and dark mode', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'questionnaire-axe', { name: 'Chien-Shiung Wu', birthDetails: true, questionnaire: 'open' });
  await answerQuestionsThroughApi(request, user.session.access_token, { limit: 2 });
  await signInBrowser(page, user.session);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  const overlay = overlayOf(page);
  await expect(answersOf(overlay)).toBeVisible();
  await expectNoViolationsInBothSchemes(page);

  // With the inline error line and a chosen answer on a question with a previous one.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('alert')).toHaveText('Please select an answer.');
  await expectNoViolationsInBothSchemes(page);

  await answerQuestionsThroughApi(request, user.session.access_token);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('region', { name: 'BIG5 personality' })).toBeVisible();
  await expect(reportOffers(page).getByRole('button', { name: /^Add to basket/ }).first()).toBeVisible();
  await expectNoViolationsInBothSchemes(page);
});

/** The rules whose outcome depends on the colours: all that can change between light and dark. */
const colourRules = ['color-contrast', 'link-in-text-block'];

async function expectNoViolations(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (scheme === 'dark') builder = builder.withRules(colourRules);
  const results = await builder.analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations, `${scheme} mode`).toEqual([]);
}

/** Scans in light mode (every rule), then with the OS switched to dark (the colour rules). */
async function expectNoViolationsInBothSchemes(page: Page): Promise<void> {
  await expectNoViolations(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await expectNoViolations(page, 'dark');
}
