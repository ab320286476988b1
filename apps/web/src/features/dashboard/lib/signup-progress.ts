import type { Account } from '@app/contract/account';

// Spec 2's signup progress on the dashboard: five steps, each Completed, Current or Pending
// (spec 4), with the percent complete, read from the account object's flags and, for the last
// step, from the reports the user owns.

export const signupStepIds = ['signup', 'birth', 'environment', 'big5', 'reports'] as const;
export type SignupStepId = (typeof signupStepIds)[number];
export type SignupStepState = 'completed' | 'current' | 'pending';

export type SignupStep = { id: SignupStepId; state: SignupStepState };
export type SignupProgress = { steps: SignupStep[]; percent: number; complete: boolean };

type ProgressFlags = Pick<Account, 'signup_completed' | 'env_completed' | 'big5_completed' | 'unanswered_questions'>;

/** What the steps are read from besides the account: whether a report of the user's is ready to read. */
export type ProgressContext = { hasReadyReport: boolean };

/**
 * Every question answered (the values set comes after BIG5 and has no flag of its own): the
 * results and the reports on offer become available.
 */
export function assessmentsDone(user: ProgressFlags): boolean {
  return user.signup_completed && user.env_completed && user.big5_completed && user.unanswered_questions === 0;
}

/**
 * Which steps are done. Signup is done by having an account; Reports once the user owns a report
 * that is ready to read (bought and generated).
 */
function isDone(step: SignupStepId, user: ProgressFlags, context: ProgressContext): boolean {
  switch (step) {
    case 'signup':
      return true;
    case 'birth':
      return user.signup_completed;
    case 'environment':
      return user.env_completed;
    case 'big5':
      return user.big5_completed;
    case 'reports':
      return context.hasReadyReport;
  }
}

/** The steps in order: done ones Completed, the first one not done Current, the rest Pending. */
export function signupProgress(user: ProgressFlags, context: ProgressContext): SignupProgress {
  let currentFound = false;
  const steps = signupStepIds.map((id): SignupStep => {
    if (isDone(id, user, context)) return { id, state: 'completed' };
    if (currentFound) return { id, state: 'pending' };
    currentFound = true;
    return { id, state: 'current' };
  });
  const completed = steps.filter((step) => step.state === 'completed').length;
  return { steps, percent: Math.round((completed / steps.length) * 100), complete: completed === steps.length };
}
