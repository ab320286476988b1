import { useEffect, useRef, useState } from 'react';
import { verifyEmailRequest } from '@app/contract/email-verification';
import { CircleCheck, LinkIcon, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { takeReturnPathAfterRegistration } from '@/lib/return-path';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { verifyEmail } from '../api/verify-email';
import '../auth-texts';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthNotice } from '../components/auth-notice';
import { ResendVerification } from '../components/resend-verification';

type Outcome =
  | { state: 'verifying' }
  /** `continueTo`: the dashboard, or the page a sign-up was for once the registration steps are done. */
  | { state: 'verified'; message: string; continueTo: string }
  /** The link is malformed, altered or expired (422). */
  | { state: 'invalid' }
  /** 403: a genuine link, but for another account than the one logged in. */
  | { state: 'other-account' }
  /** Anything else (429, 5xx, network): the client's translated error. */
  | { state: 'error'; message: string };

/**
 * verification.verify (requires auth): /verify-email/{id}/{hash}?expires=...&signature=... from
 * the e-mail. Passes the params and the query through to the server and shows the outcome;
 * Continue leads to the page a sign-up was for (an invitation) when this was its last step.
 */
export function VerifyEmailLinkPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  // Once per visit: React's development double-mount must not post twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Values from the URL are parsed, never cast (STYLE): a link missing a part is invalid as is.
    const link = verifyEmailRequest.safeParse({
      id: params.id,
      hash: params.hash,
      expires: searchParams.get('expires') ?? undefined,
      signature: searchParams.get('signature') ?? undefined,
    });
    if (!link.success) {
      setOutcome({ state: 'invalid' });
      return;
    }
    void verifyEmail(link.data).then((result) => {
      if (result.data !== null) {
        sessionStore.setUser(result.data.account);
        const continueTo = takeReturnPathAfterRegistration(result.data.account) ?? routePath('dashboard');
        setOutcome({ state: 'verified', message: result.data.message, continueTo });
      } else if (result.status === 422 || result.status === 400 || result.status === 404) {
        setOutcome({ state: 'invalid' });
      } else if (result.status === 403) {
        setOutcome({ state: 'other-account' });
      } else {
        setOutcome({ state: 'error', message: result.error ?? t('global.genericError') });
      }
    });
  }, [params.id, params.hash, searchParams, t]);

  if (outcome.state === 'verifying') {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <h1 className="text-xl font-semibold tracking-tight">{t('pages.verification.heading')}</h1>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('pages.verification.verifying')}
        </p>
      </div>
    );
  }

  if (outcome.state === 'verified') {
    return (
      <AuthNotice
        icon={CircleCheck}
        tone="success"
        title={t('pages.verification.verifiedHeading')}
        className="py-2"
        actions={
          <Link to={outcome.continueTo} className={buttonClassName({ className: 'w-full' })}>
            {t('pages.verification.continue')}
          </Link>
        }
      >
        <p role="status" className="text-sm text-muted-foreground">
          {outcome.message}
        </p>
      </AuthNotice>
    );
  }

  const otherAccount = outcome.state === 'other-account';
  return (
    <div className="flex flex-col gap-6">
      <AuthNotice icon={otherAccount ? ShieldAlert : LinkIcon} tone="error" title={t('pages.verification.failedHeading')}>
        <p role="alert" className="text-sm text-muted-foreground">
          {outcome.state === 'invalid' ? t('pages.verification.invalidLink') : otherAccount ? t('pages.verification.otherAccount') : outcome.message}
        </p>
        {!otherAccount && <p className="text-sm text-muted-foreground">{t('pages.verification.resendHint')}</p>}
      </AuthNotice>

      {otherAccount ? (
        <Link to={routePath('logout')} className={buttonClassName({ className: 'w-full' })}>
          {t('pages.verifyEmail.logout')}
        </Link>
      ) : (
        <ResendVerification />
      )}

      <AuthFooterLink to={routePath('dashboard')}>{t('pages.verification.toDashboard')}</AuthFooterLink>
    </div>
  );
}
