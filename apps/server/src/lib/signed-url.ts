import { createHmac, timingSafeEqual } from 'node:crypto';

/** A path signed to stay valid until `expires` (Unix seconds), as Laravel's temporary signed routes. */
export interface SignedPath {
  pathname: string;
  expires: number;
  signature: string;
}

export type SignedPathCheck = 'valid' | 'expired' | 'invalid';

// The signed text: the path and the expiry, so neither can change without breaking the signature.
function signedText(pathname: string, expires: number): string {
  return `${pathname}?expires=${expires}`;
}

function sign(key: Buffer, pathname: string, expires: number): string {
  return createHmac('sha256', key).update(signedText(pathname, expires)).digest('hex');
}

/** Signs `pathname` (already URL-encoded, as it will appear in the link) until `expiresAt`. */
export function signPath(key: Buffer, pathname: string, expiresAt: Date): SignedPath {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return { pathname, expires, signature: sign(key, pathname, expires) };
}

/** `pathname?expires=...&signature=...`, ready to append to the public URL. */
export function formatSignedPath({ pathname, expires, signature }: SignedPath): string {
  return `${pathname}?${new URLSearchParams({ expires: String(expires), signature }).toString()}`;
}

/**
 * Checks the signature first, so a changed `expires` is reported as tampering, not as expiry;
 * then the expiry against `now`. Compares in constant time.
 */
export function checkSignedPath(key: Buffer, { pathname, expires, signature }: SignedPath, now: Date): SignedPathCheck {
  if (!Number.isSafeInteger(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(sign(key, pathname, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return now.getTime() < expires * 1000 ? 'valid' : 'expired';
}
