import { describe, expect, it } from 'vitest';
import { resetPasswordMessage } from './reset-password.tsx';
import { verifyEmailMessage } from './verify-email.tsx';

const templates = [
  ['verification', (name: string, url: string) => verifyEmailMessage('a@example.com', { name, verifyUrl: url, expiresInMinutes: 60 })],
  ['password reset', (name: string, url: string) => resetPasswordMessage('a@example.com', { name, resetUrl: url, expiresInMinutes: 60 })],
] as const;

describe.each(templates)('the %s e-mail', (_kind, render) => {
  const url = 'https://compass.example/path/abc?email=a%40example.com&x=1';

  it('is a complete HTML document whose button and fallback text both carry the link', () => {
    const { html, links } = render('Ada', url);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/>/);
    expect(html.match(new RegExp(`href="${url.replaceAll('?', '\\?').replaceAll('&', '&amp;')}"`, 'g'))).toHaveLength(2);
    expect(links).toEqual([url]);
  });

  it('escapes the name in the HTML part and keeps it as typed in the text part', () => {
    const { html, text } = render('<img src=x onerror=alert(1)> & Co', url);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(html).not.toContain('<img');
    expect(text).toContain('Hello <img src=x onerror=alert(1)> & Co,');
  });

  it('has a plain-text part written for text: the link on a line of its own, short lines, no markup', () => {
    const { text } = render('Ada', url);
    expect(text.split('\n')).toContain(url);
    expect(text).toContain('60 minutes');
    expect(text).not.toMatch(/<\/?[a-z]/);
    expect(text).toMatch(/-- Compass$/);
  });
});
