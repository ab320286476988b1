import { describe, expect, it } from 'vitest';
import { looksLikeOpaqueToken, newOpaqueToken, sha256Hex } from './token-hash.ts';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newOpaqueToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(looksLikeOpaqueToken(token)).toBe(true);
    }
  });

  it('hash to SHA-256 hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuse values of the wrong shape before any look-up', () => {
    expect(looksLikeOpaqueToken('short')).toBe(false);
    expect(looksLikeOpaqueToken(`${'a'.repeat(42)}=`)).toBe(false);
  });
});
