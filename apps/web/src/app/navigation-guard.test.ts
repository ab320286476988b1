// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountFixture } from '../../test/account-fixture.ts';
import { resolveNavigation, type NavigationSession } from './navigation-guard.ts';

const guest: NavigationSession = { isLoggedIn: false, user: null };
const registered: NavigationSession = { isLoggedIn: true, user: accountFixture() };
const registering: NavigationSession = { isLoggedIn: true, user: accountFixture({ big5_completed: false }) };

describe('navigation guard (spec 2)', () => {
  describe('public routes', () => {
    it.each([guest, registering, registered])('lets anyone open NotFound and the policy pages (%#)', (session) => {
      expect(resolveNavigation({ pathname: '/no-such-page', access: 'public' }, session)).toBeNull();
      expect(resolveNavigation({ pathname: '/privacy-policy', access: 'public' }, session)).toBeNull();
    });
  });

  describe('guest-only routes', () => {
    it.each(['/', '/login', '/signup', '/forgot-password', '/reset-password/abc'])('lets a guest open %s', (pathname) => {
      expect(resolveNavigation({ pathname, access: 'guest' }, guest)).toBeNull();
    });

    it.each(['/', '/login', '/signup', '/forgot-password', '/reset-password/abc'])(
      'sends a logged-in user from %s to the dashboard',
      (pathname) => {
        expect(resolveNavigation({ pathname, access: 'guest' }, registered)).toBe('/dashboard');
      },
    );

    it('sends a logged-in user with unfinished registration from the login page to the dashboard', () => {
      expect(resolveNavigation({ pathname: '/login', access: 'guest' }, registering)).toBe('/dashboard');
    });
  });

  describe('routes that need a login but not a finished registration', () => {
    it.each(['/logout', '/signup-data', '/verify-email', '/verify-email/1/abc'])('sends a guest from %s to the login page', (pathname) => {
      expect(resolveNavigation({ pathname, access: 'auth' }, guest)).toBe('/login');
    });

    it.each(['/logout', '/signup-data', '/verify-email', '/verify-email/1/abc'])(
      'lets a user with unfinished registration open %s',
      (pathname) => {
        expect(resolveNavigation({ pathname, access: 'auth' }, registering)).toBeNull();
      },
    );

    it('lets a fully registered user open them too', () => {
      expect(resolveNavigation({ pathname: '/logout', access: 'auth' }, registered)).toBeNull();
    });
  });

  describe('application routes', () => {
    it.each(['/dashboard', '/reports', '/settings/profile', '/checkout/basket'])('sends a guest from %s to the login page', (pathname) => {
      expect(resolveNavigation({ pathname, access: 'app' }, guest)).toBe('/login');
    });

    it.each(['/dashboard', '/reports', '/report/big5/7', '/checkout/payment', '/organization/create', '/settings/password'])(
      'lets a fully registered user open %s',
      (pathname) => {
        expect(resolveNavigation({ pathname, access: 'app' }, registered)).toBeNull();
      },
    );

    it.each([
      ['signup', { signup_completed: false }],
      ['big5', { big5_completed: false }],
      ['env', { env_completed: false }],
    ] as const)('sends a user whose %s step is unfinished from /reports to the dashboard', (_step, flags) => {
      const session = { isLoggedIn: true, user: accountFixture(flags) };

      expect(resolveNavigation({ pathname: '/reports', access: 'app' }, session)).toBe('/dashboard');
    });

    it.each(['/dashboard', '/dashboard/', '/settings', '/settings/', '/settings/profile', '/settings/appearance'])(
      'lets a user with unfinished registration stay on %s',
      (pathname) => {
        expect(resolveNavigation({ pathname, access: 'app' }, registering)).toBeNull();
      },
    );

    it.each(['/settingsfoo', '/payments', '/checkout/basket', '/dashboardx'])(
      'sends a user with unfinished registration from %s to the dashboard',
      (pathname) => {
        expect(resolveNavigation({ pathname, access: 'app' }, registering)).toBe('/dashboard');
      },
    );

    it('treats a session that claims a login but has no user as unfinished registration', () => {
      expect(resolveNavigation({ pathname: '/reports', access: 'app' }, { isLoggedIn: true, user: null })).toBe('/dashboard');
    });
  });
});
