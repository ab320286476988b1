import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Menu, PanelLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppSidebar } from '@/components/app-sidebar';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { SkipToContentLink } from '@/components/skip-to-content-link';
import { Button } from '@/components/ui/button';
import type { Crumb } from '@/lib/page-handle';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';

// The phone's drawer (Radix Dialog) loads with the first tap on the menu button: no first
// screen needs it (issue 14, web budgets).
const AppSidebarDrawer = lazy(() => import('./app-sidebar-drawer').then((module) => ({ default: module.AppSidebarDrawer })));

/** Tailwind's md breakpoint, where the sidebar shows beside the page instead of as a drawer. */
const desktopQuery = '(min-width: 48rem)';

const collapsedStorageKey = 'sidebar_collapsed';
const storedFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

function readCollapsed(): boolean {
  try {
    const parsed = storedFlag.safeParse(window.localStorage.getItem(collapsedStorageKey));
    return parsed.success ? parsed.data : false;
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(collapsedStorageKey, String(collapsed));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export interface AppSidebarLayoutProps {
  breadcrumbs: Crumb[];
  /** Above the page, inside the main region (the e-mail verification banner). */
  notices?: ReactNode;
  /** At the end of the header, pushed right by its own margin (the basket link). */
  headerEnd?: ReactNode;
  children: ReactNode;
}

/**
 * A collapsible sidebar beside a header with the breadcrumbs. Below the md breakpoint the sidebar
 * becomes a drawer opened from the header's menu button.
 */
export function AppSidebarLayout({ breadcrumbs, notices, headerEnd, children }: AppSidebarLayoutProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Radix's own focus and animation handling.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A phone never shows the desktop sidebar (its menu opens the drawer): not drawn there, it costs
  // a slow phone's first screen nothing (issues 14, 15: a quarter of the basket page's elements).
  const desktop = useMediaQuery(desktopQuery, true);

  const toggleCollapsed = () => {
    const next = !collapsed;
    writeCollapsed(next);
    setCollapsed(next);
  };

  return (
    <div className="flex min-h-dvh bg-background">
      <SkipToContentLink />
      <aside
        aria-label={t('nav.sidebar')}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 border-r border-sidebar-border bg-sidebar transition-[width] duration-200 md:block print:hidden',
          collapsed ? 'w-16' : 'w-64',
        )}
      >
        {user && desktop && <AppSidebar user={user} collapsed={collapsed} />}
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4 print:hidden">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="-ml-1 md:hidden"
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <Menu aria-hidden="true" className="size-5" />
          </Button>
          {drawerWanted && user && (
            <Suspense fallback={null}>
              <AppSidebarDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} returnFocusTo={menuButton} />
            </Suspense>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="-ml-1 max-md:hidden"
            aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
            onClick={toggleCollapsed}
          >
            <PanelLeft aria-hidden="true" className="size-5" />
          </Button>
          <Breadcrumbs breadcrumbs={breadcrumbs} />
          {headerEnd}
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 print:p-0">
          {notices}
          {children}
        </main>
      </div>
    </div>
  );
}
