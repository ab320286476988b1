import { Building2, CreditCard, KeyRound, Palette, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { routePath, type ParamlessRouteName } from '@/lib/route-paths';
import { cn } from '@/lib/utils';

interface SettingsNavItem {
  route: ParamlessRouteName;
  titleKey: string;
  icon: LucideIcon;
}

// Spec section 2: the settings navigation holds Profile, Password, Appearance and Billing; issue 13
// adds Organisations (what each organisation may see of the member's results).
const settingsNavItems: SettingsNavItem[] = [
  { route: 'profile.edit', titleKey: 'settingsNav.profile', icon: UserRound },
  { route: 'password.edit', titleKey: 'settingsNav.password', icon: KeyRound },
  { route: 'appearance', titleKey: 'settingsNav.appearance', icon: Palette },
  { route: 'billing.edit', titleKey: 'settingsNav.billing', icon: CreditCard },
  { route: 'organisations.consent', titleKey: 'settingsNav.organisations', icon: Building2 },
];

/** Settings pages: a heading, the settings navigation, and the page beside (or below) it. */
export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-5xl">
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.settings.description')}</p>
      </div>
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
        <nav aria-label={t('settingsNav.label')} className="shrink-0 lg:w-52">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {settingsNavItems.map((item) => (
              <li key={item.route}>
                <NavLink
                  to={routePath(item.route)}
                  className={({ isActive }) =>
                    cn(
                      'flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
                      isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                    )
                  }
                >
                  <item.icon aria-hidden="true" className="size-4" />
                  {t(item.titleKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1 lg:max-w-2xl">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
