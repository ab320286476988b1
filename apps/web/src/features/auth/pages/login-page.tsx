import { useEffect, useState } from 'react';
import type { LoginRequest } from '@app/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { routePath } from '@/lib/route-paths';
import { returnPathParam, safeReturnPath } from '@/lib/return-path';
import { sessionExpiredNotice } from '@/lib/session-expired-notice';
import { sessionStore } from '@/lib/session-store';
import { useSchemaForm } from '@/lib/use-schema-form';
import { translateValidationMessage } from '@/lib/validation-message';
import { googleClientIdOf, useAuthConfig } from '../api/auth-config';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthForm } from '../components/auth-form';
import { AuthPage } from '../components/auth-page';
import { LazyGoogleSignIn } from '../components/lazy-google-sign-in';
import { readLoginNotice } from '../lib/login-notice';
import { useGoogleLogin } from '../lib/use-google-login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const notice = readLoginNotice(location.state);
  // spec 4 and 8: a failed refresh ended the last session; say so once, on this visit only.
  const [sessionExpired] = useState(sessionExpiredNotice.isPending);
  useEffect(() => sessionExpiredNotice.clear(), []);
  // Spec section 2: entering the login page clears the cached auth config.
  const authConfig = useAuthConfig({ fresh: true });
  const googleClientId = googleClientIdOf(authConfig.config);
  const [formError, setFormError] = useState<string | null>(null);

  // Back to the page the guard sent the visitor away from, if it is one of ours; the guard
  // then decides there as on any navigation.
  const returnTo = safeReturnPath(searchParams.get(returnPathParam));
  const afterLogin = () => navigate(returnTo ?? routePath('dashboard'), { replace: true });
  const google = useGoogleLogin({ setFormError, onLoggedIn: afterLogin });

  const form = useSchemaForm<LoginRequest, LoginRequest>({
    initial: { email: '', password: '' },
    fields: ['email', 'password'],
    // The contract's schema (classic zod) loads when the user starts on the form, not with the page.
    loadSchema: () => import('@app/contract/auth').then((module) => module.loginRequest),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await sessionStore.login(values);
    if (outcome.ok) {
      await afterLogin();
      return;
    }
    // Spec sections 5 and 8: a 422's field errors go under their fields, the message above the form.
    setFormError(outcome.error);
    return { fieldErrors: withoutRepeatOf(outcome.error, outcome.errors) };
  });

  return (
    <AuthPage title={t('pages.login.heading')} description={t('pages.login.description')}>
      {notice === 'password-reset' && !formError && <FormAlert tone="success">{t('pages.login.passwordResetNotice')}</FormAlert>}
      {sessionExpired && !formError && <FormAlert tone="info">{t('errors.sessionExpired')}</FormAlert>}
      <AuthForm onSubmit={onSubmit} preload={form.preload} formError={formError} setFormError={setFormError}>
        <EmailField
          id="login-email"
          label={t('pages.login.email')}
          placeholder={t('pages.login.emailPlaceholder')}
          error={translateValidationMessage(form.errors.email, t)}
          {...form.field('email')}
        />

        <TextField
          id="login-password"
          label={t('pages.login.password')}
          type="password"
          autoComplete="current-password"
          revealable
          error={translateValidationMessage(form.errors.password, t)}
          labelAside={
            <Link to={routePath('forgot-password')} className="rounded-sm text-sm text-primary underline-offset-4 hover:underline">
              {t('pages.login.forgotPassword')}
            </Link>
          }
          {...form.field('password')}
        />

        <PendingButton
          type="submit"
          className="mt-1 w-full"
          pending={form.isSubmitting}
          pendingLabel={t('pages.login.submitting')}
          disabled={google.pending}
        >
          {t('pages.login.submit')}
        </PendingButton>
      </AuthForm>

      {googleClientId && (
        <LazyGoogleSignIn
          clientId={googleClientId}
          context="signin"
          onCredential={google.logIn}
          onError={() => setFormError(t('errors.requestFailed'))}
        />
      )}

      {authConfig.config?.signup_enabled !== false && (
        <AuthFooterLink prompt={t('pages.login.noAccount')} to={routePath('signup', {}, { [returnPathParam]: returnTo ?? undefined })}>
          {t('pages.login.signup')}
        </AuthFooterLink>
      )}
    </AuthPage>
  );
}

/**
 * The field errors without those that only repeat the message above the form: 'Invalid login
 * credentials' comes as the message and as the e-mail's error, and is said once, in the alert
 * (announced at once; it does not claim the e-mail is the wrong part).
 */
function withoutRepeatOf(message: string, fieldErrors: Record<string, string[]> | null): Record<string, string[]> | null {
  if (fieldErrors === null) return null;
  const kept = Object.entries(fieldErrors)
    .map(([field, messages]) => [field, messages.filter((text) => text !== message)] as const)
    .filter(([, messages]) => messages.length > 0);
  return Object.fromEntries(kept);
}
