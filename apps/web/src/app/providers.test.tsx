import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast.ts';
import { Providers } from './providers.tsx';

describe('toasts', () => {
  it("load with the first toast and use the spec's settings: bottom-right, gap 14, width 356", async () => {
    render(
      <Providers>
        <button type="button" onClick={() => void toast.success('Discount applied')}>
          apply
        </button>
      </Providers>,
    );
    // Nothing of sonner is on the page before the first toast.
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'apply' }));

    expect(await screen.findByText('Discount applied', undefined, { timeout: 5000 })).toBeInTheDocument();
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'right');
    expect(toaster?.style.getPropertyValue('--gap')).toBe('14px');
    expect(toaster?.style.getPropertyValue('--width')).toBe('356px');
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('shows at most 3 toasts at once, each for 4000 ms', async () => {
    render(
      <Providers>
        <button type="button" onClick={() => ['one', 'two', 'three', 'four'].forEach((text) => void toast.info(text))}>
          many
        </button>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'many' }));
    await screen.findByText('four', undefined, { timeout: 5000 });
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3);

    const { toasterSettings } = await import('./app-toaster.tsx');
    expect(toasterSettings.duration).toBe(4000);
  });
});
