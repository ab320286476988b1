import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appearanceStorageKey } from './appearance';

// public/appearance-init.js runs before the app (synchronously, in <head>) so the first paint
// has the right theme. It cannot import the store, so these tests hold the two to the same rule.
const script = readFileSync(resolve(import.meta.dirname, '../../public/appearance-init.js'), 'utf8');
const html = document.documentElement;

function runInitScript() {
  // The script is plain browser JavaScript; run it as the browser would, in the page's global scope.
  new Function(script)();
}

function systemPrefersDark(dark: boolean) {
  window.matchMedia = (media: string) => ({ matches: dark && media === '(prefers-color-scheme: dark)' }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'appearance=; max-age=0; path=/';
  html.classList.remove('dark');
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('appearance-init.js', () => {
  it('uses the same localStorage key as the store', () => {
    expect(script).toContain(`localStorage.getItem('${appearanceStorageKey}')`);
  });

  it('applies a stored dark choice before the app starts', () => {
    systemPrefersDark(false);
    localStorage.setItem('appearance', 'dark');
    runInitScript();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
  });

  it('reads the cookie when localStorage holds nothing valid', () => {
    systemPrefersDark(true);
    localStorage.setItem('appearance', 'nonsense');
    document.cookie = 'appearance=light; path=/';
    runInitScript();
    expect(html.classList.contains('dark')).toBe(false);
  });

  it("follows the operating system for 'system' and when nothing is stored", () => {
    systemPrefersDark(true);
    runInitScript();
    expect(html.classList.contains('dark')).toBe(true);

    html.classList.remove('dark');
    systemPrefersDark(false);
    localStorage.setItem('appearance', 'system');
    runInitScript();
    expect(html.classList.contains('dark')).toBe(false);
  });
});
