// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

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
