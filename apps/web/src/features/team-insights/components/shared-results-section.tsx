import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useSharedMembers } from '../api/shared-results';
import { formatDate } from '../lib/format';

/** For a business's owners and admins (issue 13): the members who share their individual results, each opening them. */
export function SharedResultsSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const members = useSharedMembers(organisationId, true);

  return (
    <section aria-labelledby="shared-results-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="shared-results-heading" className="text-lg font-semibold">
        {t('teamInsights.shared.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('teamInsights.shared.description')}</p>
      {members.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : members.isError ? (
        <FormAlert className="mt-4">
          <p>{members.error.message || t('teamInsights.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void members.refetch()}>
            {t('teamInsights.retry')}
          </Button>
        </FormAlert>
      ) : members.data.length === 0 ? (
        <p className="mt-4 text-sm">{t('teamInsights.shared.none')}</p>
      ) : (
        <ul aria-label={t('teamInsights.shared.listLabel')} className="mt-4 divide-y rounded-lg border">
          {members.data.map((member) => (
            <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{member.name}</p>
                <p className="truncate text-sm text-muted-foreground">{member.email}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-xs text-muted-foreground">{t('teamInsights.shared.since', { date: formatDate(member.shared_since) })}</span>
                <Link
                  to={routePath('organization.member-results', { id: organisationId, userId: member.user_id })}
                  aria-label={t('teamInsights.shared.openFor', { name: member.name })}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('teamInsights.shared.open')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
