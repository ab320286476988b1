import { MailCheck, MailOpen } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import '../auth-texts';
import { ResendVerification } from '../components/resend-verification';

/** verify-email (requires auth): the link is on its way; resend it, or log out. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  if (user.email_verified) {
    return (
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-600/10 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-400">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.verifyEmail.verifiedHeading')}</h1>
          <p className="text-sm text-muted-foreground">
            <Trans i18nKey="pages.verifyEmail.verified" values={{ email: user.email }} components={{ strong: <strong className="font-medium text-foreground" /> }} />
          </p>
        </div>
        <Link to={routePath('dashboard')} className={buttonClassName({ className: 'w-full' })}>
          {t('pages.verifyEmail.toDashboard')}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailOpen aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.verifyEmail.heading')}</h1>
          <p className="text-sm text-muted-foreground">
            <Trans i18nKey="pages.verifyEmail.sentTo" values={{ email: user.email }} components={{ strong: <strong className="font-medium break-words text-foreground" /> }} />
          </p>
          <p className="text-sm text-muted-foreground">{t('pages.verifyEmail.hint')}</p>
        </div>
      </div>

      <ResendVerification />

      <p className="text-center text-sm text-muted-foreground">
        {t('pages.verifyEmail.wrongAccount')}{' '}
        <Link to={routePath('logout')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.verifyEmail.logout')}
        </Link>
      </p>
    </div>
  );
}
