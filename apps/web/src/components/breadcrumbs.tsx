import { Fragment } from 'react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Crumb } from '@/lib/page-handle';
import { usePageValues } from '@/lib/page-values';
import { routePath } from '@/lib/route-paths';

/** The page's trail; earlier crumbs link, the last one is plain text (the current page). */
export function Breadcrumbs({ breadcrumbs }: { breadcrumbs: Crumb[] }) {
  const { t } = useTranslation();
  const values = usePageValues();
  if (breadcrumbs.length === 0) return null;
  const textOf = (crumb: Crumb) => (crumb.valueName ? values[crumb.valueName] : undefined) ?? t(crumb.titleKey);

  return (
    <nav aria-label={t('breadcrumbs.label')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {breadcrumbs.map((crumb, index) => {
          const isLast = index === breadcrumbs.length - 1;
          return (
            <Fragment key={`${crumb.titleKey}-${index}`}>
              {/* The current page stays readable; earlier crumbs give way on a narrow screen. */}
              <li className={isLast ? 'shrink-0' : 'min-w-0 truncate'}>
                {isLast || !crumb.to ? (
                  <span aria-current={isLast ? 'page' : undefined} className={isLast ? 'font-medium text-foreground' : undefined}>
                    {textOf(crumb)}
                  </span>
                ) : (
                  <Link to={routePath(crumb.to)} className="rounded-sm transition-colors hover:text-foreground">
                    {textOf(crumb)}
                  </Link>
                )}
              </li>
              {!isLast && (
                <li role="presentation" aria-hidden="true" className="flex items-center">
                  <ChevronRight className="size-3.5" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
