import { useState } from 'react';
import type { Order } from '@app/contract/orders';
import { CircleCheck, Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage } from '@/lib/money';
import { routePath } from '@/lib/route-paths';
import { downloadInvoice } from '../api/download-invoice';
import { OrderLoadError, useOrder } from '../api/get-order';
import { OrderSummary } from '../components/order-summary';
import '../checkout-texts';

/** An instant as the buyer's language writes a date, and the time as HH:mm (spec section 9). */
export function formatDateTime(iso: string, language: string = browserLanguage()): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${day}, ${time}`;
}

/** The order id of `?order=` when it has an id's shape, else null. */
export function useOrderIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('order');
  return id !== null && /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

/** checkout.completed (OrderThankYou): the paid order, its reports and its invoice. */
export function OrderCompletedPage() {
  const { t } = useTranslation();
  const orderId = useOrderIdParam();
  const order = useOrder(orderId);

  if (orderId === null || order.isError) {
    const notFound = orderId === null || (order.error instanceof OrderLoadError && order.error.status === 404);
    return (
      <div className="mx-auto w-full max-w-2xl space-y-4">
        <FormAlert>{notFound ? t('order.completed.notFound') : order.error?.message}</FormAlert>
        <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline' })}>
          {t('order.completed.toDashboard')}
        </Link>
      </div>
    );
  }
  if (!order.data) {
    return (
      <p role="status" className="flex min-h-64 items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('order.completed.loading')}
      </p>
    );
  }
  return <CompletedOrder order={order.data} />;
}

function CompletedOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const [invoiceFailed, setInvoiceFailed] = useState(false);
  const paid = order.status === 'paid';
  const { billing } = order;

  const onDownload = async () => {
    setDownloading(true);
    setInvoiceFailed(false);
    const ok = await downloadInvoice(order.id, `invoice-${order.number}.pdf`);
    setDownloading(false);
    setInvoiceFailed(!ok);
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-8">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-600/10 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('order.completed.heading')}</h1>
        <p className="max-w-xl text-muted-foreground">{paid ? t('order.completed.description') : t('order.completed.notPaid')}</p>
      </header>

      <dl className="grid gap-4 rounded-xl border bg-card p-5 text-sm shadow-sm sm:grid-cols-3 sm:p-6">
        <div>
          <dt className="text-muted-foreground">{t('order.completed.number')}</dt>
          <dd className="mt-1 font-mono text-base font-semibold">{order.number}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('order.completed.date')}</dt>
          <dd className="mt-1 font-medium">{formatDateTime(order.paid_at ?? order.created_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('order.completed.paidWith')}</dt>
          <dd className="mt-1 font-medium">
            {billing.first_name} {billing.last_name}
            <span className="block text-xs font-normal text-muted-foreground">{billing.email}</span>
          </dd>
        </div>
      </dl>

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <section aria-labelledby="purchased-heading" className="space-y-4">
          <h2 id="purchased-heading" className="text-lg font-semibold">
            {t('order.completed.purchased')}
          </h2>
          <ul className="grid gap-2">
            {order.reports.map((report) => {
              // A report product's line has the report's own title; a bundle's reports are named by type.
              const line = order.lines.find((candidate) => candidate.report_type === report.report_type);
              const title = line?.title ?? t(`order.completed.reportTypes.${report.report_type}`, { defaultValue: report.report_type });
              return (
                <li key={report.id} className="flex items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3">
                  <span className="flex min-w-0 items-center gap-3">
                    <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                    <span className="truncate font-medium">{title}</span>
                  </span>
                  <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                    {t(`order.completed.reportStatus.${report.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Link to={routePath('reports')} className={buttonClassName()}>
              {t('order.completed.viewReports')}
            </Link>
            {order.invoice_available && (
              <Button variant="outline" disabled={downloading} onClick={() => void onDownload()}>
                {downloading ? <Spinner /> : <Download aria-hidden="true" />}
                {t('order.completed.invoice')}
              </Button>
            )}
            <Link to={routePath('payments')} className={buttonClassName({ variant: 'ghost' })}>
              {t('order.completed.payments')}
            </Link>
          </div>
          {invoiceFailed && <FormAlert>{t('order.completed.invoiceFailed')}</FormAlert>}
        </section>

        <OrderSummary
          lines={order.lines.map((line) => ({ id: line.product_id, title: line.title, quantity: line.quantity, unitPrice: line.unit_price, total: line.line_subtotal }))}
          summary={order.summary}
          couponCode={order.coupon_code}
          reverseCharge={order.reverse_charge}
        />
      </div>
    </div>
  );
}
