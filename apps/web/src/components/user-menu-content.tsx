import type { Account } from '@app/contract/account';
import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@/lib/route-paths';
import { DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './ui/dropdown-menu';
import { UserInfo } from './user-info';

/** Spec section 2: the user menu holds Settings and Log out. */
export function UserMenuContent({ user, onNavigate }: { user: Pick<Account, 'name' | 'email'>; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DropdownMenuLabel className="font-normal">
        <UserInfo user={user} />
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuGroup>
        <DropdownMenuItem asChild>
          <Link to={routePath('profile.edit')} onClick={onNavigate}>
            <Settings aria-hidden="true" />
            {t('userMenu.settings')}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to={routePath('logout')} onClick={onNavigate}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </Link>
      </DropdownMenuItem>
    </>
  );
}
