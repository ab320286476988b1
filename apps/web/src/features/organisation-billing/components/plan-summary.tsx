import type { OrganisationQuote } from '@app/contract/organisation-pricing';
import type { Organisation } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney, formatPercentage } from '@/lib/money';

export interface PlanSummaryProps {
  organisation: Organisation;
  quote: OrganisationQuote | undefined;
  quoteLoading: boolean;
  quoteFailed: boolean;
  onRetryQuote(): void;
}

/** What is being activated: the organisation, its type, plan and services, and the first period's price with VAT. */
export function PlanSummary({ organisation, quote, quoteLoading, quoteFailed, onRetryQuote }: PlanSummaryProps) {
  const { t } = useTranslation();
  const contract = organisation.plan === 'contract';
  const row = (label: string, value: string, strong = false) => (
    <div className={strong ? 'flex justify-between gap-4 border-t pt-3 text-base font-semibold' : 'flex justify-between gap-4'}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );

  return (
    <section aria-labelledby="activation-summary-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="activation-summary-heading" className="mb-4 text-lg font-semibold">
        {t('organisationBilling.activate.summaryHeading')}
      </h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('organisationBilling.activate.organisation')}</dt>
          <dd className="min-w-0 text-right font-medium break-words">{organisation.name}</dd>
        </div>
        {row(t('organisationBilling.activate.type'), t(`organisationBilling.types.${organisation.type}`))}
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('organisationBilling.activate.plan')}</dt>
          <dd className="text-right">
            <span className="block">{t(`organisationBilling.plans.${organisation.plan}`)}</span>
            <span className="block text-xs text-muted-foreground">{t(`organisationBilling.planPeriods.${organisation.plan}`)}</span>
          </dd>
        </div>
        {organisation.services.length > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('organisationBilling.activate.services')}</dt>
            <dd className="text-right">
              <ul>
                {organisation.services.map((service) => (
                  <li key={service.product_id}>{t('organisationBilling.activate.serviceLine', { title: service.title, quantity: service.quantity })}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>

      {!contract && (
        <div className="mt-4 border-t pt-4 text-sm">
          {quote && quote.total !== null ? (
            <dl className="grid gap-2" aria-label={t('organisationBilling.activate.total')}>
              {quote.discount_amount !== null && quote.discount_amount > 0 && quote.subtotal !== null && (
                <>
                  {row(t('organisationBilling.activate.subtotal'), formatMoney(quote.subtotal))}
                  {row(t('organisationBilling.activate.discount', { percentage: formatPercentage(quote.discount_percentage) }), `−${formatMoney(quote.discount_amount)}`)}
                </>
              )}
              {quote.net !== null && row(t('organisationBilling.activate.net'), formatMoney(quote.net))}
              {quote.vat_amount !== null && row(t('organisationBilling.activate.vat', { percentage: formatPercentage(quote.vat_percentage) }), formatMoney(quote.vat_amount))}
              {row(t('organisationBilling.activate.total'), formatMoney(quote.total), true)}
            </dl>
          ) : quoteFailed ? (
            <FormAlert>
              <p>{t('organisationBilling.activate.priceFailed')}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onRetryQuote}>
                {t('organisationBilling.retry')}
              </Button>
            </FormAlert>
          ) : (
            quoteLoading && (
              <p role="status" className="flex items-center gap-2 text-muted-foreground">
                <Spinner />
                {t('organisationBilling.activate.priceLoading')}
              </p>
            )
          )}
        </div>
      )}
      <p className="mt-4 text-xs text-muted-foreground">{contract ? t('organisationBilling.activate.contractDescription') : t('organisationBilling.activate.renews')}</p>
    </section>
  );
}
