// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { assessmentsDone, signupProgress } from './signup-progress.ts';

const fresh = { signup_completed: false, env_completed: false, big5_completed: false, unanswered_questions: 130 };

const noReport = { hasReadyReport: false };

function states(flags: typeof fresh, context = noReport) {
  return Object.fromEntries(signupProgress(flags, context).steps.map((step) => [step.id, step.state]));
}

describe('signup progress', () => {
  it('a new account: Signup completed, birth details current, the rest pending, 20 %', () => {
    expect(states(fresh)).toEqual({ signup: 'completed', birth: 'current', environment: 'pending', big5: 'pending', reports: 'pending' });
    expect(signupProgress(fresh, noReport).percent).toBe(20);
  });

  it('after the birth data: Environment is current, 40 %', () => {
    const flags = { ...fresh, signup_completed: true };
    expect(states(flags)).toEqual({ signup: 'completed', birth: 'completed', environment: 'current', big5: 'pending', reports: 'pending' });
    expect(signupProgress(flags, noReport).percent).toBe(40);
  });

  it('after the environment set: BIG5 is current, 60 %', () => {
    const flags = { ...fresh, signup_completed: true, env_completed: true, unanswered_questions: 90 };
    expect(states(flags)).toMatchObject({ environment: 'completed', big5: 'current', reports: 'pending' });
    expect(signupProgress(flags, noReport).percent).toBe(60);
  });

  it('after BIG5 with the values still open: Reports is current, 80 %', () => {
    const flags = { ...fresh, signup_completed: true, env_completed: true, big5_completed: true, unanswered_questions: 30 };
    expect(states(flags)).toMatchObject({ big5: 'completed', reports: 'current' });
    expect(signupProgress(flags, noReport).percent).toBe(80);
    expect(signupProgress(flags, noReport).complete).toBe(false);
  });

  it('every question answered but no report ready yet: Reports is current, 80 %', () => {
    const flags = { signup_completed: true, env_completed: true, big5_completed: true, unanswered_questions: 0 };
    expect(states(flags)).toMatchObject({ big5: 'completed', reports: 'current' });
    expect(signupProgress(flags, noReport)).toMatchObject({ percent: 80, complete: false });
    expect(assessmentsDone(flags)).toBe(true);
  });

  it('every question answered and a report ready: all completed, 100 %', () => {
    const flags = { signup_completed: true, env_completed: true, big5_completed: true, unanswered_questions: 0 };
    expect(new Set(Object.values(states(flags, { hasReadyReport: true })))).toEqual(new Set(['completed']));
    expect(signupProgress(flags, { hasReadyReport: true })).toMatchObject({ percent: 100, complete: true });
  });

  it('marks a finished step completed even when an earlier one is not (an old account without birth data)', () => {
    const flags = { signup_completed: false, env_completed: true, big5_completed: true, unanswered_questions: 0 };
    expect(states(flags)).toEqual({ signup: 'completed', birth: 'current', environment: 'completed', big5: 'completed', reports: 'pending' });
    expect(signupProgress(flags, noReport).percent).toBe(60);
  });
});
