import { useEffect, useId, useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { RichText } from '@/components/rich-text';
import { sessionStore } from '@/lib/session-store';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';
import '../auth-texts';
import { useResendVerification } from '../lib/use-resend-verification';

// Dismissed for the browser session (this tab, until it is closed), for the account that
// dismissed it: the next visit, or another account in the same tab, sees it again.
const dismissedStorageKey = 'email_verification_banner_dismissed';

function dismissedFor(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(dismissedStorageKey) === userId;
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string): void {
  try {
    window.sessionStorage.setItem(dismissedStorageKey, userId);
  } catch {
    // Storage unavailable: dismissed until the page is reloaded.
  }
}

/**
 * On every app page until the user's e-mail address is verified: what to do, a Resend button
 * (spec 4: a new link can be resent; the server throttles it) and a way to put it away for the
 * session. Mounted by the app shell, so the verification pages themselves never show it.
 */
export function EmailVerificationBanner() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = user !== null && !user.email_verified && dismissed !== user.id && !dismissedFor(user.id);

  // The link is usually opened in another tab: coming back here, ask whether it worked.
  useEffect(() => {
    if (!shown) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sessionStore.reloadUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [shown]);

  if (!shown) return null;
  const dismiss = () => {
    rememberDismissed(user.id);
    setDismissed(user.id);
  };
  return <BannerContent email={user.email} onDismiss={dismiss} />;
}

function BannerContent({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { pending, outcome, resend } = useResendVerification();

  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto mb-6 flex w-full max-w-5xl items-start gap-3 rounded-lg border border-amber-600/30 bg-amber-500/10 p-4 text-sm print:hidden"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="font-semibold text-amber-950 dark:text-amber-100">
            {t('emailVerificationBanner.title')}
          </h2>
          <p className="text-amber-950/80 dark:text-amber-100/85">
            <RichText text={t('emailVerificationBanner.message', { email })} components={{ strong: <strong className="font-medium break-all" /> }} />
          </p>
          {outcome && (
            <p
              role={outcome.tone === 'error' ? 'alert' : 'status'}
              className={cn('font-medium', outcome.tone === 'error' ? 'text-destructive' : 'text-emerald-800 dark:text-emerald-300')}
            >
              {outcome.message}
            </p>
          )}
        </div>
        <PendingButton
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          pending={pending}
          pendingLabel={t('emailVerificationBanner.resending')}
          onClick={() => void resend()}
        >
          {t('emailVerificationBanner.resend')}
        </PendingButton>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="-mt-1 -mr-1 text-amber-950/70 hover:bg-amber-500/15 dark:text-amber-100/80"
        aria-label={t('emailVerificationBanner.dismiss')}
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
