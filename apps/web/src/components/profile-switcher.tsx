import type { Account } from '@app/contract/account';
import type { OrganisationSummary } from '@app/contract/organisations';
import { useState } from 'react';
import { Building2, ChevronsUpDown, Plus, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activeProfileStore, useActiveProfileState } from '@/lib/active-profile';
import { useOrganisations } from '@/lib/organisation-list';
import { routePath } from '@/lib/route-paths';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
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

const personalValue = 'personal';

/** "Owner", or "Owner · Awaiting activation" for an organisation that is not active. */
function useOrganisationLine() {
  const { t } = useTranslation();
  return (organisation: OrganisationSummary) => {
    const role = t(`profileSwitcher.roles.${organisation.role}`);
    return organisation.status === 'active' ? role : `${role} · ${t(`profileSwitcher.statuses.${organisation.status}`)}`;
  };
}

/** The user's organisations as choices of the radio group; asked for when the menu opens. */
function OrganisationItems({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const organisations = useOrganisations(userId);
  const lineOf = useOrganisationLine();
  if (organisations.isPending) {
    return (
      <DropdownMenuLabel role="status" className="text-xs font-normal text-muted-foreground">
        {t('profileSwitcher.organisationsLoading')}
      </DropdownMenuLabel>
    );
  }
  if (!organisations.data || organisations.data.length === 0) return null;
  return (
    <>
      <DropdownMenuLabel className="pt-2 text-xs font-medium text-muted-foreground">{t('profileSwitcher.organisations')}</DropdownMenuLabel>
      {organisations.data.map((organisation) => (
        <DropdownMenuRadioItem key={organisation.id} value={organisation.id}>
          <Building2 aria-hidden="true" />
          <span className="grid min-w-0 leading-tight">
            <span className="truncate">{organisation.name}</span>
            <span className="truncate text-xs text-muted-foreground">{lineOf(organisation)}</span>
          </span>
        </DropdownMenuRadioItem>
      ))}
    </>
  );
}

/**
 * Spec section 2: a profile switcher with 'Create organization' (issue 12). Lists the personal
 * profile and every organisation the user belongs to; the choice is remembered per user
 * (lib/active-profile.ts) and changes the sidebar (an organisation adds Members and Billing) and
 * the dashboard, which it opens.
 */
export function ProfileSwitcher({ user, collapsed = false, onNavigate }: ProfileSwitcherProps) {
  const { t } = useTranslation();
  const { user: account } = useSession();
  const navigateTo = useNavigateTo();
  const [open, setOpen] = useState(false);
  const { profile } = useActiveProfileState();
  const lineOf = useOrganisationLine();
  const current = profile.kind === 'organisation' ? profile.organisation : null;
  const currentName = current?.name ?? t('profileSwitcher.personal');

  const choose = (value: string) => {
    if (!account) return;
    activeProfileStore.choose(account.id, value === personalValue ? { kind: 'personal' } : { kind: 'organisation', organisationId: value });
    setOpen(false);
    onNavigate?.();
    // Spec/issue 12: switching changes what the dashboard shows; it opens there.
    void navigateTo('dashboard');
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        aria-label={t('profileSwitcher.open', { profile: currentName })}
        className={cn(
          'flex w-full cursor-pointer items-center gap-2 rounded-md text-left text-sidebar-foreground transition-colors hover:bg-sidebar-accent data-[state=open]:bg-sidebar-accent',
          collapsed ? 'justify-center p-1' : 'p-2',
        )}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          {current ? <Building2 aria-hidden="true" className="size-4" /> : <AppLogoIcon className="size-5" />}
        </span>
        {!collapsed && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-sm font-semibold">{current ? current.name : t('app.name')}</span>
              <span className="truncate text-xs text-muted-foreground">{current ? lineOf(current) : t('profileSwitcher.personal')}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'bottom'} align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-64">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{t('profileSwitcher.profiles')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current?.id ?? personalValue} onValueChange={choose}>
          <DropdownMenuRadioItem value={personalValue}>
            <User aria-hidden="true" />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate">{t('profileSwitcher.personal')}</span>
              <span className="truncate text-xs text-muted-foreground">{user.name}</span>
            </span>
          </DropdownMenuRadioItem>
          {open && account && <OrganisationItems userId={account.id} />}
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
