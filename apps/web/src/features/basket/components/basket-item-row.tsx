import type { BasketItem } from '@app/contract/basket';
import { BadgePercent, FileText, Layers, Trash, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '@/components/ui/pending-button';
import { accentClass, productAccent } from '@/lib/assessment-accent';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useRemoveItem } from '../api/remove-item';
import { QuantityField } from './quantity-field';

/**
 * Reports and bundles are bought once per person, so their quantity is fixed; organisation
 * services (they grant no report) are bought per seat, from the product's minimum upwards.
 */
export function isQuantityEditable(item: BasketItem): boolean {
  return item.report_types.length === 0;
}

/**
 * Issue 16: a bundle priced down by the reports the buyer owns says by how much and for which
 * (the server's figures: contract bundle-pricing.ts).
 */
function OwnedReduction({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const reports = item.owned_report_types.map((type) => t(`basket.reportNames.${type}`)).join(', ');
  return (
    <p className="inline-flex flex-wrap items-center gap-x-1.5 rounded-md bg-emerald-600/10 px-2 py-1 text-xs font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-200">
      <BadgePercent aria-hidden="true" className="size-3.5" />
      {t('basket.item.ownedReduction', { amount: formatMoney(item.owned_reduction), reports })}
    </p>
  );
}

/** One line of the basket (spec 3 "Basket item"): what it is, its unit price and minimum, quantity, line total, remove. */
export function BasketItemRow({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const removal = useRemoveItem();
  const editable = isQuantityEditable(item);
  const Icon = editable ? Users : item.report_types.length > 1 ? Layers : FileText;
  const titleId = `basket-item-${item.product_id}`;

  // On success the row leaves the list; on failure it stays and the toast says why.
  const removing = removal.isPending || removal.data?.ok === true;

  return (
    <li aria-labelledby={titleId} className={cn('flex gap-4 px-5 py-5 sm:px-6', accentClass(productAccent(item.report_types)))}>
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-assessment-soft text-assessment sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            {/* h2: under the page's h1, before the summary's h2 (axe heading-order). */}
            <h2 id={titleId} className="leading-snug font-medium">
              {item.product_title}
            </h2>
            {item.product_summary && <p className="text-sm text-muted-foreground">{item.product_summary}</p>}
            {item.product_description && item.product_description !== item.product_summary && (
              <p className="line-clamp-2 text-xs text-muted-foreground/90">{item.product_description}</p>
            )}
            {item.owned_reduction > 0 && <OwnedReduction item={item} />}
          </div>
          <p className="grid shrink-0 text-right">
            {item.owned_reduction > 0 && (
              <span className="text-xs text-muted-foreground tabular-nums">
                <span className="sr-only">{t('basket.item.listPrice', { price: formatMoney(item.list_price) })}</span>
                <s aria-hidden="true">{formatMoney(item.list_price)}</s>
              </span>
            )}
            <span>
              <span className="sr-only">{t('basket.item.lineTotal')}: </span>
              <span className="font-semibold tabular-nums">{formatMoney(item.total_price)}</span>
            </span>
          </p>
        </div>

        <div className="flex items-end justify-between gap-x-4">
          <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
            {editable ? (
              <QuantityField item={item} />
            ) : (
              <p className="text-sm text-muted-foreground">{t('basket.item.fixedQuantity', { count: item.quantity })}</p>
            )}
            <p className="text-sm text-muted-foreground tabular-nums">
              {t('basket.item.unitPrice', { price: formatMoney(item.unit_price) })}
              <span aria-hidden="true"> · </span>
              <span>{t('basket.item.minimum', { count: item.minimum_quantity })}</span>
            </p>
          </div>
          <PendingButton
            variant="ghost"
            size="sm"
            className="-mr-2 text-muted-foreground hover:text-destructive"
            pending={removing}
            pendingLabel={t('basket.item.removing')}
            aria-label={removing ? undefined : t('basket.item.removeTitle', { title: item.product_title })}
            onClick={() => void removal.mutateAsync(item)}
          >
            <Trash aria-hidden="true" />
            <span className="max-sm:sr-only">{t('basket.item.remove')}</span>
          </PendingButton>
        </div>
      </div>
    </li>
  );
}
