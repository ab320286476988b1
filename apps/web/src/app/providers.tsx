import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { toasterGate } from '@/lib/toast';

// TanStack Query's provider is a route (query-provider-route.tsx), mounted above the layouts
// whose pages fetch, so the login page does not load it.

const AppToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

/** Mounts the Toaster once the first toast is asked for (lib/toast.ts). */
function DeferredToaster() {
  const requested = useSyncExternalStore(toasterGate.subscribe, toasterGate.isRequested, toasterGate.isRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <DeferredToaster />
    </I18nextProvider>
  );
}
