import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

export interface SidebarNavLinkProps {
  to: string;
  title: string;
  icon: LucideIcon;
  /** The sidebar shows icons only: the title becomes a tooltip and stays for screen readers. */
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}

/** One entry of the sidebar's navigation, highlighted while its page is open. */
export function SidebarNavLink({ to, title, icon: Icon, collapsed, onNavigate }: SidebarNavLinkProps) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      title={collapsed ? title : undefined}
      className={({ isActive }) =>
        cn(
          'flex h-9 items-center gap-3 rounded-md text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
          isActive ? 'bg-sidebar-accent text-sidebar-accent-foreground' : 'text-sidebar-foreground',
          collapsed ? 'justify-center' : 'px-2.5',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{title}</span>
    </NavLink>
  );
}
