import type { TeamOverview, TeamOverviewQuery, TenureBand } from '@app/contract/team-insights';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** The filters the server offers (position titles of the organisation's lists, tenure bands); each change asks again. */
export function OverviewFilters({ offered, filter, onChange }: { offered: TeamOverview['filters']; filter: TeamOverviewQuery; onChange: (next: TeamOverviewQuery) => void }) {
  const { t } = useTranslation();
  const id = useId();
  // A title in the URL that the lists no longer hold stays choosable, so the select shows what is asked.
  const titles = filter.position_title && !offered.position_titles.includes(filter.position_title) ? [filter.position_title, ...offered.position_titles] : offered.position_titles;
  const filtered = Boolean(filter.position_title ?? filter.tenure ?? filter.event_session);
  // An event organiser's overview groups its attendees by session where others have position titles.
  const sessions = offered.event_sessions;

  return (
    <form role="search" aria-label={t('teamInsights.filters.label')} onSubmit={(event) => event.preventDefault()} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      {sessions ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-session`}>{t('teamInsights.filters.eventSession')}</Label>
          <NativeSelect id={`${id}-session`} value={filter.event_session ?? ''} onChange={(event) => onChange({ ...filter, event_session: event.target.value || undefined })}>
            <option value="">{t('teamInsights.filters.allSessions')}</option>
            {sessions.map((session) => (
              <option key={session.id} value={session.id}>
                {session.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>{t('teamInsights.filters.positionTitle')}</Label>
          <NativeSelect id={`${id}-title`} value={filter.position_title ?? ''} onChange={(event) => onChange({ ...filter, position_title: event.target.value || undefined })}>
            <option value="">{t('teamInsights.filters.allTitles')}</option>
            {titles.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tenure`}>{t('teamInsights.filters.tenure')}</Label>
        <NativeSelect id={`${id}-tenure`} value={filter.tenure ?? ''} onChange={(event) => onChange({ ...filter, tenure: (event.target.value || undefined) as TenureBand | undefined })}>
          <option value="">{t('teamInsights.filters.allTenures')}</option>
          {offered.tenures.map((tenure) => (
            <option key={tenure} value={tenure}>
              {t(`teamInsights.tenures.${tenure}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" variant="outline" disabled={!filtered} onClick={() => onChange({})}>
        {t('teamInsights.filters.clear')}
      </Button>
    </form>
  );
}
