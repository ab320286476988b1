import { nonEmptyString } from './value-guards.ts';

// Cookie values arrive URI-encoded (the server's XSRF-TOKEN ends in %3D); callers want the decoded text.

/** Every cookie in a `document.cookie`-style string, values URI-decoded. Malformed pairs are skipped. */
export function parseCookies(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of cookieString.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const decoded = decodeCookieValue(pair.slice(separator + 1).trim());
    // The first occurrence wins, as in the browser (the most specific path is listed first).
    if (name !== '' && decoded !== null && !cookies.has(name)) cookies.set(name, decoded);
  }
  return cookies;
}

/** The decoded value of one cookie, or null when it is absent, empty or not decodable. */
export function readCookie(name: string, cookieString: string = currentDocumentCookies()): string | null {
  return nonEmptyString(parseCookies(cookieString).get(name));
}

export type CookieOptions = {
  maxAgeDays: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
};

/** The `document.cookie` assignment that stores `name=value` with the given lifetime and scope. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(options.maxAgeDays * 24 * 60 * 60)}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, options);
}

function decodeCookieValue(raw: string): string | null {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return null;
  }
}

function currentDocumentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}
