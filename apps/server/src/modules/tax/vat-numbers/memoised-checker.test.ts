import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { MemoisedVatNumberChecker } from './memoised-checker.ts';
import type { VatNumberCheck, VatNumberChecker } from './vat-number-checker.ts';

/** A register that answers from a table and counts the questions (the memo's view of VIES). */
class CountingRegister implements VatNumberChecker {
  readonly name = 'vies' as const;
  questions: string[] = [];
  answers = new Map<string, VatNumberCheck | Error>();

  async verify(vatNumber: string): Promise<VatNumberCheck> {
    this.questions.push(vatNumber);
    const answer = this.answers.get(vatNumber) ?? { status: 'unverified' };
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

describe('the memo of VAT number answers (price preview)', () => {
  it('reuses a definite answer for ten minutes, whatever the spelling of the number', async () => {
    const clock = new ManualClock();
    const register = new CountingRegister();
    register.answers.set('FR12345678901', { status: 'valid' });
    const memo = new MemoisedVatNumberChecker(register, { clock });

    expect(await memo.verify('FR12345678901', 'FR')).toEqual({ status: 'valid' });
    expect(await memo.verify('fr 123 456 789 01', 'fr')).toEqual({ status: 'valid' });
    clock.advanceBy(10 * 60_000 - 1);
    await memo.verify('FR12345678901', 'FR');
    expect(register.questions).toHaveLength(1);

    clock.advanceBy(2);
    await memo.verify('FR12345678901', 'FR');
    expect(register.questions).toHaveLength(2);
  });

  it('asks again half a minute after "could not be checked"', async () => {
    const clock = new ManualClock();
    const register = new CountingRegister();
    const memo = new MemoisedVatNumberChecker(register, { clock });

    await memo.verify('FR12345678901', 'FR');
    clock.advanceBy(29_000);
    await memo.verify('FR12345678901', 'FR');
    expect(register.questions).toHaveLength(1);
    clock.advanceBy(2_000);
    await memo.verify('FR12345678901', 'FR');
    expect(register.questions).toHaveLength(2);
  });

  it('shares one question between simultaneous calls', async () => {
    const register = new CountingRegister();
    const memo = new MemoisedVatNumberChecker(register, { clock: new ManualClock() });
    const answers = await Promise.all([memo.verify('DE123456789', 'DE'), memo.verify('DE123456789', 'DE'), memo.verify('DE123456789', 'DE')]);
    expect(answers).toHaveLength(3);
    expect(register.questions).toHaveLength(1);
  });

  it('remembers at most maxEntries numbers, forgetting the oldest first', async () => {
    const register = new CountingRegister();
    const memo = new MemoisedVatNumberChecker(register, { clock: new ManualClock(), maxEntries: 2 });
    await memo.verify('FR11111111111', 'FR');
    await memo.verify('FR22222222222', 'FR');
    await memo.verify('FR33333333333', 'FR');
    await memo.verify('FR33333333333', 'FR');
    await memo.verify('FR22222222222', 'FR');
    expect(register.questions).toEqual(['FR11111111111', 'FR22222222222', 'FR33333333333']);
    await memo.verify('FR11111111111', 'FR');
    expect(register.questions).toHaveLength(4);
  });

  it('does not remember a failure: the next call asks again', async () => {
    const register = new CountingRegister();
    register.answers.set('FR12345678901', new Error('socket hang up'));
    const memo = new MemoisedVatNumberChecker(register, { clock: new ManualClock() });

    await expect(memo.verify('FR12345678901', 'FR')).rejects.toThrow('socket hang up');
    register.answers.set('FR12345678901', { status: 'valid' });
    expect(await memo.verify('FR12345678901', 'FR')).toEqual({ status: 'valid' });
    expect(register.questions).toHaveLength(2);
  });
});
