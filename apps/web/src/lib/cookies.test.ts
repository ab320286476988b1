import { describe, expect, it } from 'vitest';
import { parseCookies, readCookie, serializeCookie, writeCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads a cookie URI-decoded, as the XSRF header needs it', () => {
    expect(readCookie('XSRF-TOKEN', 'appearance=dark; XSRF-TOKEN=eyJpdiI6%2Fabc%3D%3D; other=1')).toBe('eyJpdiI6/abc==');
  });

  it('answers null for a missing, empty or undecodable cookie', () => {
    expect(readCookie('XSRF-TOKEN', 'appearance=dark')).toBeNull();
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=')).toBeNull();
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E0%A4%A')).toBeNull();
    expect(readCookie('XSRF-TOKEN', '')).toBeNull();
  });

  it('does not mistake a cookie whose name merely ends with the wanted one', () => {
    expect(readCookie('XSRF-TOKEN', 'X-XSRF-TOKEN=wrong')).toBeNull();
  });

  it('keeps the first of two cookies with the same name, as the browser lists the most specific first', () => {
    expect(parseCookies('a=first; a=second').get('a')).toBe('first');
  });

  it('reads a quoted value and values that contain "="', () => {
    expect(parseCookies('q="quoted"; b64=YWJj==').get('q')).toBe('quoted');
    expect(parseCookies('q="quoted"; b64=YWJj==').get('b64')).toBe('YWJj==');
  });

  it('serialises the appearance cookie as spec 9 wants it: 365 days, path /, SameSite Lax', () => {
    expect(serializeCookie('appearance', 'dark', { maxAgeDays: 365 })).toBe('appearance=dark; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('encodes the value so it reads back the same', () => {
    const assignment = serializeCookie('note', 'a b;c=d', { maxAgeDays: 1, secure: true });

    expect(assignment.endsWith('; Secure')).toBe(true);
    expect(readCookie('note', assignment.split('; ')[0] ?? '')).toBe('a b;c=d');
  });

  it('writes and reads document.cookie when no cookie string is given', () => {
    writeCookie('appearance', 'dark', { maxAgeDays: 365 });
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; Path=/';

    expect(readCookie('appearance')).toBe('dark');
    expect(readCookie('XSRF-TOKEN')).toBe('abc==');
  });
});
