import type { BirthDetails } from '@app/contract/account';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';
import { returnPathParam } from '@/lib/return-path';
import { SettingsSection } from './settings-section';
import '../settings-texts';

function formatBirthDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  // UTC on both sides: a birth date is a calendar day, not an instant in the viewer's zone.
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The saved birth date, time and place (read-only), with the way to the signup-data page to edit them and back. */
export function BirthDetailsSection({ details }: { details: BirthDetails | null }) {
  const { t, i18n } = useTranslation();
  const hasDetails = Boolean(details?.birth_date);

  const rows = details && hasDetails
    ? [
        { label: t('pages.profile.birth.date'), value: details.birth_date ? formatBirthDate(details.birth_date, i18n.language) : '' },
        {
          label: t('pages.profile.birth.time'),
          // spec 9: times are shown as HH:mm.
          value: details.ts_accurate && details.birth_time ? details.birth_time.slice(0, 5) : t('pages.profile.birth.timeUnknown'),
        },
        {
          label: t('pages.profile.birth.place'),
          value:
            details.birth_city && details.birth_country
              ? t('locationSearch.selected', { city: details.birth_city, country: details.birth_country, timezone: details.timezone ?? '' })
              : t('pages.profile.birth.notSet'),
        },
      ]
    : [];

  return (
    <SettingsSection title={t('pages.profile.birth.heading')} description={t('pages.profile.birth.description')}>
      {hasDetails ? (
        <dl className="divide-y rounded-lg border bg-card">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
              <dd className="text-sm break-words sm:col-span-2">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">{t('pages.profile.birth.empty')}</p>
      )}
      {/* The birth-details page, told to come back here: it then says 'Save' and returns with a 'Saved' toast. */}
      <Link to={routePath('signup-data', {}, { [returnPathParam]: routePath('profile.edit') })} className={buttonClassName({ variant: 'outline' })}>
        {hasDetails ? t('pages.profile.birth.edit') : t('pages.profile.birth.add')}
      </Link>
    </SettingsSection>
  );
}
