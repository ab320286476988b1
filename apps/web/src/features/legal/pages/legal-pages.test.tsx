import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The privacy policy and the terms: public pages, for guests and signed-in users alike.

const server = setUpRouteTests();

describe('privacy policy page', () => {
  it('shows the policy with its version date, its sections and the data attributions', async () => {
    renderRoute('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('Version of November 1, 2026')).toHaveAttribute('dateTime', '2026-11-01');
    for (const heading of ['2. What we keep', '3. Why we keep it', '5. How long we keep it', '6. Your rights']) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText(/our payment provider directly: we never see or store your full card number/)).toBeInTheDocument();

    const attribution = screen.getByRole('region', { name: 'Data sources and attribution' });
    expect(within(attribution).getByText(/© GeoNames.*CC BY 4\.0/)).toBeInTheDocument();
    expect(within(attribution).getByText(/© OpenStreetMap contributors.*Open Database License \(ODbL\)/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy policy | Compass'));
  });

  it('lists its sections as links to them', async () => {
    renderRoute('/privacy-policy');
    const contents = await screen.findByRole('navigation', { name: 'Contents' }, routeTimeout);
    expect(within(contents).getByRole('link', { name: '6. Your rights' })).toHaveAttribute('href', '#your-rights');
  });

  it('is open to a signed-in user too, without the policy prompt over it', async () => {
    seedSession(server(), { ...completeUser, policy_update_required: true });
    const { router } = renderRoute('/privacy-policy');
    await screen.findByRole('heading', { name: 'Privacy policy', level: 1 }, routeTimeout);
    expect(router.state.location.pathname).toBe('/privacy-policy');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('terms of service page', () => {
  it('shows the terms with the same version date and attributions, and links to the privacy policy', async () => {
    renderRoute('/terms-of-service');
    expect(await screen.findByRole('heading', { name: 'Terms of service', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('Version of November 1, 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '3. Assessments and reports', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Data sources and attribution' })).toHaveTextContent('© GeoNames');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});
