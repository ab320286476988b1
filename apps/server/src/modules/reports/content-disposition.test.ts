import { describe, expect, it } from 'vitest';
import { contentDisposition } from './routes.ts';

// Issue 14, "Bad input": a team report's file is named after the organisation as its owner typed
// it. The download's header must stay one header, and its UTF-8 name (RFC 5987: only letters,
// digits and !#$&+-.^_`|~ unescaped) must parse, or browsers fall back to the ASCII name.

const fileName = `Compass - Team report - O'Brien (Łódź) *Oak* <b>"Pine"</b> \\ & Co - 2026-11-26.pdf`;

describe('contentDisposition', () => {
  const header = contentDisposition(fileName);
  const [, ascii, encoded] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.*)$/.exec(header) ?? [];

  it('gives the UTF-8 name in characters RFC 5987 allows, which decode to the name as typed', () => {
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(encoded ?? '')).toBe(fileName);
  });

  it('gives an ASCII fallback without quotes, backslashes or line breaks', () => {
    expect(ascii).toBe(`Compass - Team report - O'Brien (__d_) *Oak* <b>_Pine_</b> _ & Co - 2026-11-26.pdf`);
    expect(contentDisposition('Oak\r\nSet-Cookie: x=1.pdf')).not.toMatch(/[\r\n]/);
  });
});
