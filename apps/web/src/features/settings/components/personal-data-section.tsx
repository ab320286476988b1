import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { downloadPersonalData } from '../api/download-personal-data';
import { SettingsSection } from './settings-section';
import '../settings-texts';

const exportedItems = ['profile', 'answers', 'purchases', 'reports', 'organisations'] as const;

/** Settings › Profile › Your data (issue 14): everything kept about the user, downloaded as one JSON file. */
export function PersonalDataSection() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const download = async () => {
    setPending(true);
    setOutcome(null);
    const result = await downloadPersonalData();
    setPending(false);
    setOutcome(result.error === null ? { tone: 'success', text: t('pages.profile.data.downloaded') } : { tone: 'error', text: result.error });
  };

  return (
    <SettingsSection title={t('pages.profile.data.heading')} description={t('pages.profile.data.description')}>
      <div className="space-y-4 rounded-lg border bg-card p-4">
        <div className="space-y-1.5 text-sm">
          <p className="text-muted-foreground">{t('pages.profile.data.whatIsIncluded')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {exportedItems.map((item) => (
              <li key={item}>{t(`pages.profile.data.items.${item}`)}</li>
            ))}
          </ul>
        </div>
        <FormAlert tone={outcome?.tone}>{outcome?.text}</FormAlert>
        <PendingButton type="button" variant="outline" pending={pending} pendingLabel={t('pages.profile.data.downloading')} onClick={() => void download()}>
          <Download aria-hidden="true" />
          {t('pages.profile.data.button')}
        </PendingButton>
      </div>
    </SettingsSection>
  );
}
