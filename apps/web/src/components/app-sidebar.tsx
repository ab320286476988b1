import type { Account } from '@app/contract/account';
import { useActiveProfile } from '@/lib/active-profile';
import { cn } from '@/lib/utils';
import { NavMain } from './nav-main';
import { NavOrganisation } from './nav-organisation';
import { NavUser } from './nav-user';
import { ProfileSwitcher } from './profile-switcher';

export interface AppSidebarProps {
  user: Pick<Account, 'name' | 'email'>;
  collapsed?: boolean;
  /** Called when a link is followed (the mobile drawer closes then). */
  onNavigate?: () => void;
  className?: string;
}

/** The sidebar's content: profile switcher, main navigation (and the chosen organisation's) and the user menu. */
export function AppSidebar({ user, collapsed = false, onNavigate, className }: AppSidebarProps) {
  const profile = useActiveProfile();
  return (
    <div className={cn('flex h-full flex-col gap-4 py-3', className)}>
      <div className="px-2">
        <ProfileSwitcher user={user} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <NavMain collapsed={collapsed} onNavigate={onNavigate} />
        {profile.kind === 'organisation' && <NavOrganisation organisation={profile.organisation} collapsed={collapsed} onNavigate={onNavigate} />}
      </div>
      <div className="border-t border-sidebar-border px-2 pt-3">
        <NavUser user={user} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
