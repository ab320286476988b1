import type { SubscriptionView } from '@app/contract/organisation-billing';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatDay } from '../lib/format';

const tones = {
  good: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  warn: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  bad: 'bg-destructive/10 text-destructive',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** Active, cancels on a date, past due, cancelled or not activated. */
export function SubscriptionStatusBadge({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const cancelling = subscription.status === 'active' && subscription.cancel_at_period_end && subscription.current_period_end !== null;
  const [text, tone] = cancelling
    ? [t('organisationBilling.subscription.statuses.cancelling', { date: formatDay(subscription.current_period_end ?? '') }), tones.warn]
    : subscription.status === 'active'
      ? [t('organisationBilling.subscription.statuses.active'), tones.good]
      : subscription.status === 'past_due'
        ? [t('organisationBilling.subscription.statuses.past_due'), tones.bad]
        : [t(`organisationBilling.subscription.statuses.${subscription.status}`), tones.muted];
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}>{text}</span>;
}
