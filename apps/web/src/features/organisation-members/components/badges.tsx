import type { QuestionnaireProgressState } from '@app/contract/organisation-members';
import type { OrganisationRole } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const progressTone: Record<QuestionnaireProgressState, string> = {
  done: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  in_progress: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  not_started: 'bg-muted text-muted-foreground',
};

/** Where a member stands in the questionnaire: Done, In progress, Not started (never the answers). */
export function ProgressBadge({ state }: { state: QuestionnaireProgressState }) {
  const { t } = useTranslation();
  return <span className={cn(badge, progressTone[state])}>{t(`organisationMembers.progress.${state}`)}</span>;
}

const roleTone: Record<OrganisationRole, string> = {
  owner: 'bg-primary text-primary-foreground',
  admin: 'bg-sky-600/10 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  member: 'border border-border text-muted-foreground',
};

export function RoleBadge({ role }: { role: OrganisationRole }) {
  const { t } = useTranslation();
  return <span className={cn(badge, roleTone[role])}>{t(`organisationMembers.roles.${role}`)}</span>;
}
