import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '@/lib/session-store';
import { resendVerification } from '../api/resend-verification';

export type ResendOutcome = { tone: 'success' | 'error'; message: string };

/**
 * Sends a new verification link (spec 4) and keeps the server's answer to show: the link was
 * sent, the address is already verified, or the translated 429 'please wait'.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);

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

  return { pending, outcome, resend };
}
