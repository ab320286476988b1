import { tenureBands, type TeamOverviewQuery, type TenureBand } from '@app/contract/team-insights';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

// The team overview's filters are kept in the URL too (`?position_title=&tenure=`, an event organiser's `event_session=`), so a filtered
// view can be reloaded and shared with a colleague. The page reads them from its own state: a
// navigation settles after the click, and a second filter chosen meanwhile must not lose the first.

const isTenure = (value: string | null): value is TenureBand => value !== null && (tenureBands as readonly string[]).includes(value);

function fromSearch(params: URLSearchParams): TeamOverviewQuery {
  const positionTitle = params.get('position_title')?.trim();
  const tenure = params.get('tenure');
  const eventSession = params.get('event_session')?.trim();
  return { ...(positionTitle ? { position_title: positionTitle } : {}), ...(isTenure(tenure) ? { tenure } : {}), ...(eventSession ? { event_session: eventSession } : {}) };
}

export function useOverviewFilter(): [TeamOverviewQuery, (next: TeamOverviewQuery) => void] {
  const [params, setParams] = useSearchParams();
  const [filter, setFilterState] = useState(() => fromSearch(params));
  const setFilter = (next: TeamOverviewQuery) => {
    const clean = fromSearch(new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
    setFilterState(clean);
    setParams(new URLSearchParams(Object.entries(clean)), { replace: true });
  };
  return [filter, setFilter];
}
