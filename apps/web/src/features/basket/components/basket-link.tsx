import { isRegistrationComplete } from '@app/contract/registration-status';
import { useEffect, useRef } from 'react';
import { ShoppingBasket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';
import { useBasket } from '../api/basket-query';

/**
 * The app header's basket: a link to the Basket page with the number of items. Mounted on every
 * app page (the app shell puts it in the header), it fetches the basket when the shell opens
 * (spec 2: at start when logged in, and after login) and says when the basket could not be fetched
 * (spec 8), once per failure, wherever the fetch came from.
 */
export function BasketLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const basket = useBasket();
  const count = basket.data?.items.length ?? 0;

  const announced = useRef(basket.errorUpdatedAt);
  useEffect(() => {
    if (!basket.isError || basket.errorUpdatedAt === announced.current) return;
    announced.current = basket.errorUpdatedAt;
    // The toasts (and the basket's texts) load with the first failure: this link is on every app page.
    const message = basket.error.message;
    void import('../lib/basket-toasts').then(({ basketToasts }) => basketToasts.failed('fetch', message));
  }, [basket.isError, basket.errorUpdatedAt, basket.error]);

  // The Basket page needs a finished registration (spec 2); until then the link would only bounce.
  if (user === null || !isRegistrationComplete(user)) return null;

  return (
    <NavLink
      to={routePath('checkout.basket')}
      aria-label={t('nav.basket', { count })}
      className={({ isActive }) =>
        cn(buttonClassName({ variant: 'ghost', size: 'icon' }), 'relative', isActive && 'bg-accent text-accent-foreground', className)
      }
    >
      <ShoppingBasket aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-semibold text-primary-foreground tabular-nums ring-2 ring-background"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
