import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignedPath, formatSignedPath, signPath } from './signed-url.ts';

describe('signed paths', () => {
  const key = randomBytes(32);
  const now = new Date('2031-01-01T12:00:00Z');
  const expiresAt = new Date(now.getTime() + 3600_000);
  const signed = signPath(key, '/verify-email/42/abc', expiresAt);

  it('formats the expiry in Unix seconds and an HMAC-SHA256 hex signature', () => {
    expect(signed.expires).toBe(expiresAt.getTime() / 1000);
    expect(formatSignedPath(signed)).toMatch(/^\/verify-email\/42\/abc\?expires=\d+&signature=[0-9a-f]{64}$/);
  });

  it('accepts the signed path until it expires, then reports it expired', () => {
    expect(checkSignedPath(key, signed, now)).toBe('valid');
    expect(checkSignedPath(key, signed, new Date(expiresAt.getTime() - 1))).toBe('valid');
    expect(checkSignedPath(key, signed, expiresAt)).toBe('expired');
  });

  it.each([
    ['path', { ...signed, pathname: '/verify-email/43/abc' }],
    ['expiry', { ...signed, expires: signed.expires + 1 }],
    ['signature', { ...signed, signature: `${signed.signature.slice(0, -1)}${signed.signature.endsWith('0') ? '1' : '0'}` }],
    ['signature length', { ...signed, signature: signed.signature.slice(2) }],
    ['signature alphabet', { ...signed, signature: 'z'.repeat(64) }],
  ])('calls a changed %s invalid, even once expired', (_part, tampered) => {
    expect(checkSignedPath(key, tampered, now)).toBe('invalid');
    expect(checkSignedPath(key, tampered, new Date(expiresAt.getTime() + 1000))).toBe('invalid');
  });

  it('calls a path signed with another key invalid', () => {
    expect(checkSignedPath(randomBytes(32), signed, now)).toBe('invalid');
  });
});
