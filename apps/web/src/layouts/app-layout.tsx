import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { usePageHandle } from '@/lib/page-handle';
import { AppSidebarLayout } from './app/app-sidebar-layout';

export interface AppLayoutProps {
  /** Shown above every page's content (the e-mail verification banner). */
  notices?: ReactNode;
  /** At the end of the header (the basket link, which the app shell gives: layouts import no feature). */
  headerEnd?: ReactNode;
  /** The content, when the shell frames something other than a child route (the NotFound page). */
  children?: ReactNode;
}

/** The signed-in application's shell. Choose another variant here to change the shell everywhere. */
export function AppLayout({ notices, headerEnd, children }: AppLayoutProps) {
  const { breadcrumbs = [] } = usePageHandle();
  return (
    <AppSidebarLayout breadcrumbs={breadcrumbs} notices={notices} headerEnd={headerEnd}>
      {children ?? <Outlet />}
    </AppSidebarLayout>
  );
}
