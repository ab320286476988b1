import type { Clock } from '../../../lib/clock.ts';
import { splitVatNumber, type VatNumberCheck, type VatNumberChecker } from './vat-number-checker.ts';
import { BoundedMap } from '../../../lib/bounded-map.ts';

export interface MemoOptions {
  clock: Clock;
  /** How long the register's "valid" or "not valid" is reused. */
  answerTtlMs?: number;
  /** How long "could not be checked" (register down or slow) is reused before asking again. */
  unverifiedTtlMs?: number;
  /** The most numbers remembered; the oldest is forgotten first. */
  maxEntries?: number;
}

interface MemoEntry {
  check: Promise<VatNumberCheck>;
  /** Epoch milliseconds after which the entry is asked again; Infinity while the question runs. */
  expiresAt: number;
}

/**
 * A short memory of a checker's answers per number, for the basket's price preview
 * (GET /api/cart?vat_number=): the checkout page asks whenever the buyer finishes the field, and
 * VIES must not be asked per keystroke or per tab. Questions in flight are shared. A definite
 * answer is kept for minutes; "could not be checked" only for seconds, so an outage that ends is
 * noticed soon. In memory per instance: it only spares the register questions, nothing depends on
 * it (DESIGN.md section 6). The checkout asks the register itself, see decisions.
 */
export class MemoisedVatNumberChecker implements VatNumberChecker {
  readonly name: VatNumberChecker['name'];
  private readonly entries: BoundedMap<string, MemoEntry>;
  private readonly clock: Clock;
  private readonly answerTtlMs: number;
  private readonly unverifiedTtlMs: number;

  constructor(
    private readonly checker: VatNumberChecker,
    { clock, answerTtlMs = 10 * 60_000, unverifiedTtlMs = 30_000, maxEntries = 5_000 }: MemoOptions,
  ) {
    this.name = checker.name;
    this.clock = clock;
    this.answerTtlMs = answerTtlMs;
    this.unverifiedTtlMs = unverifiedTtlMs;
    this.entries = new BoundedMap(maxEntries);
  }

  verify(vatNumber: string, buyerCountry: string): Promise<VatNumberCheck> {
    const { prefix, national } = splitVatNumber(vatNumber);
    const key = `${buyerCountry.toUpperCase()}:${prefix}${national}`;
    const now = this.clock.now().getTime();
    const known = this.entries.get(key);
    if (known && known.expiresAt > now) return known.check;
    if (known) this.entries.delete(key);

    const entry: MemoEntry = { check: this.checker.verify(vatNumber, buyerCountry), expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    entry.check.then(
      (check) => {
        entry.expiresAt = this.clock.now().getTime() + (check.status === 'unverified' ? this.unverifiedTtlMs : this.answerTtlMs);
      },
      // Checkers answer 'unverified' rather than throw; should one throw, the next call asks again.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.check;
  }
}
