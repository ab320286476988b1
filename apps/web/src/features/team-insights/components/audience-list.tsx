import type { ConsentView } from '@app/contract/team-insights';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';

/** Who sees what of the member's results, in plain words, as the server lists it for the saved choice. */
export function AudienceList({ consent, headingLevel }: { consent: ConsentView; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="mt-4 rounded-lg bg-muted/60 p-4">
      <Heading className="text-sm font-semibold">{t('teamInsights.consent.whoSees')}</Heading>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {consent.audience.map((entry) => (
          <li key={entry.viewer}>{t(`teamInsights.consent.audience.${entry.viewer}.${entry.sees}`, { organisation: consent.organisation_name })}</li>
        ))}
        {/* Issue 13: the Human Capital Experts the organisation shares itself with, within each share's scope. */}
        {consent.experts?.map((expert) => (
          <li key={`expert-${expert.organisation_name}`}>{t(`teamInsights.consent.expert.${expert.sees}`, { expert: expert.organisation_name, organisation: consent.organisation_name })}</li>
        ))}
      </ul>
      {consent.shared_since && (
        <p className="mt-2 text-xs text-muted-foreground">{t('teamInsights.consent.sharedSince', { date: formatDate(consent.shared_since) })}</p>
      )}
    </div>
  );
}
