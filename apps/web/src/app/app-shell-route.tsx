import type { ReactNode } from 'react';
import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { BasketLink } from '@/features/basket/components/basket-link';
import { PolicyUpdatePrompt } from '@/features/policies/components/policy-update-prompt';
import { QuestionnaireGate } from '@/features/questionnaire/components/questionnaire-gate';
import { AppLayout } from '@/layouts/app-layout';
import { prepareMoneyFormat } from '@/lib/money';
import { usePreparedLater } from '@/lib/use-prepared-later';

/**
 * The signed-in app's layout route: the shell with the e-mail verification banner above every
 * page and the basket link in the header, plus what overlays every app page (spec 2's
 * policy-update prompt and questionnaire overlay). Guest pages use other layouts, so they never
 * show these. `children` stands in for the child route where the shell frames a page of its own
 * (the NotFound page of a signed-in user).
 */
export function AppShellRoute({ children }: { children?: ReactNode }) {
  // After the frame is drawn, in a task of its own, before the page's data come back (lib/money.ts).
  usePreparedLater(prepareMoneyFormat);
  return (
    <>
      <AppLayout notices={<EmailVerificationBanner />} headerEnd={<BasketLink className="ml-auto" />}>
        {children}
      </AppLayout>
      <QuestionnaireGate />
      <PolicyUpdatePrompt />
    </>
  );
}
