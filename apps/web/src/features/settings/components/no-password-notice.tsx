import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../settings-texts';

/**
 * For accounts created through Google that never set a password: the password forms cannot work
 * for them, so say how to get one instead of showing a form that can only fail.
 */
export function NoPasswordNotice() {
  const { t } = useTranslation();
  return (
    <div role="note" className="flex gap-2.5 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>{t('pages.password.noPassword')}</p>
    </div>
  );
}
