import { UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { IdentityProblem } from '../lib/use-checkout-payment';

export interface IdentityAlertProps {
  reason: IdentityProblem;
  /** Opens the login page (session) or puts the cursor in the e-mail field (email). */
  onRetry(reason: IdentityProblem): void;
}

/** Spec section 8: 'You missed identifying yourself, click here to try again!', all of it the link. */
export function IdentityAlert({ reason, onRetry }: IdentityAlertProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
      <UserRoundX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <button type="button" className="cursor-pointer text-left underline underline-offset-2 hover:no-underline" onClick={() => onRetry(reason)}>
        {t('checkout.messages.identityMissing')}
      </button>
    </div>
  );
}
