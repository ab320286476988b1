import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A signed double-submit token bound to the client: `nonce.mac`, mac = HMAC(key, clientId.nonce).
// A token minted for one client id is worthless with another, so a cookie planted by a sibling
// subdomain (cookie tossing) cannot be paired with a header the attacker knows.

export function newClientId(): string {
  return randomBytes(18).toString('base64url');
}

export function mintCsrfToken(key: Buffer, clientId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(key, clientId, nonce)}`;
}

export function isCsrfTokenValid(key: Buffer, clientId: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, mac(key, clientId, nonce));
}

/** Constant-time string comparison (lengths may differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function mac(key: Buffer, clientId: string, nonce: string): string {
  return createHmac('sha256', key).update(`${clientId}.${nonce}`).digest('base64url');
}
