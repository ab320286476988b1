import type { OrganisationSummary } from '@app/contract/organisations';
import { Briefcase, BriefcaseBusiness, CalendarDays, ChartColumn, Receipt, Share2, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { SidebarNavLink } from './sidebar-nav-link';

export interface NavOrganisationProps {
  organisation: OrganisationSummary;
  collapsed?: boolean;
  onNavigate?: () => void;
}

interface OrganisationNavItem {
  key: string;
  to: string;
  titleKey: string;
  icon: LucideIcon;
}

/**
 * Issue 12: with an organisation as the profile in use, the sidebar adds its Members and, for its
 * owners and admins (who manage the subscription), its Billing. Issue 13: Team insights, for every
 * member (members see the team overview too).
 */
export function NavOrganisation({ organisation, collapsed = false, onNavigate }: NavOrganisationProps) {
  const { t } = useTranslation();
  const items: OrganisationNavItem[] = [
    { key: 'members', to: routePath('organization.members', { id: organisation.id }), titleKey: 'nav.members', icon: Users },
    { key: 'insights', to: routePath('organization.insights', { id: organisation.id }), titleKey: 'nav.teamInsights', icon: ChartColumn },
    // Issue 13: a business's owners and admins share it with HC experts; an expert's owners and admins work with its clients.
    ...(organisation.role !== 'member' && organisation.type === 'business' ? [{ key: 'sharing', to: routePath('organization.sharing', { id: organisation.id }), titleKey: 'nav.sharing', icon: Share2 }] : []),
    ...(organisation.role !== 'member' && organisation.type === 'human_capital_expert'
      ? [{ key: 'clients', to: routePath('organization.clients', { id: organisation.id }), titleKey: 'nav.clients', icon: BriefcaseBusiness }]
      : []),
    // Issue 13: an investor's owners and admins keep its portfolio; an event organiser's invite its attendees.
    ...(organisation.role !== 'member' && organisation.type === 'investor' ? [{ key: 'portfolio', to: routePath('organization.portfolio', { id: organisation.id }), titleKey: 'nav.portfolio', icon: Briefcase }] : []),
    // A business's owners and admins see the investors that read it (none until a representative accepts).
    ...(organisation.role !== 'member' && organisation.type === 'business' ? [{ key: 'investors', to: routePath('organization.investors', { id: organisation.id }), titleKey: 'nav.investors', icon: Briefcase }] : []),
    ...(organisation.role !== 'member' && organisation.type === 'event_organiser'
      ? [{ key: 'attendees', to: routePath('organization.attendees', { id: organisation.id }), titleKey: 'nav.attendees', icon: CalendarDays }]
      : []),
    ...(organisation.role === 'member' ? [] : [{ key: 'billing', to: routePath('billing.edit', {}, { organisation: organisation.id }), titleKey: 'nav.billing', icon: Receipt }]),
  ];

  return (
    <nav aria-label={t('nav.organisation', { name: organisation.name })} className="mt-4 px-2">
      <p className={cn('truncate px-2 pb-2 text-xs font-medium text-muted-foreground', collapsed && 'sr-only')}>{organisation.name}</p>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const title = t(item.titleKey);
          return (
            <li key={item.key}>
              <SidebarNavLink to={item.to} title={title} icon={item.icon} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
