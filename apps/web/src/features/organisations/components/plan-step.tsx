import type { OrganisationOffer, OrganisationQuote, OrganisationQuoteInput } from '@app/contract/organisation-pricing';
import { plansFor, type BillingPlan, type OrganisationType } from '@app/contract/organisations';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { isListedCountry } from '@/lib/countries';
import { formatMoney, formatPercentage } from '@/lib/money';
import { cn } from '@/lib/utils';
import { translateValidationMessage } from '@/lib/validation-message';
import { useOrganisationQuote } from '../api/quote-organisation';
import { chosenServices, type WizardValues } from '../lib/wizard-form';
import { BillingDetailsFields } from './billing-details-fields';

/** What the server prices a plan from: the type, the chosen services, the portfolio size and the billing country. */
function useQuoteRequest(plan: BillingPlan): OrganisationQuoteInput | null {
  const [type, services, portfolioCompanies, country] = useWatch<WizardValues, ['type', 'services', 'details.portfolio_companies', 'billing_details.country']>({
    name: ['type', 'services', 'details.portfolio_companies', 'billing_details.country'],
  });
  if (type === '' || !isListedCountry(country)) return null;
  return {
    type,
    plan,
    services: chosenServices({ services }).flatMap(({ product_id, quantity }) => (Number.isInteger(quantity) && quantity >= 1 ? [{ product_id, quantity }] : [])),
    portfolio_companies: type === 'investor' ? portfolioCompanies.length : 0,
    country,
  };
}

/** Step 3: the plans the type may choose with each period's price, then the billing details. */
export function PlanStep({ offer }: { offer: OrganisationOffer }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const [type, chosen] = useWatch<WizardValues, ['type', 'plan']>({ name: ['type', 'plan'] });
  const plans = type === '' ? [] : plansFor(type as OrganisationType);
  const planError = translateValidationMessage(errors.plan?.message, t);

  return (
    // Phones read the plans, their price, then the billing details; wide screens keep the price beside both.
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <fieldset aria-describedby={planError ? 'organisation-plan-error organisation-plan-hint' : 'organisation-plan-hint'} className="grid gap-3 lg:col-start-1">
        <legend className="text-base font-semibold">{t('organisations.plans.legend')}</legend>
        <p id="organisation-plan-hint" className="-mt-1 text-sm text-muted-foreground">
          {t('organisations.plans.hint')}
        </p>
        <FieldError id="organisation-plan-error">{planError}</FieldError>
        <div className="grid gap-3">
          {plans.map((plan) => {
            const id = `organisation-plan-${plan}`;
            const discount = offer.plans.find((offered) => offered.plan === plan)?.discount_percentage ?? 0;
            return (
              <label
                key={plan}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/60 has-focus-visible:ring-2 has-focus-visible:ring-ring',
                  chosen === plan && 'border-primary bg-primary/5 ring-1 ring-primary',
                  planError && 'border-destructive/60',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  value={plan}
                  aria-labelledby={`${id}-title`}
                  aria-describedby={`${id}-discount ${id}-period ${id}-price`}
                  aria-invalid={planError ? true : undefined}
                  className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
                  {...register('plan')}
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <span className="grid min-w-0 gap-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span id={`${id}-title`} className="font-semibold">
                        {t(`organisations.plans.${plan}`)}
                      </span>
                      {discount > 0 && (
                        <span id={`${id}-discount`} className="rounded-full bg-emerald-600/10 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
                          {t('organisations.plans.save', { percentage: formatPercentage(discount) })}
                        </span>
                      )}
                    </span>
                    <span id={`${id}-period`} className="text-sm text-muted-foreground">
                      {t(`organisations.plans.period.${plan}`)}
                    </span>
                  </span>
                  <PlanPrice id={`${id}-price`} plan={plan} />
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {chosen !== '' && plans.includes(chosen as BillingPlan) && (
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PlanSummary plan={chosen as BillingPlan} />
        </div>
      )}
      <div className="lg:col-start-1">
        <BillingDetailsFields />
      </div>
    </div>
  );
}

/** The total of one period on the plan's card. */
function PlanPrice({ id, plan }: { id: string; plan: BillingPlan }) {
  const { t } = useTranslation();
  const quote = useOrganisationQuote(useQuoteRequest(plan));
  if (plan === 'contract') return null;
  if (quote.data === undefined || quote.data.total === null) return quote.isFetching ? <Spinner /> : null;
  return (
    <span id={id} className="grid text-right">
      <span className="text-lg font-semibold text-foreground tabular-nums">{formatMoney(quote.data.total)}</span>
      <span className="text-xs text-muted-foreground">{t('organisations.plans.perPeriod')}</span>
    </span>
  );
}

/** The chosen plan's price per period, as the basket's summary shows it (spec 3 "Order summary"). */
function PlanSummary({ plan }: { plan: BillingPlan }) {
  const { t } = useTranslation();
  const request = useQuoteRequest(plan);
  const quote = useOrganisationQuote(request);

  let body: ReactNode;
  if (plan === 'contract') {
    body = <p className="text-sm text-muted-foreground">{t('organisations.plans.contractNote')}</p>;
  } else if (request === null) {
    body = <p className="text-sm text-muted-foreground">{t('organisations.plans.chooseCountry')}</p>;
  } else if (quote.isError && !quote.isFetching) {
    body = (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="text-destructive">{t('organisations.plans.pricingFailed')}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void quote.refetch()}>
          {t('organisations.create.retry')}
        </Button>
      </div>
    );
  } else if (quote.data === undefined) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('organisations.plans.pricing')}
      </p>
    );
  } else {
    body = <QuoteLines quote={quote.data} />;
  }

  return (
    <section aria-labelledby="organisation-plan-summary-title" className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm lg:sticky lg:top-6">
      <h3 id="organisation-plan-summary-title" className="text-base font-semibold">
        {t('organisations.plans.summary')}
      </h3>
      {body}
    </section>
  );
}

function QuoteLines({ quote }: { quote: OrganisationQuote }) {
  const { t } = useTranslation();
  if (quote.subtotal === null || quote.total === null) return <p className="text-sm text-muted-foreground">{t('organisations.plans.contractNote')}</p>;
  return (
    <dl className="grid gap-2.5 text-sm">
      <SummaryRow label={t('organisations.plans.subtotal')} value={formatMoney(quote.subtotal)} />
      {(quote.discount_amount ?? 0) > 0 && (
        <>
          <SummaryRow
            label={t('organisations.plans.discount', { percentage: formatPercentage(quote.discount_percentage) })}
            value={`−${formatMoney(quote.discount_amount ?? 0)}`}
            valueClassName="text-emerald-700 dark:text-emerald-400"
          />
          <SummaryRow label={t('organisations.plans.net')} value={formatMoney(quote.net ?? 0)} />
        </>
      )}
      <SummaryRow label={t('organisations.plans.vat', { percentage: formatPercentage(quote.vat_percentage) })} value={formatMoney(quote.vat_amount ?? 0)} />
      <div className="mt-1.5 flex items-baseline justify-between gap-4 border-t pt-4">
        <dt className="text-base font-semibold">{t('organisations.plans.total')}</dt>
        <dd className="text-xl font-semibold tabular-nums">{formatMoney(quote.total)}</dd>
      </div>
    </dl>
  );
}

function SummaryRow({ label, value, valueClassName }: { label: string; value: string; valueClassName?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', valueClassName)}>{value}</dd>
    </div>
  );
}
