import { useTranslation } from 'react-i18next';
import { AppearanceTabs } from '@/components/appearance-tabs';
import { SettingsSection } from '../components/settings-section';

export function AppearancePage() {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('pages.appearance.heading')} description={t('pages.appearance.description')}>
      <AppearanceTabs />
    </SettingsSection>
  );
}
