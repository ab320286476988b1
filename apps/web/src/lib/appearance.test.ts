import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appearanceCookie, createAppearanceStore, readStoredAppearance } from './appearance';

// jsdom has no matchMedia; this stands in for the browser's, with an OS theme the test can flip.
function installSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => true,
  };
  window.matchMedia = (media: string) => {
    if (media !== query.media) throw new Error(`unexpected media query ${media}`);
    return query as unknown as MediaQueryList;
  };
  return {
    listenerCount: () => listeners.size,
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

function clearCookie(name: string) {
  document.cookie = `${name}=; max-age=0; path=/`;
}

const html = document.documentElement;
let cookieWrites: string[];
let cookieDescriptor: PropertyDescriptor | undefined;

beforeEach(() => {
  localStorage.clear();
  clearCookie('appearance');
  html.classList.remove('dark');
  html.style.colorScheme = '';
  // Record what the store assigns to document.cookie (the attributes never come back on read).
  cookieWrites = [];
  cookieDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieDescriptor?.get?.call(document),
    set: (value: string) => {
      cookieWrites.push(value);
      cookieDescriptor?.set?.call(document, value);
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('appearance preference', () => {
  it("defaults to 'system' when nothing is stored", () => {
    expect(readStoredAppearance(window)).toBe('system');
  });

  it('reads localStorage before the cookie', () => {
    localStorage.setItem('appearance', 'dark');
    document.cookie = 'appearance=light; path=/';
    expect(readStoredAppearance(window)).toBe('dark');
  });

  it('falls back to the cookie when localStorage has no valid value', () => {
    localStorage.setItem('appearance', 'purple');
    document.cookie = 'appearance=light; path=/';
    expect(readStoredAppearance(window)).toBe('light');
  });

  it("ignores an invalid cookie and uses 'system'", () => {
    document.cookie = 'appearance=%3Cscript%3E; path=/';
    expect(readStoredAppearance(window)).toBe('system');
  });

  it('saves the choice in localStorage and in a cookie of 365 days, path /, SameSite Lax', () => {
    installSystemTheme(false);
    const store = createAppearanceStore(window);
    store.start();
    store.setAppearance('dark');

    expect(localStorage.getItem('appearance')).toBe('dark');
    expect(cookieWrites).toEqual(['appearance=dark; max-age=31536000; path=/; SameSite=Lax']);
    expect(document.cookie).toContain('appearance=dark');
  });

  it('marks the cookie Secure on https', () => {
    expect(appearanceCookie('light', true)).toBe('appearance=light; max-age=31536000; path=/; SameSite=Lax; Secure');
  });

  it('refuses a value that is not light, dark or system', () => {
    const store = createAppearanceStore(window);
    // @ts-expect-error: the point is a value outside the type, as a stray caller could pass
    expect(() => store.setAppearance('sepia')).toThrow();
    expect(localStorage.getItem('appearance')).toBeNull();
  });

  it('toggles the dark class on <html> and tells subscribers', () => {
    installSystemTheme(false);
    const store = createAppearanceStore(window);
    store.start();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().resolved));

    store.setAppearance('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');

    store.setAppearance('light');
    expect(html.classList.contains('dark')).toBe(false);
    expect(seen).toEqual(['dark', 'light']);
  });

  it('applies the stored choice when it starts', () => {
    installSystemTheme(false);
    localStorage.setItem('appearance', 'dark');
    const store = createAppearanceStore(window);
    store.start();
    expect(html.classList.contains('dark')).toBe(true);
    expect(store.getSnapshot()).toEqual({ appearance: 'dark', resolved: 'dark' });
  });

  it("follows the operating system while 'system'", () => {
    const system = installSystemTheme(false);
    const store = createAppearanceStore(window);
    store.start();
    expect(store.getSnapshot()).toEqual({ appearance: 'system', resolved: 'light' });
    expect(html.classList.contains('dark')).toBe(false);

    system.setDark(true);
    expect(store.getSnapshot()).toEqual({ appearance: 'system', resolved: 'dark' });
    expect(html.classList.contains('dark')).toBe(true);

    system.setDark(false);
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('ignores the operating system once light or dark is chosen', () => {
    const system = installSystemTheme(false);
    const store = createAppearanceStore(window);
    store.start();
    store.setAppearance('light');

    system.setDark(true);
    expect(store.getSnapshot()).toEqual({ appearance: 'light', resolved: 'light' });
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('stops listening to the operating system when stopped', () => {
    const system = installSystemTheme(false);
    const store = createAppearanceStore(window);
    const stop = store.start();
    expect(system.listenerCount()).toBe(1);
    stop();
    expect(system.listenerCount()).toBe(0);
  });

  it('keeps the same snapshot object while nothing changes (useSyncExternalStore needs it)', () => {
    installSystemTheme(false);
    const store = createAppearanceStore(window);
    store.start();
    const before = store.getSnapshot();
    store.setAppearance('system');
    expect(store.getSnapshot()).toBe(before);
  });
});
