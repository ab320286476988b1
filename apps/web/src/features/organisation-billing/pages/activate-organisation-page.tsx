import { useCallback } from 'react';
import type { CheckoutPayment, PaymentConfig } from '@app/contract/checkout';
import type { Organisation } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { usePageValue } from '@/lib/page-values';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethods } from '@/lib/payment-methods';
import { routePath } from '@/lib/route-paths';
import { activateOrganisation } from '../api/activate-organisation';
import { useOrganisation } from '../api/get-organisation';
import { usePlanQuote } from '../api/quote-plan';
import { PeriodPaymentForm } from '../components/period-payment-form';
import { PlanSummary } from '../components/plan-summary';
import { statusOf } from '../lib/refusal';
import { useActivated } from '../lib/use-activated';
import { usePeriodPayment } from '../lib/use-period-payment';
import '@/components/card-entry/card-entry-texts';
import '../organisation-billing-texts';

/**
 * organization.activate (issue 12): the Activate action after the wizard. Pays the first period
 * with a card as at checkout (saved cards offered), then the organisation is active and everyone
 * listed is invited; the event organiser's contract activates without payment.
 */
export function ActivateOrganisationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {t('organisationBilling.loading')}
      </p>
    );
  }
  if (organisation.isError) {
    const status = statusOf(organisation.error);
    return (
      <FormAlert>
        <p>{status === 404 ? t('organisationBilling.notFound') : t('organisationBilling.loadFailed')}</p>
        {status !== 404 && (
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void organisation.refetch()}>
            {t('organisationBilling.retry')}
          </Button>
        )}
      </FormAlert>
    );
  }
  return <Activation organisation={organisation.data} />;
}

function Activation({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const quote = usePlanQuote(organisation, organisation.plan === 'contract' ? undefined : organisation.plan);
  const contract = organisation.plan === 'contract';
  const heading = (
    <div className="mb-6 space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight break-words">{t('organisationBilling.activate.heading', { name: organisation.name })}</h1>
      {organisation.status === 'pending_activation' && organisation.role !== 'member' && (
        <p className="text-muted-foreground">{contract ? t('organisationBilling.activate.contractDescription') : t('organisationBilling.activate.description')}</p>
      )}
    </div>
  );

  if (organisation.role === 'member') {
    return (
      <div className="mx-auto w-full max-w-5xl">
        {heading}
        <FormAlert tone="info">{t('organisationBilling.managersOnly')}</FormAlert>
      </div>
    );
  }
  if (organisation.status !== 'pending_activation') {
    return (
      <div className="mx-auto w-full max-w-5xl">
        {heading}
        <FormAlert tone="info">
          <p>{organisation.status === 'active' || organisation.status === 'past_due' ? t('organisationBilling.activate.alreadyActive') : t('organisationBilling.activate.notPending')}</p>
        </FormAlert>
        <Link to={routePath('billing.edit', {}, { organisation: organisation.id })} className={buttonClassName({ variant: 'outline', className: 'mt-4' })}>
          {t('organisationBilling.activate.toBilling')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      {heading}
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <aside className="lg:sticky lg:top-20 lg:order-2">
          <PlanSummary organisation={organisation} quote={quote.data} quoteLoading={quote.isPending} quoteFailed={quote.isError} onRetryQuote={() => void quote.refetch()} />
        </aside>
        <div className="lg:order-1">{contract ? <ContractActivation organisation={organisation} /> : <PaidActivation organisation={organisation} total={quote.data?.total ?? null} />}</div>
      </div>
    </div>
  );
}

function ContractActivation({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const onActive = useActivated(organisation);
  // The contract is not paid here: the activation carries no payment.
  const send = useCallback((key: string) => activateOrganisation(organisation.id, { idempotency_key: key }), [organisation.id]);
  const payment = usePeriodPayment<undefined>({ organisationId: organisation.id, config: undefined, send, onActive });
  const message = payment.problem?.kind === 'message' || payment.problem?.kind === 'fields' ? payment.problem.message : null;
  return (
    <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <FormAlert>{message}</FormAlert>
      <PendingButton size="lg" className="w-full sm:w-auto sm:justify-self-end" pending={payment.paying} pendingLabel={t('organisationBilling.activate.activating')} onClick={() => void payment.pay(async () => ({ payment: undefined }))}>
        {t('organisationBilling.activate.submitContract')}
      </PendingButton>
    </section>
  );
}

function PaidActivation({ organisation, total }: { organisation: Organisation; total: number | null }) {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const methods = usePaymentMethods();
  const onActive = useActivated(organisation);
  const send = useCallback((key: string, payment: CheckoutPayment) => activateOrganisation(organisation.id, { idempotency_key: key, payment }), [organisation.id]);

  let content;
  if (config.isPending || methods.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('cardEntry.loading')}
      </p>
    );
  } else if (config.isError) {
    content = (
      <FormAlert>
        <p>{t('cardEntry.failedToInitialize')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void config.refetch()}>
          {t('cardEntry.retry')}
        </Button>
      </FormAlert>
    );
  } else {
    const saved = methods.data ?? [];
    content = (
      <>
        <p className="mb-5 text-sm text-muted-foreground">
          {saved.length > 0 ? t('organisationBilling.activate.paymentDescription') : t('organisationBilling.activate.paymentDescriptionNoSaved')}
        </p>
        <ActivationForm organisation={organisation} config={config.data} saved={saved} total={total} send={send} onActive={onActive} />
      </>
    );
  }

  return (
    <section aria-labelledby="activation-payment-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="activation-payment-heading" className="text-lg font-semibold">
        {t('organisationBilling.activate.paymentHeading')}
      </h2>
      {content}
    </section>
  );
}

interface ActivationFormProps {
  organisation: Organisation;
  config: PaymentConfig;
  saved: NonNullable<ReturnType<typeof usePaymentMethods>['data']>;
  total: number | null;
  send: Parameters<typeof PeriodPaymentForm>[0]['send'];
  onActive: Parameters<typeof PeriodPaymentForm>[0]['onActive'];
}

function ActivationForm({ organisation, config, saved, total, send, onActive }: ActivationFormProps) {
  const { t } = useTranslation();
  return (
    <PeriodPaymentForm
      id="activation-card"
      organisationId={organisation.id}
      config={config}
      savedMethods={saved}
      send={send}
      onActive={onActive}
      // The amount once priced; the server charges its own price either way.
      submitLabel={total === null ? t('organisationBilling.activate.submitContract') : t('organisationBilling.activate.submit', { amount: formatMoney(total) })}
      pendingLabel={t('organisationBilling.activate.paying')}
      newCardNote={<p className="text-xs text-muted-foreground">{t('organisationBilling.payment.cardKept')}</p>}
    />
  );
}
