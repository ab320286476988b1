import { PolicyUpdatePrompt } from '@/features/policies/components/policy-update-prompt';
import { AppLayout } from '@/layouts/app-layout';

/**
 * The signed-in app's layout route: the shell, plus what overlays every app page (spec 2's
 * policy-update prompt). Guest pages use other layouts, so they never show these.
 */
export function AppShellRoute() {
  return (
    <>
      <AppLayout />
      <PolicyUpdatePrompt />
    </>
  );
}
