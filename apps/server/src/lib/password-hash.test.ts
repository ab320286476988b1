import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { burnDummyVerification, hashingLoad, hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('uses argon2id with OWASP’s parameters (m = 19 MiB, t = 2, p = 1) and a fresh salt each time', async () => {
    const first = await hashPassword('Correct-Horse-42!');
    const second = await hashPassword('Correct-Horse-42!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-Horse-42!');
    await expect(verifyPassword(stored, 'Correct-Horse-42!')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'correct-Horse-42!')).resolves.toBe(false);
  });

  it('hashes every byte: passwords that differ after byte 72 (bcrypt’s limit) differ', async () => {
    const prefix = 'x'.repeat(100);
    const stored = await hashPassword(`${prefix}A`);
    await expect(verifyPassword(stored, `${prefix}B`)).resolves.toBe(false);
  });

  it('answers false, not an error, for a stored value that is no argon2 hash', async () => {
    await expect(verifyPassword('not a hash', 'anything')).resolves.toBe(false);
  });

  it('burns about the time of a real verification', async () => {
    const stored = await hashPassword('Correct-Horse-42!');
    await burnDummyVerification();
    let started = performance.now();
    await verifyPassword(stored, 'wrong');
    const real = performance.now() - started;
    started = performance.now();
    await burnDummyVerification();
    const dummy = performance.now() - started;
    expect(dummy).toBeGreaterThan(real * 0.4);
  });

  it('runs at most one hash fewer than the cores at a time (at least one); the others wait their turn and all finish', async () => {
    const max = Math.max(1, availableParallelism() - 1);
    const stored = await hashPassword('Correct-Horse-42!');
    const burst = [
      ...Array.from({ length: 3 }, (_, index) => hashPassword(`Correct-Horse-42!-${index}`)),
      ...Array.from({ length: 3 }, () => verifyPassword(stored, 'Correct-Horse-42!')),
    ];
    expect(hashingLoad()).toEqual({ running: max, waiting: 6 - max, max });
    const results = await Promise.all(burst);
    expect(results.slice(3)).toEqual([true, true, true]);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0, max });
  });
});
