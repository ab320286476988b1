import { MailCheck, MailOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { RichText } from '@/components/rich-text';
import { routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import '../auth-texts';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthNotice } from '../components/auth-notice';
import { ResendVerification } from '../components/resend-verification';

/** verify-email (requires auth): the link is on its way; resend it, or log out. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  if (user.email_verified) {
    return (
      <AuthNotice
        icon={MailCheck}
        tone="success"
        title={t('pages.verifyEmail.verifiedHeading')}
        className="py-2"
        actions={
          <Link to={routePath('dashboard')} className={buttonClassName({ className: 'w-full' })}>
            {t('pages.verifyEmail.toDashboard')}
          </Link>
        }
      >
        <p className="text-sm text-muted-foreground">
          <RichText text={t('pages.verifyEmail.verified', { email: user.email })} components={{ strong: <strong className="font-medium text-foreground" /> }} />
        </p>
      </AuthNotice>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <AuthNotice icon={MailOpen} tone="info" title={t('pages.verifyEmail.heading')}>
        <p className="text-sm text-muted-foreground">
          <RichText text={t('pages.verifyEmail.sentTo', { email: user.email })} components={{ strong: <strong className="font-medium break-words text-foreground" /> }} />
        </p>
        <p className="text-sm text-muted-foreground">{t('pages.verifyEmail.hint')}</p>
      </AuthNotice>

      <ResendVerification />

      <AuthFooterLink prompt={t('pages.verifyEmail.wrongAccount')} to={routePath('logout')}>
        {t('pages.verifyEmail.logout')}
      </AuthFooterLink>
    </div>
  );
}
