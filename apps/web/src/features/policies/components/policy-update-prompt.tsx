import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/use-session';

// The dialog (Radix Dialog, its texts, the accept call) loads only for a user who must agree:
// everyone else's app pages never fetch it (issue 14, web budgets).
const PolicyUpdateDialog = lazy(() => import('./policy-update-dialog').then((module) => ({ default: module.PolicyUpdateDialog })));

/**
 * Spec section 2's policy-update agreement prompt: a modal dialog over the app while the session
 * user's `policy_update_required` is true (policy-update-dialog.tsx). Mounted by the app shell
 * only, so guest pages never show it.
 */
export function PolicyUpdatePrompt() {
  const { user } = useSession();
  if (user?.policy_update_required !== true) return null;
  return (
    <Suspense fallback={null}>
      <PolicyUpdateDialog />
    </Suspense>
  );
}
