import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyReportsIllustration } from '@/components/empty-state-illustrations';
import { buttonClassName } from '@/components/ui/button';
import { reportOffersAnchor, routePath } from '@/lib/route-paths';

/** No report yet: what a report is, and the way to the reports on offer. */
export function ReportsEmptyState() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
      <EmptyReportsIllustration className="h-28 w-auto" />
      <div className="max-w-md space-y-2">
        <h2 className="text-lg font-semibold">{t('reports.list.emptyHeading')}</h2>
        <p className="text-sm text-muted-foreground">{t('reports.list.emptyText')}</p>
      </div>
      <Link to={{ pathname: routePath('dashboard'), hash: reportOffersAnchor }} className={buttonClassName({ size: 'lg' })}>
        {t('reports.list.emptyAction')}
      </Link>
    </div>
  );
}
