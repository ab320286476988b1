import { useState } from 'react';
import type { TransactionStatus } from '@app/contract/transactions';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage, formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { transactionsPerPage, useTransactions } from '../api/list-transactions';

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

/** Spec section 3 "Transaction": transaction, status, description, date, amount; newest first, paginated. */
export function TransactionsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  const meta = transactions.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
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
            <div className={cn('overflow-x-auto rounded-lg border', transactions.isPlaceholderData && 'opacity-60')} aria-busy={transactions.isFetching}>
              <table className="w-full min-w-[40rem] text-sm">
                <thead className="bg-muted/50 text-left text-xs font-medium text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.transaction')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.status')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.descriptionColumn')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('payments.transactions.date')}</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">{t('payments.transactions.amount')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {rows.map((row) => {
                    const when = formatWhen(row.date);
                    return (
                      <tr key={row.id} className="align-top">
                        <td className="px-4 py-3 font-mono text-xs break-all text-foreground">{row.transaction}</td>
                        <td className="px-4 py-3">
                          <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', statusTone[row.status])}>
                            {t(`payments.transactions.statuses.${row.status}`)}
                          </span>
                        </td>
                        <td className="px-4 py-3 text-foreground">{row.description}</td>
                        <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                          <time dateTime={row.date}>
                            {when.date}
                            <span className="block text-xs">{when.time}</span>
                          </time>
                        </td>
                        <td className={cn('px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums', row.status === 'failed' && 'text-muted-foreground line-through')}>
                          {formatMoney(row.amount)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {meta && meta.total > transactionsPerPage && (
              <nav aria-label={t('payments.transactions.pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground">
                  {t('payments.transactions.range', {
                    from: (meta.page - 1) * meta.per_page + 1,
                    to: Math.min(meta.page * meta.per_page, meta.total),
                    total: meta.total,
                  })}
                </p>
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((value) => Math.max(1, value - 1))}>
                    {t('payments.transactions.previous')}
                  </Button>
                  <span className="text-sm" aria-live="polite">
                    {t('payments.transactions.pageOf', { page, pages })}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
                    {t('payments.transactions.next')}
                  </Button>
                </div>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}
