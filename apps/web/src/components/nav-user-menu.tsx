import type { Account } from '@app/contract/account';
import type { MenuTriggerProps } from './deferred-dropdown-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './ui/dropdown-menu';
import { UserMenuContent } from './user-menu-content';

export interface NavUserMenuProps {
  user: Pick<Account, 'name' | 'email'>;
  collapsed: boolean;
  onNavigate?: () => void;
  trigger: MenuTriggerProps;
}

/** The user menu of the sidebar's footer (nav-user.tsx), in its own chunk; open when it mounts. */
export function NavUserMenu({ user, collapsed, onNavigate, trigger }: NavUserMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent side={collapsed ? 'right' : 'top'} align="end" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <UserMenuContent user={user} onNavigate={onNavigate} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
