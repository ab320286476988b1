import { afterEach, describe, expect, it } from 'vitest';
import { pendingReturnPathLifetimeMs, rememberReturnPath, safeReturnPath, takeReturnPathAfterRegistration } from './return-path.ts';

describe('return path after login', () => {
  it.each(['/dashboard', '/settings/password', '/verify-email/user-1/3f1c0ffee?expires=1900000000&signature=abc123', '/https://evil.example'])(
    'accepts %s, a path on this site',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['another host, scheme-relative', '//evil.example'],
    ['another host behind a backslash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a tab that URL parsing drops', '/\t/evil.example'],
    ['a relative path', 'dashboard'],
    ['an empty value', ''],
    ['no value', null],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('return path after sign-up (kept across the registration steps)', () => {
  const invitation = '/invitations/k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';
  const registered = { id: 'user-1', email_verified: true, signup_completed: true };
  const storageKey = 'return_path_after_registration';

  afterEach(() => localStorage.clear());

  it('is given to the account that signed up once it is verified and has its birth details, then only once', () => {
    rememberReturnPath('user-1', invitation);
    expect(takeReturnPathAfterRegistration(registered)).toBe(invitation);
    expect(takeReturnPathAfterRegistration(registered)).toBeNull();
  });

  it.each([
    ['the address is not verified yet', { ...registered, email_verified: false }],
    ['the birth details are not saved yet', { ...registered, signup_completed: false }],
  ])('waits while %s, and is given by the step that finishes them', (_case, unfinished) => {
    rememberReturnPath('user-1', invitation);
    expect(takeReturnPathAfterRegistration(unfinished)).toBeNull();
    expect(takeReturnPathAfterRegistration(registered)).toBe(invitation);
  });

  it('is never given to another account in the same browser, and stays for the one that signed up', () => {
    rememberReturnPath('user-1', invitation);
    expect(takeReturnPathAfterRegistration({ ...registered, id: 'user-2' })).toBeNull();
    expect(takeReturnPathAfterRegistration(registered)).toBe(invitation);
  });

  it('is dropped once older than an invitation can be', () => {
    const savedAt = Date.UTC(2026, 10, 1);
    rememberReturnPath('user-1', invitation, savedAt);
    expect(takeReturnPathAfterRegistration(registered, savedAt + pendingReturnPathLifetimeMs + 1)).toBeNull();
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  it.each([
    ['another host, scheme-relative', '//evil.example'],
    ['another host behind a backslash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/invitations/x'],
    ['a script URL', 'javascript:alert(1)'],
  ])('keeps no path to %s', (_case, path) => {
    rememberReturnPath('user-1', path);
    expect(localStorage.getItem(storageKey)).toBeNull();
    expect(takeReturnPathAfterRegistration(registered)).toBeNull();
  });

  it.each([
    ['another site written into storage', JSON.stringify({ user_id: 'user-1', path: '//evil.example', saved_at: Date.now() })],
    ['a value that is not JSON', '/invitations/x'],
    ['a value of the wrong shape', JSON.stringify({ user_id: 'user-1', path: invitation, saved_at: 'yesterday' })],
  ])('ignores and drops %s', (_case, stored) => {
    localStorage.setItem(storageKey, stored);
    expect(takeReturnPathAfterRegistration(registered)).toBeNull();
    expect(localStorage.getItem(storageKey)).toBeNull();
  });
});
