import { randomInt } from 'node:crypto';

let next = randomInt(1, 1 << 23);

/**
 * A fresh client IP (10.x.y.z) for `app.inject({ remoteAddress })`. Requests of one test file
 * otherwise all come from 127.0.0.1 and would share the per-IP rate-limit counters (sign-up is
 * limited to 10 an hour per IP); tests about those limits choose their addresses on purpose.
 */
export function uniqueClientAddress(): string {
  next += 1;
  return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
}
