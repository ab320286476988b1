import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { useResendVerification } from '../lib/use-resend-verification';

/**
 * 'Resend verification email' (spec 4: a new link can be resent), with the server's answer above
 * it: the link was sent, the address is already verified, or the translated 429 'please wait'.
 */
export function ResendVerification({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const { t } = useTranslation();
  const { pending, outcome, resend } = useResendVerification();

  return (
    <div className="flex flex-col gap-3">
      {outcome && <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert>}
      <PendingButton variant={variant} className="w-full" pending={pending} pendingLabel={t('pages.verifyEmail.resending')} onClick={() => void resend()}>
        {t('pages.verifyEmail.resend')}
      </PendingButton>
    </div>
  );
}
