import type { Basket } from '@app/contract/basket';
import { ArrowRight, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBasketIllustration } from '@/components/empty-state-illustrations';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useBasket } from '../api/basket-query';
import { BasketItemRow } from '../components/basket-item-row';
import { ClearBasketButton } from '../components/clear-basket-button';
import { CouponForm } from '../components/coupon-form';
import { OrderSummary } from '../components/order-summary';
import { VatCountry } from '../components/vat-country';
import '../basket-texts';

/**
 * The Basket page (route checkout.basket): the items, the discount code, the order summary and the
 * way on to checkout. The basket is the app's one basket query; opening the page asks the server
 * again, so prices and minimums that changed since are applied and explained (`notices`).
 */
export function BasketPage() {
  const { t } = useTranslation();
  const query = useBasket();
  const basket = query.data ?? null;

  let content;
  if (basket !== null) content = <BasketContents basket={basket} />;
  // A failed fetch keeps the basket known before; without one it says so, with a retry.
  else if (query.isError && query.data === undefined) content = <FetchFailed error={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  else if (query.data === null) content = <EmptyBasket />;
  else content = <LoadingBasket />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('basket.heading')}</h1>
          <p className="text-sm text-muted-foreground">{t('basket.description')}</p>
        </div>
        {basket !== null && <ClearBasketButton />}
      </div>
      {content}
    </div>
  );
}

function BasketContents({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid gap-4">
        {basket.notices.length > 0 && (
          <div role="status" className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="space-y-1">
              <p className="font-medium">{t('basket.notices')}</p>
              <ul className="grid gap-0.5 text-muted-foreground">
                {basket.notices.map((notice) => (
                  <li key={notice}>{notice}</li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <Card className="overflow-hidden">
          <ul aria-label={t('basket.itemsLabel')} className="divide-y">
            {basket.items.map((item) => (
              <BasketItemRow key={item.product_id} item={item} />
            ))}
          </ul>
        </Card>
      </div>

      <Card className="grid gap-6 p-5 sm:p-6 lg:sticky lg:top-20">
        <CouponForm basket={basket} />
        <div className="border-t" />
        <OrderSummary basket={basket} />
        <VatCountry basket={basket} />
        <p className="text-xs text-muted-foreground">{t('basket.summary.netPrices')}</p>
        <Link to={routePath('checkout.payment')} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          {t('basket.summary.proceed')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Card>
    </div>
  );
}

function EmptyBasket() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <EmptyBasketIllustration className="h-28 w-auto" />
      <div className="space-y-1.5">
        <h2 className="text-lg font-semibold">{t('basket.empty.title')}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{t('basket.empty.description')}</p>
      </div>
      <Link to={routePath('dashboard')} className={buttonClassName({ className: 'mt-2' })}>
        {t('basket.empty.action')}
      </Link>
    </Card>
  );
}

function FetchFailed({ error, retrying, onRetry }: { error: string; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-4 p-6">
      <FormAlert>
        <p>{t('basket.toasts.failedToFetch')}</p>
        {error && <p className="font-normal">{error}</p>}
      </FormAlert>
      <PendingButton variant="outline" className="justify-self-start" pending={retrying} pendingLabel={t('basket.failed.retrying')} onClick={onRetry}>
        {t('basket.failed.retry')}
      </PendingButton>
    </Card>
  );
}

function LoadingBasket() {
  const { t } = useTranslation();
  return (
    <Card className="flex items-center justify-center gap-2 px-6 py-16 text-sm text-muted-foreground" role="status">
      <Spinner />
      {t('basket.loading')}
    </Card>
  );
}
