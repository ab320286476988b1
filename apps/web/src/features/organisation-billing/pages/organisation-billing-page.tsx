import type { ReactNode } from 'react';
import type { Organisation } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryableSection } from '@/components/retryable-section';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useOrganisation } from '../api/get-organisation';
import { useSubscription } from '../api/get-subscription';
import { BillingDetailsSection } from '../components/billing-details-section';
import { ChangePlanSection } from '../components/change-plan-section';
import { InvoicesSection } from '../components/invoices-section';
import { ServicesSection } from '../components/services-section';
import { SubscriptionSection } from '../components/subscription-section';
import { statusOf } from '../lib/refusal';
import '@/components/card-entry/card-entry-texts';
import '../organisation-billing-texts';

/** A part of the page whose failure shows a retry instead of a blank page. */
function Guarded({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RetryableSection message={t('organisationBilling.loadFailed')} retryLabel={t('organisationBilling.retry')}>
      {children}
    </RetryableSection>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('organisationBilling.loading')}
    </p>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const status = statusOf(error);
  if (status === 404) return <FormAlert>{t('organisationBilling.notFound')}</FormAlert>;
  if (status === 403) return <FormAlert tone="info">{t('organisationBilling.managersOnly')}</FormAlert>;
  return (
    <FormAlert>
      <p>{t('organisationBilling.loadFailed')}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {t('organisationBilling.retry')}
      </Button>
    </FormAlert>
  );
}

/**
 * Settings › Billing for an organisation (issue 12): the plan and its state, the next charge, the
 * card renewals use, change plan and service quantities (from the next period), cancel at period
 * end or resume, "pay now" when past due, the invoices, and the billing details. Owners and admins;
 * a member is told who manages it.
 */
export function OrganisationBillingPage({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const organisation = useOrganisation(organisationId);
  const manager = organisation.data !== undefined && organisation.data.role !== 'member';
  const subscription = useSubscription(organisationId, manager);

  let content;
  if (organisation.isPending) content = <Loading />;
  else if (organisation.isError) content = <LoadFailed error={organisation.error} onRetry={() => void organisation.refetch()} />;
  else if (!manager) content = <FormAlert tone="info">{t('organisationBilling.managersOnly')}</FormAlert>;
  else if (subscription.isPending) content = <Loading />;
  else if (subscription.isError) content = <LoadFailed error={subscription.error} onRetry={() => void subscription.refetch()} />;
  else content = <OrganisationBilling organisation={organisation.data} state={subscription.data} />;

  return (
    <section className="min-w-0 space-y-6" aria-labelledby="organisation-billing-heading">
      <div className="space-y-1">
        <h2 id="organisation-billing-heading" className="text-lg font-semibold tracking-tight break-words">
          {organisation.data ? t('organisationBilling.page.heading', { name: organisation.data.name }) : t('settingsNav.billing')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('organisationBilling.page.description')}</p>
      </div>
      {content}
    </section>
  );
}

function OrganisationBilling({ organisation, state }: { organisation: Organisation; state: NonNullable<ReturnType<typeof useSubscription>['data']> | null }) {
  const { t } = useTranslation();
  // Not activated yet (no attempt, or a refused first payment): the way to activation.
  if (state === null || state.subscription.status === 'incomplete' || organisation.status === 'pending_activation') {
    return (
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <FormAlert tone="info">
          <p>{t('organisationBilling.page.notActivated')}</p>
          <Link to={routePath('organization.activate', { id: organisation.id })} className={buttonClassName({ size: 'sm', className: 'mt-2' })}>
            {t('organisationBilling.page.activate')}
          </Link>
        </FormAlert>
        <BillingDetailsSection organisation={organisation} />
      </div>
    );
  }
  const changeable = state.subscription.plan !== 'contract' && state.subscription.status !== 'cancelled';
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Guarded>
        <SubscriptionSection organisation={organisation} state={state} />
      </Guarded>
      {changeable && (
        <Guarded>
          <ChangePlanSection organisation={organisation} subscription={state.subscription} />
        </Guarded>
      )}
      {changeable && (
        <Guarded>
          <ServicesSection organisation={organisation} subscription={state.subscription} />
        </Guarded>
      )}
      <Guarded>
        <InvoicesSection organisationId={organisation.id} />
      </Guarded>
      <BillingDetailsSection organisation={organisation} />
    </div>
  );
}
