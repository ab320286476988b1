import { useState } from 'react';
import type { PeriodInvoice } from '@app/contract/organisation-billing';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { downloadInvoice, invoicePdfPath } from '../api/download-invoice';
import { useInvoices } from '../api/list-invoices';
import { formatDay } from '../lib/format';
import { BillingCard } from './billing-card';

/** The invoice of each period, newest first, with its PDF. */
export function InvoicesSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const invoices = useInvoices(organisationId);

  let content;
  if (invoices.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('organisationBilling.loading')}
      </p>
    );
  } else if (invoices.isError) {
    content = (
      <FormAlert>
        <p>{invoices.error.message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void invoices.refetch()}>
          {t('organisationBilling.retry')}
        </Button>
      </FormAlert>
    );
  } else if (invoices.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">{t('organisationBilling.invoices.empty')}</p>;
  } else {
    content = (
      <div className="relative -mx-5 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-5 py-2 font-medium sm:pl-0">
                {t('organisationBilling.invoices.number')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('organisationBilling.invoices.period')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('organisationBilling.invoices.plan')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('organisationBilling.invoices.total')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('organisationBilling.invoices.status')}
              </th>
              <th scope="col" className="px-5 py-2 sm:pr-0">
                <span className="sr-only">{t('organisationBilling.invoices.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {invoices.data.map((invoice) => (
              <tr key={invoice.id}>
                <td className="px-5 py-2.5 font-medium whitespace-nowrap sm:pl-0">{invoice.number}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">
                  {formatDay(invoice.period_start)} – {formatDay(invoice.period_end)}
                </td>
                <td className="px-3 py-2.5">{t(`organisationBilling.plans.${invoice.plan}`)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatMoney(invoice.total)}</td>
                <td className="px-3 py-2.5">{t(`organisationBilling.invoices.statuses.${invoice.status}`)}</td>
                <td className="px-5 py-2.5 text-right sm:pr-0">{invoice.status === 'paid' && <InvoiceDownload organisationId={organisationId} invoice={invoice} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <BillingCard id="invoices-heading" title={t('organisationBilling.invoices.heading')} description={t('organisationBilling.invoices.description')}>
      {content}
    </BillingCard>
  );
}

/** A real link to the PDF whose click fetches it with the session's token (lib/download-file.ts). */
function InvoiceDownload({ organisationId, invoice }: { organisationId: string; invoice: PeriodInvoice }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setPending(true);
    setFailed(false);
    const ok = await downloadInvoice(organisationId, invoice.id, invoice.number);
    setPending(false);
    setFailed(!ok);
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <a
        href={invoicePdfPath(organisationId, invoice.id)}
        download
        aria-label={t('organisationBilling.invoices.downloadLabel', { number: invoice.number })}
        aria-disabled={pending || undefined}
        className={cn('inline-flex items-center gap-1.5 rounded-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline', pending && 'pointer-events-none opacity-60')}
        onClick={(event) => {
          event.preventDefault();
          if (!pending) void download();
        }}
      >
        {pending ? <Spinner /> : <FileDown aria-hidden="true" className="size-4" />}
        {pending ? t('organisationBilling.invoices.downloading') : t('organisationBilling.invoices.download')}
      </a>
      {failed && (
        <span role="alert" className="text-xs font-medium text-destructive">
          {t('organisationBilling.invoices.downloadFailed')}
        </span>
      )}
    </span>
  );
}
