import { isRecord, oneOf } from '@/lib/value-guards';

// Notices another page leaves for the login page in the navigation state (never in the URL).
// Parsed with lib/value-guards.ts: the login page has a start-up budget without zod.
const loginNotices = ['password-reset'] as const;

export type LoginNotice = (typeof loginNotices)[number];

/** The navigation state that shows `notice` on the login page. */
export function withLoginNotice(notice: LoginNotice): { notice: LoginNotice } {
  return { notice };
}

/** The notice in a location's state, or null. */
export function readLoginNotice(state: unknown): LoginNotice | null {
  return isRecord(state) ? oneOf(loginNotices, state.notice) : null;
}
