import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import { SettingsSection } from '../components/settings-section';

/** The account's name, e-mail and language, as the session knows them. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const language = languageNames.of(user.locale) ?? user.locale;
  const rows = [
    { label: t('pages.profile.name'), value: user.name },
    { label: t('pages.profile.email'), value: user.email },
    { label: t('pages.profile.locale'), value: language },
  ];

  return (
    <SettingsSection title={t('pages.profile.heading')} description={t('pages.profile.description')}>
      <dl className="divide-y rounded-lg border bg-card">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
            <dd className="text-sm break-words sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
