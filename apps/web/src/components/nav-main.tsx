import { CreditCard, FileText, LayoutGrid, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { routePath, type ParamlessRouteName } from '@/lib/route-paths';
import { cn } from '@/lib/utils';

export interface NavItem {
  route: ParamlessRouteName;
  titleKey: string;
  icon: LucideIcon;
}

// Spec section 2: the sidebar holds Dashboard, Reports and Payments.
export const mainNavItems: NavItem[] = [
  { route: 'dashboard', titleKey: 'nav.dashboard', icon: LayoutGrid },
  { route: 'reports', titleKey: 'nav.reports', icon: FileText },
  { route: 'payments', titleKey: 'nav.payments', icon: CreditCard },
];

export interface NavMainProps {
  items?: NavItem[];
  /** Icons only (a collapsed sidebar); the names stay available to assistive technology. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function NavMain({ items = mainNavItems, collapsed = false, onNavigate }: NavMainProps) {
  const { t } = useTranslation();

  return (
    <nav aria-label={t('nav.main')} className="px-2">
      <p className={cn('px-2 pb-2 text-xs font-medium text-muted-foreground', collapsed && 'sr-only')}>{t('nav.platform')}</p>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const title = t(item.titleKey);
          return (
            <li key={item.route}>
              <NavLink
                to={routePath(item.route)}
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
                <item.icon aria-hidden="true" className="size-4 shrink-0" />
                <span className={cn('truncate', collapsed && 'sr-only')}>{title}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
