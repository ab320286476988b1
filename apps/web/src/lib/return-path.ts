import { isRecord, nonEmptyString } from './value-guards.ts';

// Where a visitor goes after logging in or signing up: the page they came from, carried in the
// login or sign-up page's query ('/login?redirect=%2Finvitations%2F...'). After a login it is
// followed at once. After a sign-up the registration steps come first (the birth details, and the
// verification e-mail, opened from the inbox, often in a new tab of the same browser), which the
// query does not survive: so the sign-up also keeps the path in localStorage for the new account,
// and the step that finishes those two follows it (takeReturnPathAfterRegistration).

export const returnPathParam = 'redirect';

// Any origin will do: only whether the path stays on it matters.
const probeOrigin = 'http://return-path.invalid';

/**
 * `value` when it is a path on this site, starting with a single '/', else null. Never another
 * origin (an open redirect): not '//host' nor '/\host' (browsers read '\' as '/'), not
 * 'https://host' or any other scheme, and no control characters (URL parsing drops tabs and
 * newlines, so '/\t/host' would become '//host').
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null;
  // What the checks above mean, asked of the URL parser itself.
  return new URL(value, probeOrigin).origin === probeOrigin ? value : null;
}

const pendingStorageKey = 'return_path_after_registration';
/** As long as an invitation is valid: a sign-up finished later has nowhere left to return to. */
export const pendingReturnPathLifetimeMs = 7 * 24 * 60 * 60 * 1000;

type PendingReturnPath = { user_id: string; path: string; saved_at: number };

/** What the account's registration steps are, as far as the way back is concerned (the account object's flags). */
export type RegistrationProgress = { id: string; email_verified: boolean; signup_completed: boolean };

function readPending(): PendingReturnPath | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(pendingStorageKey);
  } catch {
    return null;
  }
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const userId = nonEmptyString(value.user_id);
  const path = safeReturnPath(nonEmptyString(value.path));
  const savedAt = typeof value.saved_at === 'number' && Number.isFinite(value.saved_at) ? value.saved_at : null;
  return userId !== null && path !== null && savedAt !== null ? { user_id: userId, path, saved_at: savedAt } : null;
}

function forgetPending(): void {
  try {
    localStorage.removeItem(pendingStorageKey);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/**
 * Keeps `path` as the page `userId` comes back to once their address is verified and their birth
 * details are saved; only a path on this site (safeReturnPath), and one at a time (the newest).
 */
export function rememberReturnPath(userId: string, path: string | null, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (safe === null) return;
  const pending: PendingReturnPath = { user_id: userId, path: safe, saved_at: now };
  try {
    localStorage.setItem(pendingStorageKey, JSON.stringify(pending));
  } catch {
    // Private mode or a full storage: the registration ends on the dashboard, as without a path.
  }
}

/**
 * The page `user` comes back to, once both registration steps after a sign-up are done (the
 * address verified, the birth details saved): given once, then forgotten. Null while a step is
 * left (the path stays for the step that finishes them), for another account's path (it stays for
 * that account), and for none; a path older than its lifetime, or not safe, is dropped.
 */
export function takeReturnPathAfterRegistration(user: RegistrationProgress, now = Date.now()): string | null {
  const pending = readPending();
  if (pending === null || now - pending.saved_at > pendingReturnPathLifetimeMs) {
    forgetPending();
    return null;
  }
  if (pending.user_id !== user.id || !user.email_verified || !user.signup_completed) return null;
  forgetPending();
  return pending.path;
}
