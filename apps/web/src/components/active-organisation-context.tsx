import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveProfile } from '@/lib/active-profile';
import { routePath } from '@/lib/route-paths';
import { buttonClassName } from './ui/button';

/**
 * Issue 12: which organisation the user is working as (the profile switcher's choice), above the
 * dashboard. Nothing for the personal profile. The organisation's own dashboard comes later.
 */
export function ActiveOrganisationContext() {
  const { t } = useTranslation();
  const profile = useActiveProfile();
  if (profile.kind !== 'organisation') return null;
  const { organisation } = profile;
  return (
    <div className="mx-auto mb-6 flex w-full max-w-6xl flex-wrap items-center gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Building2 aria-hidden="true" className="size-5" />
      </span>
      <p className="min-w-0 text-sm">
        <span className="block text-xs text-muted-foreground">{t('profileSwitcher.workingAs')}</span>
        <span className="block truncate font-semibold">{organisation.name}</span>
      </p>
      <span className="ml-auto shrink-0 text-xs text-muted-foreground">
        {t(`profileSwitcher.roles.${organisation.role}`)}
        {organisation.status !== 'active' && ` · ${t(`profileSwitcher.statuses.${organisation.status}`)}`}
      </span>
      {organisation.status === 'pending_activation' && organisation.role !== 'member' && (
        <Link to={routePath('organization.activate', { id: organisation.id })} className={buttonClassName({ size: 'sm', className: 'shrink-0' })}>
          {t('profileSwitcher.activate')}
        </Link>
      )}
    </div>
  );
}
