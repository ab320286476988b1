import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1. argon2 hashes the whole
// input (unlike bcrypt's 72 bytes), so nothing is ever truncated.
const argon2idOptions: Options = {
  // Algorithm.Argon2id; the package declares its enum `const`, which isolatedModules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, argon2idOptions);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

// Made once per process with the same parameters, so verifying against it costs what a real
// verification costs.
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification without a real account: login answers an unknown e-mail
 * (or an account without a password) as slowly as a wrong password, so timing reveals nothing.
 */
export async function burnDummyVerification(): Promise<void> {
  dummyHash ??= hashPassword('dummy password for timing equality');
  await verifyPassword(await dummyHash, 'a password nobody has');
}
