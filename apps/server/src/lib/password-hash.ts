import { hash, verify, type Options } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

// OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1. argon2 hashes the whole
// input (unlike bcrypt's 72 bytes), so nothing is ever truncated.
const argon2idOptions: Options = {
  // Algorithm.Argon2id; the package declares its enum `const`, which isolatedModules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// Issue 14, "Load": each hash is about 25 ms of one core's full attention, run on libuv's four
// threads. A burst of sign-ups or logins (bench:load's 200 users arriving) ran four at once on a
// 2-core machine: the event loop and PostgreSQL lost the CPU, requests waited over 5 s for a
// pooled connection and were answered 503. Hashes run at most one fewer than the cores at a time
// (at least one); the rest wait their turn here, so a burst delays sign-ups, not everyone else.
const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);
let runningHashes = 0;
const waitingHashes: Array<() => void> = [];

async function withHashingSlot<Result>(work: () => Promise<Result>): Promise<Result> {
  if (runningHashes >= maxConcurrentHashes) await new Promise<void>((resolve) => waitingHashes.push(resolve));
  else runningHashes += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, if any; otherwise it is freed.
    const next = waitingHashes.shift();
    if (next) next();
    else runningHashes -= 1;
  }
}

/** Hashes running and waiting right now, and the most that run at once (for tests and diagnosis). */
export function hashingLoad(): { running: number; waiting: number; max: number } {
  return { running: runningHashes, waiting: waitingHashes.length, max: maxConcurrentHashes };
}

export function hashPassword(plain: string): Promise<string> {
  return withHashingSlot(() => hash(plain, argon2idOptions));
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await withHashingSlot(() => verify(passwordHash, plain));
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
