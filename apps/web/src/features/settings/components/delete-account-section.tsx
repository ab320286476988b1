import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';
import { SettingsSection } from './settings-section';
import '../settings-texts';

const deletedItems = ['profile', 'results', 'reports', 'organisations', 'sessions'] as const;

/** What deleting the account removes, and the way to the ConfirmPassword step that does it. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('pages.profile.delete.heading')} description={t('pages.profile.delete.description')}>
      <div className="space-y-4 rounded-lg border border-destructive/30 bg-destructive/5 p-4">
        <div className="flex gap-2.5 text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="space-y-0.5">
            <p className="text-sm font-semibold">{t('pages.profile.delete.warningTitle')}</p>
            <p className="text-sm">{t('pages.profile.delete.warning')}</p>
          </div>
        </div>
        <div className="space-y-1.5 text-sm">
          <p className="text-muted-foreground">{t('pages.profile.delete.whatIsDeleted')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {deletedItems.map((item) => (
              <li key={item}>{t(`pages.profile.delete.items.${item}`)}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t('pages.profile.delete.invoicesKept')}</p>
        </div>
        <Link to={routePath('password.confirm')} className={buttonClassName({ variant: 'destructive' })}>
          {t('pages.profile.delete.button')}
        </Link>
      </div>
    </SettingsSection>
  );
}
