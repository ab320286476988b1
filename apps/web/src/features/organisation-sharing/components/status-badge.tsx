import type { ClientPersonInvitationStatus, ShareStatus } from '@app/contract/organisation-shares';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const shareTone: Record<ShareStatus, string> = {
  active: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  offered: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  declined: 'bg-muted text-muted-foreground',
  revoked: 'bg-muted text-muted-foreground',
};

/** Where a share stands: waiting for the expert, active, declined, revoked (by whom). */
export function ShareStatusBadge({ status, revokedBy }: { status: ShareStatus; revokedBy: 'client' | 'expert' | null }) {
  const { t } = useTranslation();
  return <span className={cn(badge, shareTone[status])}>{revokedBy ? t(`organisationSharing.revokedBy.${revokedBy}`) : t(`organisationSharing.statuses.${status}`)}</span>;
}

const invitationTone: Record<ClientPersonInvitationStatus, string> = {
  joined: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  pending: 'bg-sky-600/10 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  expired: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  none: 'border border-border text-muted-foreground',
};

export function InvitationBadge({ status }: { status: ClientPersonInvitationStatus }) {
  const { t } = useTranslation();
  return <span className={cn(badge, invitationTone[status])}>{t(`organisationSharing.people.invitation.${status}`)}</span>;
}
