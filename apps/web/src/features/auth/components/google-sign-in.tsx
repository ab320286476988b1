import { useTranslation } from 'react-i18next';
import { GoogleSignInButton, type GoogleSignInButtonProps } from './google-sign-in-button';

/**
 * "or", then Google's button: shown by the login and sign-up pages when the auth config offers
 * Google. Loaded through LazyGoogleSignIn: most deployments have no Google sign-in, and the login
 * page has a budget.
 */
export default function GoogleSignIn(props: GoogleSignInButtonProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleSignInButton {...props} />
    </div>
  );
}
