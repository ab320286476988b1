import { useCallback, useState } from 'react';
import type { CheckoutPayment } from '@app/contract/checkout';
import { subscriptionMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { CalendarX2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePaymentMethodName } from '@/components/card-entry/payment-method-label';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { organisationsRootKey } from '@/lib/organisation-list';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethods } from '@/lib/payment-methods';
import { toast } from '@/lib/toast';
import { organisationKey, subscriptionKey } from '../api/billing-keys';
import { useCancelSubscription } from '../api/cancel-subscription';
import { paySubscription } from '../api/pay-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { formatDay } from '../lib/format';
import { BillingCard } from './billing-card';
import { PeriodPaymentForm } from './period-payment-form';
import { RenewalCardPanel } from './renewal-card-panel';
import { SubscriptionStatusBadge } from './subscription-status-badge';

export interface SubscriptionSectionProps {
  organisation: Organisation;
  state: ActivationResponse;
}

/** The plan and its state, the next charge, the card renewals use, and cancel / resume / pay now. */
export function SubscriptionSection({ organisation, state }: SubscriptionSectionProps) {
  const { t } = useTranslation();
  const cardName = usePaymentMethodName();
  const { subscription } = state;
  const cancel = useCancelSubscription(organisation.id);
  const resume = useResumeSubscription(organisation.id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [payingNow, setPayingNow] = useState(false);
  const [replacingCard, setReplacingCard] = useState(false);
  const closeReplaceCard = useCallback(() => setReplacingCard(false), []);
  const contract = subscription.plan === 'contract';
  const active = subscription.status === 'active';
  const periodEnd = subscription.current_period_end;
  const actionError = cancel.error?.message ?? resume.error?.message ?? null;

  const card = subscription.payment_method?.last4
    ? cardName({ id: '', type: 'card', brand: subscription.payment_method.brand, last4: subscription.payment_method.last4, exp_month: null, exp_year: null, is_default: false })
    : t('organisationBilling.subscription.noCard');

  const nextCharge =
    subscription.next_charge_at && subscription.next_charge_total !== null && !subscription.cancel_at_period_end
      ? t('organisationBilling.subscription.nextChargeValue', { amount: formatMoney(subscription.next_charge_total), date: formatDay(subscription.next_charge_at) })
      : subscription.cancel_at_period_end && periodEnd
        ? t('organisationBilling.subscription.endsOn', { date: formatDay(periodEnd) })
        : t('organisationBilling.subscription.noNextCharge');

  const row = (label: string, value: string) => (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );

  return (
    <BillingCard
      id="subscription-heading"
      title={t('organisationBilling.subscription.heading')}
      action={<SubscriptionStatusBadge subscription={subscription} />}
    >
      <div className="grid gap-4">
        <div>
          <p className="text-xl font-semibold">{t(`organisationBilling.plans.${subscription.plan}`)}</p>
          <p className="text-sm text-muted-foreground">{t(`organisationBilling.planPeriods.${subscription.plan}`)}</p>
        </div>
        <dl className="grid gap-2 text-sm">
          {subscription.current_period_start && periodEnd && row(t('organisationBilling.subscription.period'), t('organisationBilling.subscription.periodRange', { start: formatDay(subscription.current_period_start), end: formatDay(periodEnd) }))}
          {/* Past due: the open period is what is owed (its Pay now), not a next charge. */}
          {!contract && active && row(t('organisationBilling.subscription.nextCharge'), nextCharge)}
          {!contract && row(t('organisationBilling.subscription.card'), card)}
        </dl>

        {subscription.pending_plan && (
          <FormAlert tone="info">{t('organisationBilling.subscription.pendingPlan', { plan: t(`organisationBilling.plans.${subscription.pending_plan}`) })}</FormAlert>
        )}
        {subscription.pending_quantities && <FormAlert tone="info">{t('organisationBilling.subscription.pendingQuantities')}</FormAlert>}
        {active && subscription.failed_attempts > 0 && subscription.next_attempt_at && (
          <FormAlert tone="info">{t('organisationBilling.subscription.retrying', { count: subscription.failed_attempts, date: formatDay(subscription.next_attempt_at) })}</FormAlert>
        )}
        {subscription.status === 'cancelled' && <FormAlert tone="info">{t('organisationBilling.subscription.cancelled')}</FormAlert>}
        {contract && <p className="text-sm text-muted-foreground">{subscriptionMessages.contractByAgreement}</p>}

        {subscription.status === 'past_due' && (
          <PastDue organisation={organisation} state={state} open={payingNow} onOpenChange={setPayingNow} />
        )}

        {active && !contract && replacingCard && <RenewalCardPanel organisationId={organisation.id} onClose={closeReplaceCard} />}

        <FormAlert>{actionError}</FormAlert>
        {active && !contract && (
          <div className="flex flex-wrap gap-3 border-t pt-4">
            {!replacingCard && (
              <Button variant="outline" onClick={() => setReplacingCard(true)}>
                {t('organisationBilling.subscription.replaceCard')}
              </Button>
            )}
            {subscription.cancel_at_period_end ? (
              <PendingButton variant="outline" pending={resume.isPending} pendingLabel={t('organisationBilling.subscription.resuming')} onClick={() => {
                cancel.reset();
                resume.mutate(undefined, { onSuccess: () => void toast.success(subscriptionMessages.resumed) });
              }}>
                {t('organisationBilling.subscription.resume')}
              </PendingButton>
            ) : (
              <Button variant="outline" onClick={() => setConfirmingCancel(true)}>
                {t('organisationBilling.subscription.cancel')}
              </Button>
            )}
          </div>
        )}
      </div>

      <Dialog open={confirmingCancel} onOpenChange={(open) => !cancel.isPending && setConfirmingCancel(open)}>
        <DialogContent closeLabel={t('organisationBilling.subscription.cancelKeep')}>
          <DialogHeader
            icon={<CalendarX2 aria-hidden="true" className="size-5" />}
            title={t('organisationBilling.subscription.cancelTitle')}
            description={t('organisationBilling.subscription.cancelDescription', { date: periodEnd ? formatDay(periodEnd) : '' })}
          />
          <DialogFooter>
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirmingCancel(false)}>
              {t('organisationBilling.subscription.cancelKeep')}
            </Button>
            <PendingButton
              variant="destructive"
              pending={cancel.isPending}
              pendingLabel={t('organisationBilling.subscription.cancelling')}
              onClick={() => {
                resume.reset();
                cancel.mutate(undefined, {
                  onSuccess: () => void toast.success(subscriptionMessages.cancelled),
                  onSettled: () => setConfirmingCancel(false),
                });
              }}
            >
              {t('organisationBilling.subscription.cancelConfirm')}
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </BillingCard>
  );
}

interface PastDueProps {
  organisation: Organisation;
  state: ActivationResponse;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Past due: why, and "Pay now" with a saved or a new card; paid, the organisation is writable again. */
function PastDue({ organisation, state, open, onOpenChange }: PastDueProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const methods = usePaymentMethods();
  const amount = state.invoice?.status === 'open' ? state.invoice.total : state.subscription.next_charge_total;
  const send = useCallback((key: string, payment: CheckoutPayment) => paySubscription(organisation.id, { idempotency_key: key, payment }), [organisation.id]);
  const onActive = useCallback(
    (response: ActivationResponse) => {
      queryClient.setQueryData(subscriptionKey(organisation.id), response);
      void queryClient.invalidateQueries({ queryKey: organisationKey(organisation.id) });
      void queryClient.invalidateQueries({ queryKey: organisationsRootKey });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void toast.success(t('organisationBilling.subscription.paid'));
      onOpenChange(false);
    },
    [onOpenChange, organisation.id, queryClient, t],
  );

  return (
    <div className="grid gap-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <p role="alert" className="text-sm font-medium text-destructive">
        {t('organisationBilling.subscription.pastDue', { count: state.subscription.failed_attempts })}
      </p>
      {state.failure_message && <p className="text-sm text-muted-foreground">{state.failure_message}</p>}
      {!open ? (
        <Button className="justify-self-start" onClick={() => onOpenChange(true)}>
          {t('organisationBilling.subscription.payNow')}
        </Button>
      ) : config.isPending || methods.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('cardEntry.loading')}
        </p>
      ) : config.isError ? (
        <FormAlert>{t('cardEntry.failedToInitialize')}</FormAlert>
      ) : (
        <div className="grid gap-3 rounded-lg border bg-card p-4">
          <h4 className="font-semibold">{t('organisationBilling.subscription.payNowHeading')}</h4>
          <PeriodPaymentForm
            id="pay-now-card"
            organisationId={organisation.id}
            config={config.data}
            savedMethods={methods.data ?? []}
            send={send}
            onActive={onActive}
            submitLabel={amount === null ? t('organisationBilling.subscription.payNow') : t('organisationBilling.subscription.payNowSubmit', { amount: formatMoney(amount) })}
            pendingLabel={t('organisationBilling.subscription.payNowPaying')}
            newCardNote={<p className="text-xs text-muted-foreground">{t('organisationBilling.payment.cardKept')}</p>}
            secondaryAction={
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                {t('organisationBilling.subscription.cancelPayNow')}
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}
