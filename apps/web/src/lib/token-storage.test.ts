import { beforeEach, describe, expect, it } from 'vitest';
import { createTokenStorage, isSessionExpired, tokenStorage, type TokenStorage } from './token-storage.ts';

let tokens: TokenStorage;

beforeEach(() => {
  localStorage.clear();
  tokens = createTokenStorage(localStorage);
});

describe('token storage (spec 3)', () => {
  it('writes the pair under auth_token, refresh_token and expires_at in seconds', () => {
    tokens.write({ access_token: 'access-1', refresh_token: 'refresh-1', expires_at: 1_900_000_000 });

    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('expires_at')).toBe('1900000000');
    expect(tokens.read()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_900_000_000 });
  });

  it('reads the keys an earlier version of the app left in localStorage', () => {
    localStorage.setItem('auth_token', 'legacy-access');
    localStorage.setItem('refresh_token', 'legacy-refresh');
    localStorage.setItem('expires_at', '1700000000');

    expect(tokenStorage.read()).toEqual({ accessToken: 'legacy-access', refreshToken: 'legacy-refresh', expiresAt: 1_700_000_000 });
  });

  it('clears all three keys', () => {
    tokens.write({ access_token: 'a', refresh_token: 'r', expires_at: 1 });

    tokens.clear();

    expect([localStorage.getItem('auth_token'), localStorage.getItem('refresh_token'), localStorage.getItem('expires_at')]).toEqual([
      null,
      null,
      null,
    ]);
    expect(tokens.read()).toBeNull();
  });

  it('has no session without an access token, even when the other keys exist', () => {
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('expires_at', '1900000000');

    expect(tokens.read()).toBeNull();
  });

  it('treats a blank access token as absent', () => {
    localStorage.setItem('auth_token', '   ');

    expect(tokens.read()).toBeNull();
  });

  it.each(['soon', '', '-5', '1.5e9', '17000000.5', 'null'])('treats the unreadable expiry %j as unknown', (value) => {
    localStorage.setItem('auth_token', 'a');
    localStorage.setItem('expires_at', value);

    expect(tokens.read()?.expiresAt).toBeNull();
  });

  it('treats a blank refresh token as absent but keeps the access token', () => {
    localStorage.setItem('auth_token', 'a');
    localStorage.setItem('refresh_token', '');

    expect(tokens.read()).toEqual({ accessToken: 'a', refreshToken: null, expiresAt: null });
  });

  it('tells subscribers about writes and clears until they unsubscribe', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = tokens.subscribe(() => seen.push(tokens.read()?.accessToken ?? null));

    tokens.write({ access_token: 'a', refresh_token: 'r', expires_at: 1 });
    tokens.clear();
    unsubscribe();
    tokens.write({ access_token: 'b', refresh_token: 'r', expires_at: 1 });

    expect(seen).toEqual(['a', null]);
  });
});

describe('token expiry (spec 4: expired 60 s before expiry)', () => {
  const expiresAt = 1_900_000_000;

  it('is not expired at 61 s before expires_at', () => {
    tokens.write({ access_token: 'a', refresh_token: 'r', expires_at: expiresAt });

    expect(tokens.isExpired((expiresAt - 61) * 1000)).toBe(false);
  });

  it('is expired from 60 s before expires_at on', () => {
    tokens.write({ access_token: 'a', refresh_token: 'r', expires_at: expiresAt });

    expect(tokens.isExpired((expiresAt - 60) * 1000)).toBe(true);
    expect(tokens.isExpired((expiresAt + 10) * 1000)).toBe(true);
  });

  it('is expired when no expiry is known', () => {
    localStorage.setItem('auth_token', 'a');

    expect(tokens.isExpired(0)).toBe(true);
  });

  it('is expired without any token', () => {
    expect(tokens.isExpired(0)).toBe(true);
    expect(isSessionExpired(null, 0)).toBe(true);
  });
});
