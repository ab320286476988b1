import type { Account } from '@app/contract/account';
import { ChevronsUpDown, Plus, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { AppLogoIcon } from './app-logo-icon';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

export interface ProfileSwitcherProps {
  user: Pick<Account, 'name'>;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * Spec section 2: a profile switcher with 'Create organization'. The personal profile is the only
 * one until organisations arrive; they join the radio group then.
 */
export function ProfileSwitcher({ user, collapsed = false, onNavigate }: ProfileSwitcherProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={collapsed ? t('profileSwitcher.open', { profile: t('profileSwitcher.personal') }) : undefined}
        className={cn(
          'flex w-full cursor-pointer items-center gap-2 rounded-md text-left text-sidebar-foreground transition-colors hover:bg-sidebar-accent data-[state=open]:bg-sidebar-accent',
          collapsed ? 'justify-center p-1' : 'p-2',
        )}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <AppLogoIcon className="size-5" />
        </span>
        {!collapsed && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-sm font-semibold">{t('app.name')}</span>
              <span className="truncate text-xs text-muted-foreground">{t('profileSwitcher.personal')}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'bottom'} align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-60">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{t('profileSwitcher.profiles')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value="personal">
          <DropdownMenuRadioItem value="personal">
            <User aria-hidden="true" />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate">{t('profileSwitcher.personal')}</span>
              <span className="truncate text-xs text-muted-foreground">{user.name}</span>
            </span>
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={routePath('organization.create')} onClick={onNavigate}>
            <Plus aria-hidden="true" />
            {t('profileSwitcher.createOrganization')}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
