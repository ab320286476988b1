import type { Basket } from '@app/contract/basket';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercentage } from '@/lib/money';
import { cn } from '@/lib/utils';

/**
 * Spec 3 "Order summary": subtotal, discount, VAT with its percentage, total and the item count,
 * all from the server's basket summary (the web never does the money arithmetic itself).
 */
export function OrderSummary({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const { summary } = basket;
  const code = basket.coupon?.code ?? basket.coupon_code;
  const hasDiscount = summary.discount_amount > 0;

  return (
    <section aria-labelledby="order-summary-title" className="grid gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="order-summary-title" className="text-base font-semibold">
          {t('basket.summary.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('basket.itemCount', { count: basket.items.length })}</p>
      </div>
      <dl className="grid gap-2.5 text-sm">
        <SummaryRow label={t('basket.summary.subtotal')} value={formatMoney(summary.subtotal)} />
        {hasDiscount && (
          <>
            <SummaryRow
              label={code ? t('basket.summary.discountWithCode', { code }) : t('basket.summary.discount')}
              value={`−${formatMoney(summary.discount_amount)}`}
              valueClassName="text-emerald-700 dark:text-emerald-400"
            />
            <SummaryRow label={t('basket.summary.discountedSubtotal')} value={formatMoney(summary.discount_subtotal)} />
          </>
        )}
        <SummaryRow
          label={t('basket.summary.vat', { percentage: formatPercentage(summary.vat_percentage) })}
          value={formatMoney(summary.vat_amount)}
        />
        <div className="mt-1.5 flex items-baseline justify-between gap-4 border-t pt-4">
          <dt className="text-base font-semibold">{t('basket.summary.total')}</dt>
          <dd className="text-xl font-semibold tabular-nums">{formatMoney(summary.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function SummaryRow({ label, value, valueClassName }: { label: ReactNode; value: string; valueClassName?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', valueClassName)}>{value}</dd>
    </div>
  );
}
