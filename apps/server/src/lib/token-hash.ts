import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 32 random bytes (256 bits) as base64url, 43 characters. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

const opaqueTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Cheap shape check, so junk is refused without a database round trip. */
export function looksLikeOpaqueToken(value: string): boolean {
  return opaqueTokenPattern.test(value);
}

/**
 * Tokens are stored only as this digest. A plain SHA-256 is enough (no salt, no slow hash): the
 * tokens carry 256 random bits, so there is nothing to guess, and the look-up stays one index probe.
 */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
