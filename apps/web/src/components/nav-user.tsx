import type { Account } from '@app/contract/account';
import { ChevronsUpDown } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { DeferredDropdownMenu } from './deferred-dropdown-menu';
import { UserAvatar } from './user-avatar';
import { UserInfo } from './user-info';

// The menu loads with the first press of its button (deferred-dropdown-menu.tsx).
const NavUserMenu = lazy(() => import('./nav-user-menu').then((module) => ({ default: module.NavUserMenu })));

export interface NavUserProps {
  user: Pick<Account, 'name' | 'email'>;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The sidebar's footer: who is logged in, opening the user menu. */
export function NavUser({ user, collapsed = false, onNavigate }: NavUserProps) {
  const { t } = useTranslation();
  const trigger = {
    // Expanded, the visible name and e-mail name the button; collapsed, only the avatar shows.
    'aria-label': collapsed ? t('userMenu.open', { name: user.name }) : undefined,
    className: cn(
      'flex w-full cursor-pointer items-center gap-2 rounded-md text-sidebar-foreground transition-colors hover:bg-sidebar-accent data-[state=open]:bg-sidebar-accent',
      collapsed ? 'justify-center p-1' : 'p-2',
    ),
    children: (
      <>
        {collapsed ? <UserAvatar name={user.name} /> : <UserInfo user={user} className="flex-1" />}
        {!collapsed && <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
      </>
    ),
  };
  return (
    <DeferredDropdownMenu trigger={trigger}>
      <NavUserMenu user={user} collapsed={collapsed} onNavigate={onNavigate} trigger={trigger} />
    </DeferredDropdownMenu>
  );
}
