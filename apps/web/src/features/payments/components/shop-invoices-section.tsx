import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '@/components/list-pager';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage, formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useInvoicedOrders } from '../api/list-invoiced-orders';
import { InvoiceLink } from './invoice-link';
import '../payments-texts';

/**
 * Settings › Billing for the personal profile (issue 12): the shop's invoices, one per paid order,
 * newest first, each a PDF to download. (An organisation's period invoices are on its own Billing page.)
 */
export function ShopInvoicesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invoices = useInvoicedOrders(page);
  const meta = invoices.data?.meta;
  const rows = invoices.data?.data ?? [];
  const dateFormat = new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'medium' });

  let content;
  if (invoices.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  } else if (invoices.isError && !invoices.data) {
    content = (
      <FormAlert>
        <p>{t('payments.invoices.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void invoices.refetch()}>
          {t('payments.retry')}
        </Button>
      </FormAlert>
    );
  } else if (rows.length === 0) {
    content = <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('payments.invoices.empty')}</p>;
  } else {
    content = (
      <>
        <ul aria-label={t('payments.invoices.heading')} aria-busy={invoices.isFetching} className={cn('divide-y rounded-lg border', invoices.isPlaceholderData && 'opacity-60')}>
          {rows.map((order) => {
            const when = order.paid_at ?? order.created_at;
            return (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm">
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium text-foreground">{t('payments.invoices.order', { number: order.number })}</span>
                  <time dateTime={when} className="text-xs text-muted-foreground">
                    {dateFormat.format(new Date(when))}
                  </time>
                </span>
                <span className="flex items-center gap-4">
                  <span className="font-medium whitespace-nowrap tabular-nums">{formatMoney(order.summary.total)}</span>
                  <InvoiceLink orderId={order.id} orderNumber={order.number} />
                </span>
              </li>
            );
          })}
        </ul>
        {meta && <ListPager label={t('payments.invoices.pagination')} page={page} perPage={meta.per_page} total={meta.total} onPage={setPage} />}
      </>
    );
  }

  return (
    <section aria-labelledby="shop-invoices-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="shop-invoices-heading" className="text-lg font-semibold tracking-tight">
          {t('payments.invoices.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('payments.invoices.description')}</p>
      </div>
      {content}
    </section>
  );
}
