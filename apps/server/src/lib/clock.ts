/**
 * The time as the server sees it. Services take a Clock instead of calling `new Date()`, so tests
 * can move time forward (token expiry, rate-limit windows) without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests of expiry. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advanceBy(milliseconds: number): void {
    this.current += milliseconds;
  }

  set(instant: Date): void {
    this.current = instant.getTime();
  }
}

/** Whole seconds since the Unix epoch, the unit of `expires_at` on the wire (spec section 3). */
export function unixSeconds(instant: Date): number {
  return Math.floor(instant.getTime() / 1000);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock (buildApp's `deps.clock`, the system clock by default). */
    clock: Clock;
  }
}
