import { oneOf } from './value-guards.ts';

// Appearance preference (spec section 3): kept in localStorage and in a cookie, both named
// `appearance`. public/appearance-init.js applies the same rule before the first paint; keep the
// two in step.

export const appearanceValues = ['light', 'dark', 'system'] as const;
export type Appearance = (typeof appearanceValues)[number];

/** A stored or chosen value as an appearance, or null (start-up path: lib/value-guards.ts, no zod). */
export function parseAppearance(value: unknown): Appearance | null {
  return oneOf(appearanceValues, value);
}
export type ResolvedAppearance = 'light' | 'dark';

export const appearanceStorageKey = 'appearance';
export const appearanceCookieName = 'appearance';
/** Spec section 9: the cookie lives 365 days, path /, SameSite Lax. */
export const appearanceCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
export const defaultAppearance: Appearance = 'system';

const darkSchemeQuery = '(prefers-color-scheme: dark)';

export interface AppearanceSnapshot {
  appearance: Appearance;
  resolved: ResolvedAppearance;
}

function readCookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function readLocalStorage(win: Window): string | null {
  try {
    return win.localStorage.getItem(appearanceStorageKey);
  } catch {
    // Storage can be disabled (privacy settings); the cookie still carries the choice.
    return null;
  }
}

/** The stored preference: localStorage first, then the cookie, else 'system'. */
export function readStoredAppearance(win: Window): Appearance {
  return parseAppearance(readLocalStorage(win)) ?? parseAppearance(readCookie(win.document, appearanceCookieName)) ?? defaultAppearance;
}

export function appearanceCookie(value: Appearance, secure: boolean): string {
  const attributes = [`${appearanceCookieName}=${value}`, `max-age=${appearanceCookieMaxAgeSeconds}`, 'path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export interface AppearanceStore {
  getSnapshot(): AppearanceSnapshot;
  subscribe(listener: () => void): () => void;
  setAppearance(value: Appearance): void;
  /** Applies the preference to <html> and follows the OS while 'system'. Returns a stop function. */
  start(): () => void;
}

export function createAppearanceStore(win: Window = window): AppearanceStore {
  const listeners = new Set<() => void>();
  let media: MediaQueryList | null = null;
  let snapshot = resolve(readStoredAppearance(win));

  function systemIsDark(): boolean {
    return (media ?? win.matchMedia?.(darkSchemeQuery))?.matches ?? false;
  }

  function resolve(appearance: Appearance): AppearanceSnapshot {
    const resolved: ResolvedAppearance = appearance === 'system' ? (systemIsDark() ? 'dark' : 'light') : appearance;
    return { appearance, resolved };
  }

  function apply(): void {
    const root = win.document.documentElement;
    root.classList.toggle('dark', snapshot.resolved === 'dark');
    root.style.colorScheme = snapshot.resolved;
  }

  function update(next: AppearanceSnapshot): void {
    const changed = next.appearance !== snapshot.appearance || next.resolved !== snapshot.resolved;
    // A new object only on change: useSyncExternalStore compares snapshots by identity.
    if (changed) snapshot = next;
    apply();
    if (changed) for (const listener of listeners) listener();
  }

  function onSystemChange(): void {
    if (snapshot.appearance === 'system') update(resolve('system'));
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAppearance(value) {
      const appearance = parseAppearance(value);
      if (appearance === null) throw new Error(`Unknown appearance: ${String(value)}`);
      try {
        win.localStorage.setItem(appearanceStorageKey, appearance);
      } catch {
        // Storage unavailable: the cookie below still keeps the choice.
      }
      win.document.cookie = appearanceCookie(appearance, win.location.protocol === 'https:');
      update(resolve(appearance));
    },
    start() {
      media = win.matchMedia?.(darkSchemeQuery) ?? null;
      media?.addEventListener('change', onSystemChange);
      update(resolve(readStoredAppearance(win)));
      return () => {
        media?.removeEventListener('change', onSystemChange);
        media = null;
      };
    },
  };
}

/** The one appearance store of the app. */
export const appearanceStore = createAppearanceStore();
