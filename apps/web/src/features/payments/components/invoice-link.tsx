import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { downloadInvoice, invoicePath } from '../api/download-invoice';

/**
 * A real link to the order's PDF invoice (its address can be copied), whose click fetches the file
 * with the session's token and saves it: the API wants the Bearer token, which a plain link cannot
 * send (the report PDFs and the order page do the same).
 */
export function InvoiceLink({ orderId, orderNumber, className }: { orderId: string; orderNumber: string; className?: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setPending(true);
    setFailed(false);
    const ok = await downloadInvoice(orderId, orderNumber);
    setPending(false);
    setFailed(!ok);
  };

  return (
    <span className={cn('inline-flex flex-col gap-1', className)}>
      <a
        href={invoicePath(orderId)}
        download
        aria-label={t('payments.transactions.downloadInvoice', { number: orderNumber })}
        aria-disabled={pending || undefined}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline',
          pending && 'pointer-events-none opacity-60',
        )}
        onClick={(event) => {
          event.preventDefault();
          if (!pending) void download();
        }}
      >
        {pending ? <Spinner /> : <FileDown aria-hidden="true" className="size-4" />}
        {pending ? t('payments.transactions.downloading') : t('payments.transactions.invoice')}
      </a>
      {failed && (
        <span role="alert" className="text-xs font-medium text-destructive">
          {t('payments.transactions.downloadFailed')}
        </span>
      )}
    </span>
  );
}
