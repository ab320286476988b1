// One idempotency key per checkout attempt. It is kept while the outcome of a payment is unknown
// (a network failure, a 5xx, a reload in the middle), so sending again can only return the order
// already made, never charge twice; it changes once the server has answered for good (paid,
// declined, refused), because the next try is a new attempt (another card, a changed basket).
// sessionStorage: it survives a reload of this tab, and two tabs never share one.

const storageKey = 'checkout_attempt_key';
const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;

function newKey(): string {
  return crypto.randomUUID();
}

function readStored(): string | null {
  try {
    const value = sessionStorage.getItem(storageKey);
    return value !== null && keyPattern.test(value) ? value : null;
  } catch {
    return null;
  }
}

function store(key: string): void {
  try {
    sessionStorage.setItem(storageKey, key);
  } catch {
    // Storage unavailable: the key lives as long as this page (still one per attempt).
  }
}

let current: string | null = null;

export const attemptKey = {
  /** The current attempt's key (made on first use). */
  get(): string {
    current ??= readStored() ?? newKey();
    store(current);
    return current;
  },
  /** The server answered for good: the next payment is a new attempt. */
  finish(): void {
    current = newKey();
    store(current);
  },
};
