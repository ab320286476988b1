/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same requests, so a
 * failure's seed and request index reproduce it (FUZZ_SEED=... FUZZ_ONLY=...).
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  hex(length: number): string {
    let out = '';
    for (let index = 0; index < length; index += 1) out += '0123456789abcdef'[this.int(0, 15)];
    return out;
  }

  uuid(): string {
    const hex = this.hex(32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[this.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** A random IPv4 address from 10/8, so per-IP rate limits do not hide routes (the server trusts X-Forwarded-For in the run). */
  clientAddress(): string {
    return `10.${this.int(0, 255)}.${this.int(0, 255)}.${this.int(1, 254)}`;
  }
}

/** The seed of request `index` of a run: each request is reproducible on its own. */
export function requestSeed(runSeed: number, index: number): number {
  return (Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}
