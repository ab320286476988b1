import { bundlePrice, isOwnedProduct } from '@app/contract/bundle-pricing';
import type { Basket, Product } from '@app/contract/basket';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, FileText, Layers, ShoppingBasket } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { accentClass, productAccent } from '@/lib/assessment-accent';
import { formatMoney } from '@/lib/money';
import { useReports } from '@/lib/report-list';
import { reportsRootKey } from '@/lib/report-query-keys';
import { reportOffersAnchor, routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';
import { useAddItem } from '../api/add-item';
import { useBasket } from '../api/basket-query';
import { useProducts } from '../api/get-products';
import '../basket-texts';

/**
 * The report products of GET /api/products (reports and the bundle, not organisation services),
 * each with a button that puts it in the basket. Adding says what happened (the basket's toasts,
 * spec 8: item added with a link to the basket); a product already there links to the basket.
 * A product whose every report the user owns (issue 5) says so instead: the server would refuse
 * it. What the user owns is what GET /api/reports lists: the reports their orders granted, the
 * very rows the server's refusal reads. The dashboard shows this section (the app composes it).
 */
export function ReportOffers() {
  const { t } = useTranslation();
  const headingId = useId();
  const { user } = useSession();
  const products = useProducts();
  const basket = useBasket().data ?? null;
  const owned = useReports(user?.id ?? null);
  const offers = products.data?.filter((product) => product.kind !== 'service') ?? [];
  // Unknown ownership (the reports could not be loaded) offers everything: the server still
  // refuses an owned report, with its message.
  const ownedTypes = owned.data?.map((report) => report.type) ?? [];
  // Waits for the first answer only: a retry would only delay the offers.
  const ownedLoading = owned.isPending && owned.fetchStatus !== 'idle' && owned.failureCount === 0;
  const ready = products.isSuccess && !ownedLoading;
  useScrollIntoViewOnHash(reportOffersAnchor, ready);

  return (
    <section id={reportOffersAnchor} aria-labelledby={headingId} className="scroll-mt-20 space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('basket.offers.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('basket.offers.description')}</p>
      </div>
      {products.isPending || ownedLoading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('basket.offers.loading')}
        </p>
      ) : products.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert className="flex-1">{t('basket.offers.loadFailed')}</FormAlert>
          <Button variant="outline" onClick={() => void products.refetch()}>
            {t('basket.offers.retry')}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {offers.map((product) => (
            <li key={product.id} className="flex">
              <OfferCard product={product} catalogue={products.data ?? []} ownedTypes={ownedTypes} basket={basket} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Scrolls to the element once it is drawn in full, when the address names it (a router navigation does not). */
function useScrollIntoViewOnHash(id: string, ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready || hash !== `#${id}`) return;
    done.current = true;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [hash, id, ready]);
}

interface OfferCardProps {
  product: Product;
  catalogue: readonly Product[];
  ownedTypes: readonly string[];
  basket: Basket | null;
}

function OfferCard({ product, catalogue, ownedTypes, basket }: OfferCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const adding = useAddItem();
  const inBasket = basket?.items.some((item) => item.product_id === product.id) ?? false;
  // Issue 16: a single report whose bundle is in the basket is in it already (the server refuses it).
  const inBundle =
    !inBasket &&
    product.kind === 'report' &&
    product.report_types.length > 0 &&
    (basket?.items.some((item) => item.report_type === null && item.report_types.length > 1 && product.report_types.every((type) => item.report_types.includes(type))) ?? false);
  const owned = isOwnedProduct(product, ownedTypes);
  const ownedOfBundle = product.kind === 'bundle' && !owned ? product.report_types.filter((type) => ownedTypes.includes(type)).length : 0;
  // Issue 16: the bundle is priced down by the reports the user owns (the server's rule, from the contract).
  const price = product.kind === 'bundle' && ownedOfBundle > 0 ? bundlePrice(product, catalogue, ownedTypes) : null;
  const Icon = product.kind === 'bundle' ? Layers : FileText;

  const add = async () => {
    const outcome = await adding.mutateAsync(product.id);
    // Refused on product_id: owned meanwhile (another tab, another device); the card catches up.
    if (!outcome.ok && outcome.errors?.product_id) void queryClient.invalidateQueries({ queryKey: reportsRootKey });
  };

  return (
    <Card className={cn('flex w-full flex-col gap-4 border-t-4 border-t-assessment p-5', accentClass(productAccent(product.report_types)))}>
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-assessment-soft text-assessment">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        {product.kind === 'bundle' && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">{t('basket.offers.bestValue')}</span>
        )}
      </div>
      <div className="flex-1 space-y-1.5">
        <h3 className="leading-snug font-semibold">{product.title}</h3>
        <p className="text-sm text-muted-foreground">{product.summary}</p>
      </div>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        {price !== null && price.owned_reduction > 0 && (
          <span className="text-sm text-muted-foreground tabular-nums">
            <span className="sr-only">{t('basket.offers.listPrice', { price: formatMoney(price.list_price) })}</span>
            <s aria-hidden="true">{formatMoney(price.list_price)}</s>
          </span>
        )}
        <span className="text-xl font-semibold tabular-nums">{formatMoney(price?.unit_price ?? product.unit_price)}</span>
        <span className="text-xs text-muted-foreground">{t('basket.offers.perUnit')}</span>
      </p>
      {ownedOfBundle > 0 && (
        <div className="space-y-1 text-xs text-muted-foreground">
          <p>{t('basket.offers.partlyOwned', { count: ownedOfBundle, total: product.report_types.length })}</p>
          {price !== null && price.owned_reduction > 0 && (
            <p className="font-medium text-emerald-800 dark:text-emerald-200">{t('basket.offers.ownedReduction', { amount: formatMoney(price.owned_reduction) })}</p>
          )}
        </div>
      )}
      {owned ? (
        <div className="space-y-1.5">
          <p className="flex h-9 items-center justify-center gap-2 rounded-md border border-emerald-600/30 bg-emerald-600/10 px-4 text-sm font-medium text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-200">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('basket.offers.owned')}
          </p>
          <p className="text-xs text-muted-foreground">{product.kind === 'bundle' ? t('basket.offers.ownedBundle') : t('basket.offers.ownedReport')}</p>
          <Link to={routePath('reports')} className="inline-block text-xs font-medium text-primary underline-offset-4 hover:underline">
            {t('basket.offers.toReports')}
          </Link>
        </div>
      ) : inBasket || inBundle ? (
        <div className="space-y-1.5">
          {inBundle && <p className="text-xs text-muted-foreground">{t('basket.offers.inBundle')}</p>}
          <Link to={routePath('checkout.basket')} className={buttonClassName({ variant: 'outline', className: 'w-full' })}>
            <ShoppingBasket aria-hidden="true" />
            {t('basket.offers.inBasket')}
          </Link>
        </div>
      ) : (
        <PendingButton pending={adding.isPending} pendingLabel={t('basket.offers.adding')} onClick={() => void add()}>
          <ShoppingBasket aria-hidden="true" />
          {t('basket.offers.add')}
          {/* Which product, for screen readers that list the buttons on their own. */}
          <span className="sr-only">: {product.title}</span>
        </PendingButton>
      )}
    </Card>
  );
}
