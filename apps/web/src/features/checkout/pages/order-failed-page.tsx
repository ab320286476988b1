import { CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';
import '../checkout-texts';

/** What the checkout passes along in the navigation state (lost on a reload, which is fine). */
function failureOf(state: unknown): { reason: string | null; orderNumber: string | null } {
  if (typeof state !== 'object' || state === null) return { reason: null, orderNumber: null };
  const reason = 'reason' in state && typeof state.reason === 'string' && state.reason.trim() !== '' ? state.reason : null;
  const orderNumber = 'orderNumber' in state && typeof state.orderNumber === 'string' ? state.orderNumber : null;
  return { reason, orderNumber };
}

/** checkout.failed (OrderFailed): 'Payment failed', its retry message, the reason, and a retry. */
export function OrderFailedPage() {
  const { t } = useTranslation();
  const { reason, orderNumber } = failureOf(useLocation().state);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 py-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleX aria-hidden="true" className="size-8" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('checkout.messages.paymentFailed')}</h1>
        <p className="text-muted-foreground">{t('checkout.messages.paymentFailedRetry')}</p>
      </div>
      {reason && (
        <div role="alert" className="w-full rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-left text-sm">
          <p className="font-semibold text-destructive">{t('order.failed.reason')}</p>
          <p className="mt-0.5 text-foreground">{reason}</p>
          {orderNumber && <p className="mt-1 text-xs text-muted-foreground">{t('order.failed.orderNumber', { number: orderNumber })}</p>}
        </div>
      )}
      <p className="text-sm text-muted-foreground">{t('order.failed.basketKept')}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to={routePath('checkout.payment')} className={buttonClassName({ size: 'lg' })}>
          {t('order.failed.retry')}
        </Link>
        <Link to={routePath('checkout.basket')} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
          {t('order.failed.backToBasket')}
        </Link>
      </div>
    </div>
  );
}
