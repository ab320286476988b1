import type { SuppressedGroup, TeamOverview } from '@app/contract/team-insights';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { accentClass, type AccentKey } from '@/lib/assessment-accent';
import { cn } from '@/lib/utils';
import { useTeamOverview } from '../api/team-overview';
import { formatNumber } from '../lib/format';
import { useOverviewFilter } from '../lib/use-overview-filter';
import type { Big5Domains, CulturePreferences, ValueFrequencies } from './overview-charts';
import { OverviewFilters } from './overview-filters';

// recharts loads with the first group that has numbers to draw, never with the app.
const Big5Bands = lazy(() => import('./overview-charts').then((module) => ({ default: module.Big5Bands })));
const LabelledBars = lazy(() => import('./overview-charts').then((module) => ({ default: module.LabelledBars })));

/**
 * The team overview (issue 13): per set the group's size and its numbers, charted and tabled, or,
 * for a group the server keeps back, the server's reason instead (never a value). The filters the
 * server offers narrow the group; the minimum in force is said above them.
 */
export function OverviewSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useOverviewFilter();
  const overview = useTeamOverview(organisationId, filter);

  return (
    <section aria-labelledby="overview-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="overview-heading" className="text-xl font-semibold tracking-tight">
          {t('teamInsights.overview.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('teamInsights.overview.description')}</p>
      </div>
      {overview.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : overview.isError ? (
        <FormAlert>
          <p>{overview.error.message || t('teamInsights.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void overview.refetch()}>
            {t('teamInsights.retry')}
          </Button>
        </FormAlert>
      ) : (
        <>
          <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
            <OverviewFilters offered={overview.data.filters} filter={filter} onChange={setFilter} />
            <p className="mt-3 text-sm text-muted-foreground">{t('teamInsights.overview.minimum', { count: overview.data.minimum })}</p>
          </div>
          <div aria-busy={overview.isFetching} className={cn('grid gap-4 transition-opacity', overview.isPlaceholderData && 'opacity-60')}>
            <Big5Card group={overview.data.big5} />
            <div className="grid gap-4 lg:grid-cols-2">
              <ValuesCard group={overview.data.values} />
              <CultureCard group={overview.data.culture} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function SetCard({ accent, title, description, group, children }: { accent: AccentKey; title: string; description: string; group: TeamOverview['big5' | 'values' | 'culture']; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-xl border border-t-4 border-t-assessment bg-card p-5 shadow-sm sm:p-6', accentClass(accent))}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h3 id={headingId} className="text-lg font-semibold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {group.status === 'shown' && (
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">{t('teamInsights.overview.respondents', { count: group.respondents })}</span>
        )}
      </div>
      <div className="mt-4">{group.status === 'shown' ? children : <Suppressed group={group} />}</div>
    </section>
  );
}

/** A group the server keeps back: its message as it comes ('Not enough responses to show this group', or why comparing would reveal people). */
function Suppressed({ group }: { group: SuppressedGroup }) {
  return (
    <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-sm" data-reason={group.reason}>
      {group.message}
    </p>
  );
}

// The legend's swatches, the same colours as the chart's bands (overview-charts.tsx bandColours).
const bandSwatch = { low: 'bg-assessment/25', average: 'bg-assessment/60', high: 'bg-assessment' } as const;

function ChartFallback({ className }: { className: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted/60', className)} />;
}

function Big5Card({ group }: { group: TeamOverview['big5'] }) {
  const { t } = useTranslation();
  return (
    <SetCard accent="big5" title={t('teamInsights.big5.title')} description={t('teamInsights.big5.description')} group={group}>
      {group.status === 'shown' && <Big5Domains domains={group.domains} />}
    </SetCard>
  );
}

function Big5Domains({ domains }: { domains: Big5Domains }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Suspense fallback={<ChartFallback className="h-56" />}>
        <Big5Bands domains={domains} />
      </Suspense>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {(['low', 'average', 'high'] as const).map((band) => (
          <li key={band} className="flex items-center gap-1.5">
            <span className={cn('size-2.5 rounded-sm', bandSwatch[band])} />
            {t(`teamInsights.big5.bands.${band}`)}
          </li>
        ))}
      </ul>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-sm font-medium">{t('teamInsights.big5.tableCaption')}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">{t('teamInsights.big5.domain')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('teamInsights.big5.meanHeader')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('teamInsights.big5.bands.low')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('teamInsights.big5.bands.average')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t('teamInsights.big5.bands.high')}</th>
          </tr>
        </thead>
        <tbody>
          {domains.map((domain) => (
            <tr key={domain.id} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">{domain.label}</th>
              <td className="px-3 py-2 text-right tabular-nums">{formatNumber(domain.mean)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{domain.bands.low}</td>
              <td className="px-3 py-2 text-right tabular-nums">{domain.bands.average}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{domain.bands.high}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ValuesCard({ group }: { group: TeamOverview['values'] }) {
  const { t } = useTranslation();
  return (
    <SetCard accent="values" title={t('teamInsights.values.title')} description={t('teamInsights.values.description')} group={group}>
      {group.status === 'shown' && <ValuesNumbers values={group.values} />}
    </SetCard>
  );
}

function ValuesNumbers({ values }: { values: ValueFrequencies }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Suspense fallback={<ChartFallback className="h-64" />}>
        <LabelledBars data={values.map((value) => ({ label: value.label, amount: value.top_three }))} />
      </Suspense>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-sm font-medium">{t('teamInsights.values.tableCaption')}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">{t('teamInsights.values.value')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('teamInsights.values.people')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t('teamInsights.values.share')}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value) => (
            <tr key={value.id} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">{value.label}</th>
              <td className="px-3 py-2 text-right tabular-nums">{value.top_three}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{t('teamInsights.percent', { value: formatNumber(value.share) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CultureCard({ group }: { group: TeamOverview['culture'] }) {
  const { t } = useTranslation();
  return (
    <SetCard accent="environment" title={t('teamInsights.culture.title')} description={t('teamInsights.culture.description')} group={group}>
      {group.status === 'shown' && <CultureNumbers preferences={group.preferences} />}
    </SetCard>
  );
}

function CultureNumbers({ preferences }: { preferences: CulturePreferences }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Suspense fallback={<ChartFallback className="h-40" />}>
        <LabelledBars data={preferences.map((preference) => ({ label: preference.label, amount: preference.mean_share }))} domain={[0, 100]} />
      </Suspense>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-sm font-medium">{t('teamInsights.culture.tableCaption')}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">{t('teamInsights.culture.preference')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('teamInsights.culture.meanShare')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t('teamInsights.culture.preferredBy')}</th>
          </tr>
        </thead>
        <tbody>
          {preferences.map((preference) => (
            <tr key={preference.id} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">{preference.label}</th>
              <td className="px-3 py-2 text-right tabular-nums">{t('teamInsights.percent', { value: formatNumber(preference.mean_share) })}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{preference.preferred_by}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
