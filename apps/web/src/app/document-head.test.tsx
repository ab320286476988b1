import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';
import { i18n } from '../lib/i18n.ts';
import { productName } from '../lib/product.ts';

const server = setUpRouteTests();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function description(): string | undefined {
  return document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
}

describe('document head of each page', () => {
  it('keeps the product name in one constant that matches the i18n text', () => {
    expect(i18n.t('app.name')).toBe(productName);
  });

  it('starts, before the app runs, with the same title and description (index.html)', () => {
    const indexHtml = new DOMParser().parseFromString(readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8'), 'text/html');
    expect(indexHtml.title).toBe(productName);
    expect(indexHtml.documentElement.lang).toBe('en');
    expect(indexHtml.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(i18n.t('app.description'));
    // Synchronous (no async/defer/module): it must run before the first paint.
    const init = indexHtml.querySelector('script[src="/appearance-init.js"]');
    expect(init?.hasAttribute('async') || init?.hasAttribute('defer') || init?.getAttribute('type') === 'module').toBe(false);
    // Async: it asks for the account beside the app's scripts and holds up no paint.
    expect(indexHtml.querySelector('script[src="/session-start.js"]')?.hasAttribute('async')).toBe(true);
  });

  it('titles the login page, with the description and the language', async () => {
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    await waitFor(() => expect(document.title).toBe('Log in | Compass'));
    expect(description()).toBe(i18n.t('app.description'));
    expect(document.documentElement.lang).toBe('en');
  });

  it("titles the appearance page 'Appearance | Compass'", async () => {
    seedSession(server(), completeUser);
    renderRoute('/settings/appearance');
    await screen.findByRole('heading', { name: 'Appearance settings' }, routeTimeout);
    await waitFor(() => expect(document.title).toBe('Appearance | Compass'));
  });

  it('titles the dashboard', async () => {
    seedSession(server(), completeUser);
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    await waitFor(() => expect(document.title).toBe('Dashboard | Compass'));
  });

  it('follows the interface language in the title and in <html lang>', async () => {
    i18n.addResourceBundle('de', 'translation', { pages: { login: { title: 'Anmelden' } } }, true, false);
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);

    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(document.title).toBe('Anmelden | Compass');
  });
});
