import { useState } from 'react';
import { subscriptionMessages, type SubscriptionView } from '@app/contract/organisation-billing';
import { plansFor, type BillingPlan, type Organisation } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangeSubscription } from '../api/change-subscription';
import { usePlanQuotes } from '../api/quote-plan';
import { BillingCard } from './billing-card';

/** "Change plan": the plans of the organisation's type with each period's price; the new one starts with the next period. */
export function ChangePlanSection({ organisation, subscription }: { organisation: Organisation; subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const plans = plansFor(organisation.type);
  const quotes = usePlanQuotes(organisation, plans);
  const upcoming = subscription.pending_plan ?? subscription.plan;
  const [chosen, setChosen] = useState<BillingPlan>(upcoming);
  const change = useChangeSubscription(organisation.id);
  const editable = subscription.status === 'active';

  return (
    <BillingCard id="change-plan-heading" title={t('organisationBilling.changePlan.heading')} description={t('organisationBilling.changePlan.description')}>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ plan: chosen }, { onSuccess: () => void toast.success(subscriptionMessages.changed) });
        }}
      >
        <fieldset disabled={!editable || change.isPending} className="grid gap-2">
          <legend className="sr-only">{t('organisationBilling.changePlan.legend')}</legend>
          {plans.map((plan, index) => {
            const total = quotes[index]?.data?.total;
            return (
              <label
                key={plan}
                className={cn(
                  'flex cursor-pointer flex-wrap items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent/50',
                  chosen === plan && 'border-primary ring-1 ring-primary',
                )}
              >
                <input type="radio" name="plan" value={plan} checked={chosen === plan} onChange={() => setChosen(plan)} className="size-4 accent-primary" />
                <span className="grid min-w-0 flex-1">
                  <span className="font-medium">{t(`organisationBilling.plans.${plan}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`organisationBilling.planPeriods.${plan}`)}</span>
                </span>
                <span className="flex flex-col items-end gap-1 text-sm">
                  {total !== undefined && total !== null && <span className="tabular-nums">{t('organisationBilling.changePlan.perPeriod', { amount: formatMoney(total) })}</span>}
                  {plan === subscription.plan && <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{t('organisationBilling.changePlan.current')}</span>}
                  {plan === subscription.pending_plan && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('organisationBilling.changePlan.next')}</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
        {!editable && <p className="text-sm text-muted-foreground">{t('organisationBilling.changePlan.unavailable')}</p>}
        <FormAlert>{change.error?.message}</FormAlert>
        <PendingButton type="submit" className="justify-self-start" disabled={!editable || chosen === upcoming} pending={change.isPending} pendingLabel={t('organisationBilling.changePlan.saving')}>
          {t('organisationBilling.changePlan.submit')}
        </PendingButton>
      </form>
    </BillingCard>
  );
}
