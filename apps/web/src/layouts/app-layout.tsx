import { Outlet } from 'react-router';
import { usePageHandle } from '@/lib/page-handle';
import { AppSidebarLayout } from './app/app-sidebar-layout';

/** The signed-in application's shell. Choose another variant here to change the shell everywhere. */
export function AppLayout() {
  const { breadcrumbs = [] } = usePageHandle();
  return (
    <AppSidebarLayout breadcrumbs={breadcrumbs}>
      <Outlet />
    </AppSidebarLayout>
  );
}
