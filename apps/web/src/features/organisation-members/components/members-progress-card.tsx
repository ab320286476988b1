import { questionnaireProgressStates, type MemberProgressSummary, type QuestionnaireProgressState } from '@app/contract/organisation-members';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { useMemberProgress } from '../api/get-member-progress';
import { useMembers } from '../api/list-members';
import { ProgressBadge, RoleBadge } from './badges';
import '../organisation-members-texts';

/** How many members the dashboard names; the Members page pages through all of them. */
const membersShown = 5;

// The same colours as the progress badges, as bar segments.
const segmentTone: Record<QuestionnaireProgressState, string> = {
  done: 'bg-emerald-600 dark:bg-emerald-400',
  in_progress: 'bg-amber-500 dark:bg-amber-300',
  not_started: 'bg-muted-foreground/25',
};

/**
 * The organisation dashboard's members (issue 12): how many are done, in progress or not started
 * with the questionnaire (counted by the server over everyone), the first few with their progress
 * badge, and the way to the Members page. Never their answers. Owners and admins only: the server
 * answers 403 to a member, so a member's dashboard does not show this.
 */
export function MembersProgressCard({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const progress = useMemberProgress(organisationId);
  // The Members page's first page: the same cache entry, so that page opens at once.
  const members = useMembers(organisationId, { search: '', page: 1 }, true);
  const total = members.data?.meta.total;

  // min-w-0 down to the list: a long typed name is cut by its `truncate` instead of widening the
  // card over the plan beside it (a grid item is otherwise as wide as its longest line; issue 14).
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <CardTitle id={headingId}>{t('organisationMembers.overview.heading')}</CardTitle>
        <CardDescription>{t('organisationMembers.overview.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {progress.isPending ? (
          <Loading />
        ) : progress.isError ? (
          <Failed message={progress.error.message || t('organisationMembers.overview.loadFailed')} onRetry={() => void progress.refetch()} />
        ) : (
          <ProgressCounts summary={progress.data} />
        )}

        <div className="grid min-w-0 gap-3 border-t pt-4">
          {members.isPending ? (
            <Loading />
          ) : members.isError ? (
            <Failed message={members.error.message || t('organisationMembers.list.loadFailed')} onRetry={() => void members.refetch()} />
          ) : members.data.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('organisationMembers.list.empty')}</p>
          ) : (
            <ul aria-label={t('organisationMembers.overview.listLabel')} className="min-w-0 divide-y rounded-lg border">
              {members.data.data.slice(0, membersShown).map((member) => (
                <li key={member.user_id} aria-label={member.name} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium">{member.name}</span>
                    {member.role !== 'member' && <RoleBadge role={member.role} />}
                  </span>
                  <ProgressBadge state={member.questionnaire} />
                </li>
              ))}
            </ul>
          )}
          <Link to={routePath('organization.members', { id: organisationId })} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
            {total !== undefined ? t('organisationMembers.overview.allMembers', { count: total }) : t('organisationMembers.overview.toMembers')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/** The three counts, and a bar of their shares (the counts say it in words, so the bar is hidden from screen readers). */
function ProgressCounts({ summary }: { summary: MemberProgressSummary }) {
  const { t } = useTranslation();
  const everyone = summary.done + summary.in_progress + summary.not_started;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-3">
        {questionnaireProgressStates.map((state) => (
          <div key={state} className="rounded-lg border px-3 py-2.5">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', segmentTone[state])} />
              {t(`organisationMembers.progress.${state}`)}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{summary[state]}</dd>
          </div>
        ))}
      </dl>
      {everyone > 0 && (
        <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-muted">
          {questionnaireProgressStates.map((state) => (
            <div key={state} className={segmentTone[state]} style={{ width: `${(summary[state] / everyone) * 100}%` }} />
          ))}
        </div>
      )}
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('app.loading')}
    </p>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {t('organisationMembers.retry')}
      </Button>
    </FormAlert>
  );
}
