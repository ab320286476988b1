// @vitest-environment node
import { authConfig } from '@app/contract/auth';
import { describe, expect, it } from 'vitest';
import { googleClientIdOf, parseAuthConfig } from './auth-config.ts';

// The login page checks the auth config without zod (its budget); these cases keep that check in
// step with the contract's schema.
const bodies: unknown[] = [
  { providers: { google: true, facebook: false, linkedin: false }, signup_enabled: true, google_client_id: 'id-1.apps.googleusercontent.com' },
  { providers: { google: false, facebook: true, linkedin: false }, signup_enabled: false, google_client_id: null, extra: 1 },
  { providers: { google: true, facebook: false, linkedin: true }, signup_enabled: true },
  { providers: { google: 'yes', facebook: false, linkedin: false }, signup_enabled: true },
  { providers: { google: true, facebook: false }, signup_enabled: true },
  { providers: { google: true, facebook: false, linkedin: false } },
  { signup_enabled: true },
  null,
  'config',
  [],
];

describe('auth config check', () => {
  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with the contract on %s', (_label, body) => {
    expect(parseAuthConfig(body) !== null).toBe(authConfig.safeParse(body).success);
  });

  it('offers Google only with a client id', () => {
    const base = { providers: { google: true, facebook: false, linkedin: false }, signup_enabled: true };
    expect(googleClientIdOf(parseAuthConfig({ ...base, google_client_id: ' id-1.apps.googleusercontent.com ' }))).toBe('id-1.apps.googleusercontent.com');
    expect(googleClientIdOf(parseAuthConfig(base))).toBeNull();
    expect(googleClientIdOf(parseAuthConfig({ ...base, providers: { ...base.providers, google: false }, google_client_id: 'id-1' }))).toBeNull();
  });
});
