import type { AssessmentResultsResponse } from '@app/contract/assessment-results';
import { ArrowLeft, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { useMemberResults } from '../api/shared-results';
import { formatDate } from '../lib/format';
import '../team-insights-texts';

export interface MemberResultsPageProps {
  /** Draws the results as the member sees them on their own dashboard (composed in src/app). */
  renderResults: (results: AssessmentResultsResponse) => ReactNode;
}

/**
 * organization.member-results (issue 13): one member's results for a business's owners and admins,
 * asked of the server on every visit. A member who withdrew their consent (or never gave it) shows
 * the server's refusal, never what was seen before.
 */
export function MemberResultsPage({ renderResults }: MemberResultsPageProps) {
  const { t } = useTranslation();
  const { id = '', userId = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);
  const member = useMemberResults(id, userId);
  const back = (
    <Link to={routePath('organization.insights', { id })} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('teamInsights.member.back')}
    </Link>
  );

  if (member.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-5xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (member.isError) {
    const status = statusOf(member.error);
    return (
      <div className="mx-auto w-full max-w-xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('teamInsights.member.unavailable')}</h1>
        <FormAlert>
          <p>{status === 404 ? t('teamInsights.member.notFound') : status === 403 ? member.error.message : t('teamInsights.loadFailed')}</p>
          {status !== 403 && status !== 404 && (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void member.refetch()}>
              {t('teamInsights.retry')}
            </Button>
          )}
        </FormAlert>
        {back}
      </div>
    );
  }

  const { name, email, shared_since: sharedSince, results } = member.data;
  const hasResults = Boolean(results.big5 ?? results.environment ?? results.values);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      {back}
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <UserRound aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('teamInsights.member.heading', { name })}</h1>
          <p className="text-muted-foreground">
            {email} · {t('teamInsights.shared.since', { date: formatDate(sharedSince) })}
          </p>
          <p className="text-sm text-muted-foreground">{t('teamInsights.member.asTheySee', { name })}</p>
        </div>
      </div>
      {hasResults ? renderResults(results) : <p className="rounded-xl border border-dashed p-6 text-sm">{t('teamInsights.member.noResults', { name })}</p>}
    </div>
  );
}
