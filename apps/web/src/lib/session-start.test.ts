import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiPaths } from '@app/contract/api-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiryMarginSeconds, tokenStorageKeys } from './token-storage';

// public/session-start.js asks for the account before the app's scripts arrive (lib/early-account.ts).
// It cannot import the token storage, so these tests hold the two to the same keys and expiry rule.
const script = readFileSync(resolve(import.meta.dirname, '../../public/session-start.js'), 'utf8');
const nowSeconds = () => Math.floor(Date.now() / 1000);
let fetchCalls: [string, RequestInit | undefined][];

function runStartScript() {
  // Plain browser JavaScript, run as the browser would, in the page's global scope.
  new Function(script)();
}

function storeSession(token: string, expiresAt: number) {
  localStorage.setItem(tokenStorageKeys.accessToken, token);
  localStorage.setItem(tokenStorageKeys.refreshToken, `refresh-of-${token}`);
  localStorage.setItem(tokenStorageKeys.expiresAt, String(expiresAt));
}

beforeEach(() => {
  localStorage.clear();
  fetchCalls = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetchCalls.push([url, init]);
    return Promise.resolve(new Response('{}'));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.compassEarlyAccount;
});

describe('session-start.js', () => {
  it('reads the keys the token storage writes and asks for the account at its path', () => {
    expect(script).toContain(`getItem('${tokenStorageKeys.accessToken}')`);
    expect(script).toContain(`getItem('${tokenStorageKeys.expiresAt}')`);
    expect(script).toContain(`fetch('${apiPaths.user}'`);
    expect(script).toContain(`- ${tokenExpiryMarginSeconds})`);
  });

  it('asks for the account with the stored token and leaves the answer for the app', () => {
    storeSession('stored-token', nowSeconds() + 3600);

    runStartScript();

    expect(fetchCalls).toHaveLength(1);
    const [url, init] = fetchCalls[0]!;
    expect(url).toBe('/api/user');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', headers: { Accept: 'application/json', Authorization: 'Bearer stored-token' } });
    expect(window.compassEarlyAccount?.token).toBe('stored-token');
    expect(window.compassEarlyAccount?.response).toBeInstanceOf(Promise);
  });

  it('asks nothing without a token, or with one that expires within the minute the app refreshes it in', () => {
    runStartScript();
    storeSession('expiring-token', nowSeconds() + tokenExpiryMarginSeconds - 5);
    runStartScript();
    localStorage.setItem(tokenStorageKeys.expiresAt, 'soon');
    runStartScript();

    expect(fetchCalls).toHaveLength(0);
    expect(window.compassEarlyAccount).toBeUndefined();
  });
});
