import type { ReactNode } from 'react';
import type { OrderSummary as OrderSummaryValues } from '@app/contract/orders';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercentage } from '@/lib/money';
import { cn } from '@/lib/utils';

export interface OrderSummaryLine {
  id: string;
  title: string;
  quantity: number;
  /** Net cents per unit. */
  unitPrice: number;
  /** Net cents for the line (unit price x quantity). */
  total: number;
  /** Issue 16: what owned reports took off a bundle's price, in cents (0 or absent: nothing). */
  ownedReduction?: number;
}

export interface OrderSummaryProps {
  lines: OrderSummaryLine[];
  /** Spec section 3 "Order summary": subtotal, VAT, discount, total, item count. */
  summary: OrderSummaryValues;
  couponCode?: string | null;
  /** A verified business in another EU country: VAT 0, said as reverse-charged (issue 5). */
  reverseCharge?: boolean;
  /** Under the total (the pay button on a narrow screen, a note). */
  footer?: ReactNode;
  className?: string;
  /** The heading's level in the page. */
  headingLevel?: 'h2' | 'h3';
}

function Row({ label, value, strong = false, className }: { label: ReactNode; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', strong ? 'text-base font-semibold text-foreground' : 'text-sm text-muted-foreground', className)}>
      <dt>{label}</dt>
      <dd className={cn('tabular-nums', strong ? '' : 'text-foreground')}>{value}</dd>
    </div>
  );
}

/** The lines, then subtotal, discount, VAT and total, all from cents in euros (spec section 9). */
export function OrderSummary({ lines, summary, couponCode, reverseCharge = false, footer, className, headingLevel = 'h2' }: OrderSummaryProps) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  return (
    <section aria-labelledby="order-summary-heading" className={cn('rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Heading id="order-summary-heading" className="text-lg font-semibold">
          {t('checkout.summary.heading')}
        </Heading>
        <span className="text-sm text-muted-foreground">{t('checkout.summary.itemCount', { count: summary.item_count })}</span>
      </div>

      <ul className="mt-4 divide-y border-y">
        {lines.map((line) => (
          <li key={line.id} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-foreground">{line.title}</p>
              <p className="text-xs text-muted-foreground">
                {t('checkout.summary.quantityTimesPrice', { quantity: line.quantity, price: formatMoney(line.unitPrice) })}
              </p>
              {line.ownedReduction !== undefined && line.ownedReduction > 0 && (
                <p className="text-xs font-medium text-emerald-800 dark:text-emerald-200">{t('checkout.summary.ownedReduction', { amount: formatMoney(line.ownedReduction) })}</p>
              )}
            </div>
            <span className="shrink-0 text-sm font-medium tabular-nums">{formatMoney(line.total)}</span>
          </li>
        ))}
      </ul>

      <dl className="mt-4 grid gap-2">
        <Row label={t('checkout.summary.subtotal')} value={formatMoney(summary.subtotal)} />
        {summary.discount_amount > 0 && (
          <Row
            label={couponCode ? t('checkout.summary.discountWithCode', { code: couponCode }) : t('checkout.summary.discount')}
            value={`−${formatMoney(summary.discount_amount)}`}
          />
        )}
        <Row
          label={reverseCharge ? t('checkout.summary.reverseCharge') : t('checkout.summary.vat', { percentage: formatPercentage(summary.vat_percentage) })}
          value={formatMoney(summary.vat_amount)}
        />
        {/* The rule above the total on the row itself: a <dl> holds only its groups (axe definition-list). */}
        <Row label={t('checkout.summary.total')} value={formatMoney(summary.total)} strong className="mt-1 border-t pt-3" />
      </dl>
      {reverseCharge && <p className="mt-3 text-xs text-muted-foreground">{t('checkout.summary.reverseChargeNote')}</p>}
      {footer}
    </section>
  );
}
