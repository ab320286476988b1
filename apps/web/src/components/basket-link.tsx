import { isRegistrationComplete } from '@app/contract/registration-status';
import { useEffect } from 'react';
import { ShoppingBasket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { basketStore } from '@/lib/basket-store';
import { routePath } from '@/lib/route-paths';
import { useBasket } from '@/lib/use-basket';
import { useBasketNotifications } from '@/lib/use-basket-notifications';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';
import { buttonClassName } from './ui/button';
import '@/lib/basket-texts';

/**
 * The app header's basket: a link to the Basket page with the number of items. Mounted on every
 * app page, it also keeps the basket store following the session (spec 2: fetched at start when
 * logged in, and on login) and shows the basket's toasts.
 */
export function BasketLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { basket } = useBasket();
  const count = basket?.items.length ?? 0;

  useEffect(() => basketStore.start(), []);
  useBasketNotifications();

  // The Basket page needs a finished registration (spec 2); until then the link would only bounce.
  if (user === null || !isRegistrationComplete(user)) return null;

  return (
    <NavLink
      to={routePath('checkout.basket')}
      aria-label={t('basket.header.label', { count })}
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
