import { CreditCard, FileText, LayoutGrid, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routePath, type ParamlessRouteName } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { SidebarNavLink } from './sidebar-nav-link';

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
              <SidebarNavLink to={routePath(item.route)} title={title} icon={item.icon} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
