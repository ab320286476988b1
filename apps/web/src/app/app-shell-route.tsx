import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { PolicyUpdatePrompt } from '@/features/policies/components/policy-update-prompt';
import { QuestionnaireGate } from '@/features/questionnaire/components/questionnaire-gate';
import { AppLayout } from '@/layouts/app-layout';

/**
 * The signed-in app's layout route: the shell with the e-mail verification banner above every
 * page, plus what overlays every app page (spec 2's policy-update prompt and questionnaire
 * overlay). Guest pages use other layouts, so they never show these.
 */
export function AppShellRoute() {
  return (
    <>
      <AppLayout notices={<EmailVerificationBanner />} />
      <QuestionnaireGate />
      <PolicyUpdatePrompt />
    </>
  );
}
