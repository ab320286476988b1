import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { sessionStore } from '@/lib/session-store';
import { resendVerification } from '../api/resend-verification';

/**
 * 'Resend verification email' (spec 4: a new link can be resent), with the server's answer under
 * it: the link was sent, the address is already verified, or the translated 429 'please wait'.
 */
export function ResendVerification({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const resend = async () => {
    setPending(true);
    setOutcome(null);
    const result = await resendVerification();
    setPending(false);
    if (result.data !== null) {
      setOutcome({ tone: 'success', message: result.data.message });
      // 200 instead of 202: the address was verified meanwhile (another tab); show it.
      if (result.status === 200) void sessionStore.reloadUser();
    } else {
      setOutcome({ tone: 'error', message: result.error ?? t('global.genericError') });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {outcome && <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert>}
      <PendingButton variant={variant} className="w-full" pending={pending} pendingLabel={t('pages.verifyEmail.resending')} onClick={() => void resend()}>
        {t('pages.verifyEmail.resend')}
      </PendingButton>
    </div>
  );
}
