/**
 * A Map that holds at most `limit` entries: setting one more forgets the oldest (the entry set
 * longest ago; setting a key again makes it the newest). For in-process memories that only save
 * work (verified CSRF pairs, VAT number answers, measured text, shaped words): a forgotten entry is
 * computed again, and memory stays bounded whatever the callers ask for.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`BoundedMap limit must be a positive integer, not ${limit}`);
    this.limit = limit;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): this {
    // A Map iterates in insertion order: taking the key out first makes it the newest.
    if (!this.#entries.delete(key) && this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
