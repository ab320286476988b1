import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { usePageHandle } from '@/lib/page-handle';
import { AppSidebarLayout } from './app/app-sidebar-layout';

export interface AppLayoutProps {
  /** Shown above every page's content (the e-mail verification banner). */
  notices?: ReactNode;
  /** The content, when the shell frames something other than a child route (the NotFound page). */
  children?: ReactNode;
}

/** The signed-in application's shell. Choose another variant here to change the shell everywhere. */
export function AppLayout({ notices, children }: AppLayoutProps) {
  const { breadcrumbs = [] } = usePageHandle();
  return (
    <AppSidebarLayout breadcrumbs={breadcrumbs} notices={notices}>
      {children ?? <Outlet />}
    </AppSidebarLayout>
  );
}
