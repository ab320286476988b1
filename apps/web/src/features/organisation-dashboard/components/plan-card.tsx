import type { ActivationResponse } from '@app/contract/organisation-billing';
import type { OrganisationSummary } from '@app/contract/organisations';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage, formatMoney } from '@/lib/money';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';

/** The plan's state as the dashboard names it: the organisation's, and 'cancelling' for a cancellation at the period's end. */
type PlanState = OrganisationSummary['status'] | 'cancelling';

const tones: Record<PlanState, string> = {
  active: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  cancelling: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  pending_activation: 'bg-sky-600/10 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  past_due: 'bg-destructive/10 text-destructive',
  cancelled: 'bg-muted text-muted-foreground',
};

function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'medium' }).format(new Date(iso));
}

export interface PlanCardProps {
  organisation: OrganisationSummary;
  /**
   * The subscription, for owners and admins (null before the first activation attempt). Absent for
   * a member: the server refuses them the subscription, so a member sees the plan and the
   * organisation's state only.
   */
  subscription?: UseQueryResult<ActivationResponse | null>;
}

/**
 * The organisation dashboard's plan and its state (issue 12): active with its next charge,
 * cancelling at the period's end, past due with why and the way to pay, awaiting activation with
 * Activate, or the contract plan. Managing it happens on the Billing page.
 */
export function PlanCard({ organisation, subscription }: PlanCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = subscription?.data?.subscription;
  const planState: PlanState =
    organisation.status === 'active' && state?.status === 'active' && state.cancel_at_period_end && state.current_period_end ? 'cancelling' : organisation.status;
  const plan = state?.plan ?? organisation.plan;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle id={headingId}>{t('organisationDashboard.plan.heading')}</CardTitle>
        <span className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[planState])}>
          {t(`organisationDashboard.plan.states.${planState}`, { date: state?.current_period_end ? formatDay(state.current_period_end) : '' })}
        </span>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p className="text-xl font-semibold">{t(`organisationDashboard.plan.names.${plan}`)}</p>
          <p className="text-sm text-muted-foreground">{t(`organisationDashboard.plan.periods.${plan}`)}</p>
        </div>
        {subscription ? <ManagerView organisation={organisation} subscription={subscription} /> : <MemberView organisation={organisation} />}
      </CardContent>
    </Card>
  );
}

function ManagerView({ organisation, subscription }: { organisation: OrganisationSummary; subscription: UseQueryResult<ActivationResponse | null> }) {
  const { t } = useTranslation();
  const billing = routePath('billing.edit', {}, { organisation: organisation.id });
  const manage = (
    <Link to={billing} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
      {t('organisationDashboard.plan.manage')}
    </Link>
  );

  if (organisation.status === 'pending_activation') {
    return (
      <>
        <Note>{t(organisation.plan === 'contract' ? 'organisationDashboard.plan.awaitingContract' : 'organisationDashboard.plan.awaitingActivation')}</Note>
        <Link to={routePath('organization.activate', { id: organisation.id })} className={buttonClassName({ size: 'sm', className: 'justify-self-start' })}>
          {t('organisationDashboard.activate')}
        </Link>
      </>
    );
  }
  if (subscription.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (subscription.isError) {
    return (
      <FormAlert>
        <p>{subscription.error.message || t('organisationDashboard.plan.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void subscription.refetch()}>
          {t('organisationDashboard.plan.retry')}
        </Button>
      </FormAlert>
    );
  }

  const response = subscription.data;
  const state = response?.subscription;
  if (!response || !state) return manage;

  if (organisation.status === 'past_due' || state.status === 'past_due') {
    const owed = response.invoice?.status === 'open' ? response.invoice.total : state.next_charge_total;
    return (
      <div className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('organisationDashboard.plan.pastDue', { count: Math.max(1, state.failed_attempts) })}
        </p>
        {response.failure_message && <p className="text-sm text-muted-foreground">{response.failure_message}</p>}
        {owed !== null && <p className="text-sm font-medium tabular-nums">{t('organisationDashboard.plan.owed', { amount: formatMoney(owed) })}</p>}
        <Link to={billing} className={buttonClassName({ size: 'sm', className: 'justify-self-start' })}>
          {t('organisationDashboard.plan.payNow')}
        </Link>
      </div>
    );
  }

  const lines: ReactNode[] = [];
  if (state.status === 'cancelled' || organisation.status === 'cancelled') {
    lines.push(<Note key="cancelled">{t('organisationDashboard.plan.cancelled')}</Note>);
  } else if (state.plan === 'contract') {
    lines.push(<Note key="contract">{t('organisationDashboard.plan.contract')}</Note>);
  } else if (state.cancel_at_period_end && state.current_period_end) {
    lines.push(<Note key="cancelling">{t('organisationDashboard.plan.cancelling', { date: formatDay(state.current_period_end) })}</Note>);
  } else {
    if (state.next_charge_at && state.next_charge_total !== null) {
      lines.push(
        <p key="next" className="text-sm tabular-nums">
          {t('organisationDashboard.plan.nextCharge', { amount: formatMoney(state.next_charge_total), date: formatDay(state.next_charge_at) })}
        </p>,
      );
    }
    if (state.failed_attempts > 0 && state.next_attempt_at) {
      lines.push(
        <FormAlert key="retrying" tone="info">
          {t('organisationDashboard.plan.retrying', { date: formatDay(state.next_attempt_at) })}
        </FormAlert>,
      );
    }
  }
  return (
    <>
      {lines}
      {manage}
    </>
  );
}

/** A member may not read the subscription: the plan and the organisation's state are what their list of organisations says. */
function MemberView({ organisation }: { organisation: OrganisationSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {organisation.status === 'past_due' && <Note>{t('organisationDashboard.plan.memberPastDue')}</Note>}
      {organisation.status === 'pending_activation' && <Note>{t('organisationDashboard.plan.memberAwaiting')}</Note>}
      <p className="text-sm text-muted-foreground">{t('organisationDashboard.plan.memberNote')}</p>
    </>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-sm">{children}</p>;
}
