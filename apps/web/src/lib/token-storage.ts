import type { TokenPair } from '@app/contract/auth';
import { positiveIntegerString, trimmedString } from './value-guards.ts';

// spec 3: the session lives in localStorage under exactly these keys; expires_at is in seconds.
export const tokenStorageKeys = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  expiresAt: 'expires_at',
} as const;

// spec 4 / spec 9: a token counts as expired 60 s before its expiry time.
export const tokenExpiryMarginSeconds = 60;


export type StoredSession = {
  accessToken: string;
  refreshToken: string | null;
  /** Unix seconds, or null when unknown (which counts as expired). */
  expiresAt: number | null;
};

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type TokenStorage = {
  /** The stored session, or null without a usable access token. Unreadable values count as absent. */
  read(): StoredSession | null;
  write(pair: TokenPair): void;
  clear(): void;
  /** True without a token, without a known expiry, or from 60 s before the expiry on. */
  isExpired(nowMs?: number): boolean;
  /** Called after every write and clear, so the session store follows refreshes and expiries. */
  subscribe(listener: () => void): () => void;
};

export function isSessionExpired(session: StoredSession | null, nowMs: number = Date.now()): boolean {
  // spec 4: no known expiry counts as expired.
  if (session === null || session.expiresAt === null) return true;
  return nowMs >= (session.expiresAt - tokenExpiryMarginSeconds) * 1000;
}

export function createTokenStorage(storage: StorageLike): TokenStorage {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const read = (): StoredSession | null => {
    // Parsed with lib/value-guards.ts (start-up path: no zod there).
    const accessToken = trimmedString(safeGet(storage, tokenStorageKeys.accessToken));
    if (accessToken === null) return null;
    return {
      accessToken,
      refreshToken: trimmedString(safeGet(storage, tokenStorageKeys.refreshToken)),
      expiresAt: positiveIntegerString(safeGet(storage, tokenStorageKeys.expiresAt)),
    };
  };

  return {
    read,
    write(pair) {
      storage.setItem(tokenStorageKeys.accessToken, pair.access_token);
      storage.setItem(tokenStorageKeys.refreshToken, pair.refresh_token);
      storage.setItem(tokenStorageKeys.expiresAt, String(pair.expires_at));
      notify();
    },
    clear() {
      storage.removeItem(tokenStorageKeys.accessToken);
      storage.removeItem(tokenStorageKeys.refreshToken);
      storage.removeItem(tokenStorageKeys.expiresAt);
      notify();
    },
    isExpired(nowMs = Date.now()) {
      return isSessionExpired(read(), nowMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Some browsers throw on localStorage access (storage disabled); that reads as "no session".
function safeGet(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

// Resolved on each call, so importing this module outside a browser (node tests) is harmless.
const browserLocalStorage: StorageLike = {
  getItem: (key) => globalThis.localStorage.getItem(key),
  setItem: (key, value) => globalThis.localStorage.setItem(key, value),
  removeItem: (key) => globalThis.localStorage.removeItem(key),
};

/** The app's token storage, backed by window.localStorage. */
export const tokenStorage: TokenStorage = createTokenStorage(browserLocalStorage);
