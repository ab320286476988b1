import { describe, expect, it } from 'vitest';
import { isRouteName, routePath } from './route-paths';

describe('routePath', () => {
  it("gives a route's path by its spec name", () => {
    expect(routePath('home')).toBe('/');
    expect(routePath('appearance')).toBe('/settings/appearance');
    expect(routePath('(settings)')).toBe('/settings');
    expect(routePath('organization.create')).toBe('/organization/create');
  });

  it('fills and encodes the params', () => {
    expect(routePath('report.view', { type: 'big5', id: 7 })).toBe('/report/big5/7');
    expect(routePath('reset-password', { token: 'a/b c' })).toBe('/reset-password/a%2Fb%20c');
  });

  it('adds a query, leaving out undefined values', () => {
    expect(routePath('reset-password', { token: 't' }, { email: 'ada@example.com', unused: undefined })).toBe(
      '/reset-password/t?email=ada%40example.com',
    );
  });

  it('knows the spec names and nothing else', () => {
    expect(isRouteName('verification.verify')).toBe(true);
    expect(isRouteName('toString')).toBe(false);
    expect(isRouteName('NotARoute')).toBe(false);
  });

  it('checks names and params at compile time', () => {
    // Never called: these lines exist for the type checker, which must reject each of them.
    const rejected = () => [
      // @ts-expect-error: not a route name
      routePath('dashbord'),
      // @ts-expect-error: report.view needs its type and id
      routePath('report.view'),
      // @ts-expect-error: the id param is missing
      routePath('report.view', { type: 'big5' }),
    ];
    expect(typeof rejected).toBe('function');
  });
});
