import { useState } from 'react';
import type { Transaction, TransactionStatus } from '@app/contract/transactions';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ListPager } from '@/components/list-pager';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage, formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useTransactions } from '../api/list-transactions';
import { InvoiceLink } from './invoice-link';

const statusTone: Record<TransactionStatus, string> = {
  succeeded: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  failed: 'bg-destructive/10 text-destructive',
  pending: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  refunded: 'bg-muted text-muted-foreground',
};

/** The date in the buyer's language and the time as HH:mm (spec section 9). */
function formatWhen(iso: string, language = browserLanguage()): { date: string; time: string } {
  const when = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(when),
    time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when),
  };
}

/** What a payment bought, in words: the order's items ("BIG5 report, Values report × 2"), else the server's description. */
function PurchaseSummary({ row }: { row: Transaction }) {
  const { t } = useTranslation();
  if (row.order === null) {
    // A payment without its order (the order was removed): the server's own words.
    return <span className="font-medium text-foreground">{row.description}</span>;
  }
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium text-foreground">
        {row.order.items
          .map((item) => (item.quantity > 1 ? t('payments.transactions.itemQuantity', { title: item.title, quantity: item.quantity }) : item.title))
          .join(', ')}
      </span>
      <span className="text-xs text-muted-foreground">{t('payments.transactions.order', { number: row.order.number })}</span>
    </span>
  );
}

function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', statusTone[status])}>
      {t(`payments.transactions.statuses.${status}`)}
    </span>
  );
}

function Amount({ row, className }: { row: Transaction; className?: string }) {
  return (
    <span className={cn('font-medium whitespace-nowrap tabular-nums', row.status === 'failed' && 'text-muted-foreground line-through', className)}>
      {formatMoney(row.amount)}
    </span>
  );
}

/** The invoice of the order a row paid for, or a dash said as 'No invoice'. */
function InvoiceCell({ row }: { row: Transaction }) {
  const { t } = useTranslation();
  if (row.order?.invoice_available) return <InvoiceLink orderId={row.order.id} orderNumber={row.order.number} />;
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('payments.transactions.noInvoice')}</span>
    </span>
  );
}

/** Wide screens (lg and up, beside the sidebar): a table, one payment per row. */
function TransactionsTable({ rows }: { rows: Transaction[] }) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-lg border lg:block">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.purchase')}</th>
            <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.status')}</th>
            <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.date')}</th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">{t('payments.transactions.amount')}</th>
            <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.invoice')}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => {
            const when = formatWhen(row.date);
            return (
              <tr key={row.id} className="align-top">
                <td className="px-4 py-3">
                  <PurchaseSummary row={row} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <time dateTime={row.date}>
                    {when.date}
                    <span className="block text-xs">{when.time}</span>
                  </time>
                </td>
                <td className="px-4 py-3 text-right">
                  <Amount row={row} />
                </td>
                <td className="px-4 py-3">
                  <InvoiceCell row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and narrow windows: a list, one entry per payment, nothing to scroll sideways. */
function TransactionsList({ rows }: { rows: Transaction[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('payments.transactions.heading')} className="divide-y rounded-lg border lg:hidden">
      {rows.map((row) => {
        const when = formatWhen(row.date);
        return (
          <li key={row.id} className="grid gap-2 px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <PurchaseSummary row={row} />
              <Amount row={row} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <StatusBadge status={row.status} />
                <time dateTime={row.date}>{t('payments.transactions.when', when)}</time>
              </span>
              {row.order?.invoice_available && <InvoiceLink orderId={row.order.id} orderNumber={row.order.number} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Spec section 3 "Transaction": status, description, date, amount; newest first, paginated. The
 * description leads as what was bought (the order's items and number, issue 16), with the paid
 * order's invoice; the provider's charge id stays out of sight (the order number is the reference
 * a buyer quotes).
 */
export function TransactionsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  const meta = transactions.data?.meta;
  const rows = transactions.data?.data ?? [];

  return (
    <section aria-labelledby="transactions-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="transactions-heading" className="text-lg font-semibold">
        {t('payments.transactions.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('payments.transactions.description')}</p>

      <div className="mt-5">
        {transactions.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('app.loading')}
          </p>
        ) : transactions.isError && !transactions.data ? (
          <FormAlert>
            <p>{t('payments.transactions.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void transactions.refetch()}>
              {t('payments.retry')}
            </Button>
          </FormAlert>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('payments.transactions.empty')}</p>
        ) : (
          <>
            <div className={cn(transactions.isPlaceholderData && 'opacity-60')} aria-busy={transactions.isFetching}>
              <TransactionsTable rows={rows} />
              <TransactionsList rows={rows} />
            </div>
            {meta && <ListPager label={t('payments.transactions.pagination')} page={page} perPage={meta.per_page} total={meta.total} onPage={setPage} />}
          </>
        )}
      </div>
    </section>
  );
}
