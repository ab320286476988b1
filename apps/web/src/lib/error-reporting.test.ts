import { describe, expect, it } from 'vitest';
import { initErrorReporting } from './error-reporting';

describe('error reporting', () => {
  it('stays off without a DSN', async () => {
    expect(await initErrorReporting(undefined)).toBe(false);
    expect(await initErrorReporting('')).toBe(false);
  });

  it('starts Sentry with the spec settings when a DSN is configured', async () => {
    // A DSN whose host does not exist here: init sends nothing until an event is captured.
    expect(await initErrorReporting('https://public@sentry.invalid/1')).toBe(true);
    const Sentry = await import('@sentry/react');
    const options = Sentry.getClient()?.getOptions();
    expect(options?.maxBreadcrumbs).toBe(100);
    expect(options?.dataCollection).toMatchObject({ userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true });
    expect(options?.integrations.map((integration) => integration.name)).toContain('LinkedErrors');
    await Sentry.close(0);
  });
});
