import type { Account } from '@app/contract/account';
import { useState } from 'react';
import { Building2, Plus, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activeProfileStore, useActiveProfileState } from '@/lib/active-profile';
import { useOrganisations } from '@/lib/organisation-list';
import { routePath } from '@/lib/route-paths';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import type { MenuTriggerProps } from './deferred-dropdown-menu';
import { organisationLine } from './profile-switcher-line';
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

export interface ProfileSwitcherMenuProps {
  user: Pick<Account, 'name'>;
  collapsed: boolean;
  onNavigate?: () => void;
  trigger: MenuTriggerProps;
}

const personalValue = 'personal';

/** The user's organisations as choices of the radio group; asked for when the menu opens. */
function OrganisationItems({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const organisations = useOrganisations(userId);
  const lineOf = organisationLine(t);
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

/** The profile switcher's menu (profile-switcher.tsx), in its own chunk; open when it mounts. */
export function ProfileSwitcherMenu({ user, collapsed, onNavigate, trigger }: ProfileSwitcherMenuProps) {
  const { t } = useTranslation();
  const { user: account } = useSession();
  const navigateTo = useNavigateTo();
  const [open, setOpen] = useState(true);
  const { profile } = useActiveProfileState();
  const current = profile.kind === 'organisation' ? profile.organisation : null;

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
      <DropdownMenuTrigger {...trigger} />
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
