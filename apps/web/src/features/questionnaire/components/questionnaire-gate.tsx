import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';

// The overlay (its dialog, question steps and texts) loads only for a user with questions left:
// a finished user's app pages never fetch it (issue 14, web budgets).
const QuestionnaireOverlay = lazy(() => import('./questionnaire-overlay').then((module) => ({ default: module.QuestionnaireOverlay })));

/**
 * Shows the questionnaire overlay whenever the signed-in user has unanswered questions (spec 2),
 * once the birth-data step is done (the server serves questions only then) and the policy prompt
 * is answered (one modal at a time). When the questions run out it reloads the user, so the
 * completion flags (and the dashboard's steps) follow.
 */
export function QuestionnaireGate() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The user whose questionnaire ended here: it stays closed for them even if reloading the user
  // failed and the stored count is still the old one.
  const [finishedFor, setFinishedFor] = useState<string | null>(null);
  const userId = user?.id ?? null;

  const handleFinished = useCallback(async () => {
    await sessionStore.reloadUser();
    setFinishedFor(userId);
    void toast.success(t('questionnaire.completed'));
  }, [userId, t]);

  const open =
    user !== null && user.signup_completed && !user.policy_update_required && user.unanswered_questions > 0 && finishedFor !== user.id;
  if (!open) return null;

  // A new overlay per user: nothing of one account's questionnaire carries over to another's.
  return (
    // Until it is there, a plain cover of the overlay's own place, so the page beneath never shows.
    <Suspense fallback={<div className="fixed inset-0 z-40 bg-background" />}>
      <QuestionnaireOverlay key={user.id} onFinished={handleFinished} />
    </Suspense>
  );
}
