import type { Account } from '@app/contract/account';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveProfileState } from '@/lib/active-profile';
import { cn } from '@/lib/utils';
import { AppLogoIcon } from './app-logo-icon';
import { DeferredDropdownMenu } from './deferred-dropdown-menu';
import { organisationLine } from './profile-switcher-line';

// The menu loads with the first press of its button (deferred-dropdown-menu.tsx).
const ProfileSwitcherMenu = lazy(() => import('./profile-switcher-menu').then((module) => ({ default: module.ProfileSwitcherMenu })));

export interface ProfileSwitcherProps {
  user: Pick<Account, 'name'>;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * Spec section 2: a profile switcher with 'Create organization' (issue 12). Lists the personal
 * profile and every organisation the user belongs to; the choice is remembered per user
 * (lib/active-profile.ts) and changes the sidebar (an organisation adds Members and Billing) and
 * the dashboard, which it opens (profile-switcher-menu.tsx).
 */
export function ProfileSwitcher({ user, collapsed = false, onNavigate }: ProfileSwitcherProps) {
  const { t } = useTranslation();
  const { profile } = useActiveProfileState();
  const current = profile.kind === 'organisation' ? profile.organisation : null;
  const currentName = current?.name ?? t('profileSwitcher.personal');
  const trigger = {
    'aria-label': t('profileSwitcher.open', { profile: currentName }),
    className: cn(
      'flex w-full cursor-pointer items-center gap-2 rounded-md text-left text-sidebar-foreground transition-colors hover:bg-sidebar-accent data-[state=open]:bg-sidebar-accent',
      collapsed ? 'justify-center p-1' : 'p-2',
    ),
    children: (
      <>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          {current ? <Building2 aria-hidden="true" className="size-4" /> : <AppLogoIcon className="size-5" />}
        </span>
        {!collapsed && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-sm font-semibold">{current ? current.name : t('app.name')}</span>
              <span className="truncate text-xs text-muted-foreground">{current ? organisationLine(t)(current) : t('profileSwitcher.personal')}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </>
        )}
      </>
    ),
  };
  return (
    <DeferredDropdownMenu trigger={trigger}>
      <ProfileSwitcherMenu user={user} collapsed={collapsed} onNavigate={onNavigate} trigger={trigger} />
    </DeferredDropdownMenu>
  );
}
