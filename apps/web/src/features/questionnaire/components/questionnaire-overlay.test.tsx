import type { Account } from '@app/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountFixture } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { fivePointQuestion, scriptQuestionnaire, type ScriptOptions } from '../testing/scripted-questionnaire.ts';

// The questionnaire overlay of spec sections 2, 4, 5 and 8, over the real route table, against a
// real local HTTP server that plays the questionnaire API.

const server = setUpRouteTests();

/** Birth data saved, three questions to go. */
const respondent: Account = accountFixture({ id: 'user-q', unanswered_questions: 3, env_completed: false, big5_completed: false });

const questions = [
  fivePointQuestion('q1', 'I enjoy working out new ways of doing things.', 'Think of your work over the last year.'),
  fivePointQuestion('q2', 'I keep my promises, even small ones.'),
  fivePointQuestion('q3', 'I like a quiet place to concentrate.'),
];

function start(options: ScriptOptions = {}, user: Account = respondent) {
  seedSession(server(), user);
  const questionnaire = scriptQuestionnaire(server(), user, questions, options);
  const view = renderRoute('/dashboard');
  return { questionnaire, ...view };
}

async function findOverlay() {
  return screen.findByRole('dialog', { name: 'Questionnaire' }, routeTimeout);
}

async function findQuestion(title: string) {
  return screen.findByRole('radiogroup', { name: title }, routeTimeout);
}

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const backButton = () => screen.getByRole('button', { name: 'Back' });

function deferred() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

describe('questionnaire overlay', () => {
  it('covers the app with the first unanswered question, its description, answers in order and the questions left', async () => {
    start({ answers: { q1: 'q1-c2' } });
    const overlay = await findOverlay();
    const group = await findQuestion('I keep my promises, even small ones.');

    expect(within(overlay).getByText('2 questions left')).toBeInTheDocument();
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['q2-c1', 'q2-c2', 'q2-c3', 'q2-c4', 'q2-c5']);
    expect(within(group).getByRole('radio', { name: 'Strongly agree' })).not.toBeChecked();
    expect(within(overlay).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/logout');
    // The page behind is out of reach for assistive technology while the overlay is up.
    expect(screen.queryByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeNull();
  });

  it('shows the optional description with the question', async () => {
    start();
    const group = await findQuestion('I enjoy working out new ways of doing things.');
    expect(group).toHaveAccessibleDescription('Think of your work over the last year.');
    expect(screen.getByText('Think of your work over the last year.')).toBeVisible();
  });

  it('keeps Next disabled until an answer is chosen, and Back disabled on the first question', async () => {
    start();
    await findQuestion('I enjoy working out new ways of doing things.');
    expect(nextButton()).toBeDisabled();
    expect(backButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    expect(nextButton()).toBeEnabled();
    expect(backButton()).toBeDisabled();
  });

  it('saves the chosen answer and moves to the next question, counting down the questions left', async () => {
    start();
    await findQuestion('I enjoy working out new ways of doing things.');
    expect(screen.getByText('3 questions left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());

    await findQuestion('I keep my promises, even small ones.');
    expect(screen.getByText('2 questions left')).toBeInTheDocument();
    await waitFor(() => expect(server().requestsTo('POST', '/me/question/q1/answer')).toHaveLength(1));
    expect(server().requestsTo('POST', '/me/question/q1/answer')[0]?.body).toEqual({ choice_id: 'q1-c4' });
    expect(backButton()).toBeEnabled();
  });

  it('is operated by keyboard: arrow keys move between the answers, Enter submits', async () => {
    start();
    await findQuestion('I enjoy working out new ways of doing things.');
    // The answers have the focus from the start.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Strongly disagree' })).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Neutral' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Neutral' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Disagree' })).toBeChecked();
    await userEvent.keyboard('{Enter}');

    await findQuestion('I keep my promises, even small ones.');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Strongly disagree' })).toHaveFocus());
    await waitFor(() => expect(server().requestsTo('POST', '/me/question/q1/answer')[0]?.body).toEqual({ choice_id: 'q1-c2' }));
  });

  it("says 'Please select an answer.' when Enter submits with nothing chosen, and sends nothing", async () => {
    start();
    const group = await findQuestion('I enjoy working out new ways of doing things.');
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an answer.');
    expect(group).toHaveAccessibleDescription(/Please select an answer\./);
    expect(server().requestsTo('POST', '/me/question/q1/answer')).toHaveLength(0);

    // Choosing an answer clears the message.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back to the previous question with its answer chosen (answer_choice), and a changed answer is saved', async () => {
    const { questionnaire } = start({ answers: { q1: 'q1-c5' } });
    await findQuestion('I keep my promises, even small ones.');
    await userEvent.click(backButton());

    await findQuestion('I enjoy working out new ways of doing things.');
    expect(screen.getByRole('radio', { name: 'Strongly agree' })).toBeChecked();
    expect(backButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Neutral' }));
    await userEvent.click(nextButton());
    await findQuestion('I keep my promises, even small ones.');
    await waitFor(() => expect(questionnaire.answers.get('q1')).toBe('q1-c3'));
    // Changing an answer leaves the count where it was.
    expect(screen.getByText('2 questions left')).toBeInTheDocument();
  });

  it('after a changed answer further back, goes on to the next unanswered question, as the server says', async () => {
    const { questionnaire } = start({ answers: { q1: 'q1-c1', q2: 'q2-c2' } });
    await findQuestion('I like a quiet place to concentrate.');
    await userEvent.click(backButton());
    await findQuestion('I keep my promises, even small ones.');
    expect(screen.getByRole('radio', { name: 'Disagree' })).toBeChecked();
    await userEvent.click(backButton());
    await findQuestion('I enjoy working out new ways of doing things.');
    expect(screen.getByRole('radio', { name: 'Strongly disagree' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Strongly agree' }));
    await userEvent.click(nextButton());
    await findQuestion('I like a quiet place to concentrate.');
    expect(questionnaire.answers.get('q1')).toBe('q1-c5');
    expect(screen.getByText('1 question left')).toBeInTheDocument();
  });

  it('shows the answer given a moment ago when going back, before the server has confirmed it', async () => {
    const gate = deferred();
    start();
    server().on('POST', '/me/question/q1/answer', async () => {
      await gate.released;
      return { status: 200, body: { question: questions[1], next: 'q3', previous: 'q1', unanswered_questions: 2, answer_choice: null } };
    });
    await findQuestion('I enjoy working out new ways of doing things.');
    await waitFor(() => expect(server().requestsTo('GET', '/me/question').some((request) => request.query.get('id') === 'q2')).toBe(true));
    await userEvent.click(screen.getByRole('radio', { name: 'Disagree' }));
    await userEvent.click(nextButton());

    // The prefetched question is there while the answer is still on its way.
    await findQuestion('I keep my promises, even small ones.');
    await userEvent.click(backButton());
    await findQuestion('I enjoy working out new ways of doing things.');
    expect(screen.getByRole('radio', { name: 'Disagree' })).toBeChecked();
    gate.release();
  });

  it('prefetches the next question while the user reads, so it shows without waiting for the save', async () => {
    const gate = deferred();
    const { questionnaire } = start();
    await findQuestion('I enjoy working out new ways of doing things.');
    await waitFor(() => expect(server().requestsTo('GET', '/me/question').map((request) => request.query.get('id'))).toContain('q2'));

    server().on('POST', '/me/question/q1/answer', async () => {
      await gate.released;
      questionnaire.answers.set('q1', 'q1-c1');
      return { status: 200, body: questionnaire.responseFor('q2') };
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Strongly disagree' }));
    await userEvent.click(nextButton());

    await findQuestion('I keep my promises, even small ones.');
    expect(screen.getByText('2 questions left')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    gate.release();
  });

  it('brings the question back with its answer and the server text when a save behind the scenes fails', async () => {
    start({ answerReply: (questionId) => (questionId === 'q1' ? { status: 400, body: { message: 'This questionnaire is closed for changes.' } } : undefined) });
    await findQuestion('I enjoy working out new ways of doing things.');
    await waitFor(() => expect(server().requestsTo('GET', '/me/question').map((request) => request.query.get('id'))).toContain('q2'));
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('This questionnaire is closed for changes.');
    expect(screen.getByRole('radiogroup', { name: 'I enjoy working out new ways of doing things.' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Agree' })).toBeChecked();
    expect(screen.getByText('3 questions left')).toBeInTheDocument();
  });

  it("shows the field message of a 422 on choice_id", async () => {
    start({
      answerReply: () => ({ status: 422, body: { message: 'The provided data is invalid.', errors: { choice_id: ['This answer does not belong to the question.'] } } }),
    });
    await findQuestion('I enjoy working out new ways of doing things.');
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This answer does not belong to the question.');
  });

  it("shows the translated message of a server error code", async () => {
    start({ answerReply: () => ({ status: 503, body: { message: 'db down', code: 'service_unavailable' } }) });
    await findQuestion('I enjoy working out new ways of doing things.');
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again in a few minutes.');
  });

  it('shows global.genericError when the answer fails with an exception (a broken response)', async () => {
    // The client reports the broken response on the console; the user sees the generic text.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start({ answerReply: () => ({ status: 200, rawBody: '{"not":"a question"}', headers: { 'Content-Type': 'application/json' } }) });
    await findQuestion('I enjoy working out new ways of doing things.');
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong, please try again later.');
  });

  it('disables Back and Next and shows the spinner while it waits for the server', async () => {
    const gate = deferred();
    start({
      // Neither the next question (prefetch) nor the answer arrive until released.
      questionReply: (id) => (id === 'q3' ? { status: 200, body: undefined, delayMs: 60_000 } : undefined),
      answers: { q1: 'q1-c1' },
    });
    server().on('POST', '/me/question/q2/answer', async () => {
      await gate.released;
      return { status: 200, body: { question: questions[2], next: null, previous: 'q2', unanswered_questions: 1, answer_choice: null } };
    });
    await findQuestion('I keep my promises, even small ones.');
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Loading the question…');
    expect(nextButton()).toBeDisabled();
    expect(backButton()).toBeDisabled();

    gate.release();
    await findQuestion('I like a quiet place to concentrate.');
    expect(backButton()).toBeEnabled();
  });

  it("says 'Failed to load questionnaire' when the first question cannot be loaded, and loads it on retry", async () => {
    let failing = true;
    start({ questionReply: () => (failing ? { status: 500, body: { message: 'boom', code: 'internal' } } : undefined) });
    await findOverlay();
    expect(await screen.findByRole('alert', {}, routeTimeout)).toHaveTextContent('Failed to load questionnaire');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await findQuestion('I enjoy working out new ways of doing things.');
  });

  it('closes when the last answer is saved (204), reloads the account, and shows the dashboard', async () => {
    start({ answers: { q1: 'q1-c1', q2: 'q2-c2' } });
    await findQuestion('I like a quiet place to concentrate.');
    expect(screen.getByText('1 question left')).toBeInTheDocument();
    const userRequestsBefore = server().requestsTo('GET', '/api/user').length;
    await userEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await userEvent.click(nextButton());

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Questionnaire' })).toBeNull(), routeTimeout);
    expect(server().requestsTo('GET', '/api/user').length).toBe(userRequestsBefore + 1);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    // The reloaded account's flags move the dashboard's steps on (Reports waits for a ready report).
    expect(screen.getByRole('progressbar', { name: 'Signup progress' })).toHaveAttribute('aria-valuenow', '80');
  });

  it('closes at once when the server has no question left (204) although the account said otherwise', async () => {
    start({ answers: { q1: 'q1-c1', q2: 'q2-c2', q3: 'q3-c3' } });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Questionnaire' })).toBeNull());
  });

  it('waits for the policy prompt to be answered first: one modal at a time', async () => {
    start({}, accountFixture({ ...respondent, policy_update_required: true }));
    await screen.findByRole('dialog', { name: 'We have updated our policies' }, routeTimeout);
    expect(screen.queryByRole('dialog', { name: 'Questionnaire' })).toBeNull();
  });

  it('is not shown to a user without unanswered questions, nor before the birth-data step', async () => {
    seedSession(server(), accountFixture());
    const first = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server().requestsTo('GET', '/me/question')).toHaveLength(0);
    first.unmount();

    seedSession(server(), accountFixture({ id: 'user-no-birth-data', signup_completed: false, unanswered_questions: 130, env_completed: false, big5_completed: false }));
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server().requestsTo('GET', '/me/question')).toHaveLength(0);
  });
});
