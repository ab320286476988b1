// Where a visitor goes after logging in: the page the navigation guard sent them away from, carried
// in the login page's query ('/login?redirect=%2Fverify-email%2F1%2Fabc%3Fexpires%3D...').

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
