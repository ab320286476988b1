import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM: a queued e-mail carries a live reset or verification link, and the job table is
// kept for days (pg-boss archives, then deletes). Sealed, a copy of the database holds no usable link.
const algorithm = 'aes-256-gcm';
const ivLength = 12;
const tagLength = 16;

/** base64url of iv | tag | ciphertext. */
export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv(algorithm, key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** Throws when the payload was not sealed with `key` or was altered. */
export function unseal(key: Buffer, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(algorithm, key, bytes.subarray(0, ivLength));
  decipher.setAuthTag(bytes.subarray(ivLength, ivLength + tagLength));
  const plaintext = Buffer.concat([decipher.update(bytes.subarray(ivLength + tagLength)), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8'));
}
