import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { translateValidationMessage } from '@/lib/validation-message';
import { googleClientIdOf, useAuthConfig } from '../api/auth-config';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';
import { readLoginNotice } from '../lib/login-notice';
import { useLoginForm } from '../lib/use-login-form';

// Its own chunk, loaded only when the auth config offers Google (the login page's budget).
const GoogleSignIn = lazy(() => import('../components/google-sign-in'));

export function LoginPage() {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const location = useLocation();
  const notice = readLoginNotice(location.state);
  // Spec section 2: entering the login page clears the cached auth config.
  const authConfig = useAuthConfig({ fresh: true });
  const googleClientId = googleClientIdOf(authConfig.config);
  const [formError, setFormError] = useState<string | null>(null);
  const [googlePending, setGooglePending] = useState(false);

  const form = useLoginForm(async (values) => {
    setFormError(null);
    const outcome = await sessionStore.login(values);
    if (outcome.ok) {
      await navigateTo('dashboard', { replace: true });
      return;
    }
    // Spec sections 5 and 8: a 422's field errors go under their fields, the message above the form.
    setFormError(outcome.error);
    return { fieldErrors: outcome.errors };
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The validation code could not be downloaded (offline): say so instead of doing nothing.
    form.onSubmit(event).catch(() => setFormError(t('global.genericError')));
  };

  const onGoogleCredential = async (credential: string) => {
    setFormError(null);
    setGooglePending(true);
    const outcome = await sessionStore.loginWithGoogle(credential);
    setGooglePending(false);
    // Spec section 8: a failed Google login shows errors.requestFailed (the store's error).
    if (outcome.ok) await navigateTo('dashboard', { replace: true });
    else setFormError(outcome.error);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.login.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.login.description')}</p>
      </div>

      {notice === 'password-reset' && !formError && <FormAlert tone="success">{t('pages.login.passwordResetNotice')}</FormAlert>}
      {formError && <FormAlert tone="error">{formError}</FormAlert>}

      <form onSubmit={onSubmit} onFocus={form.preload} noValidate className="flex flex-col gap-5">
        <TextField
          id="login-email"
          label={t('pages.login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
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

        <Button type="submit" className="mt-1 w-full" disabled={form.isSubmitting || googlePending}>
          {form.isSubmitting && <Spinner />}
          {form.isSubmitting ? t('pages.login.submitting') : t('pages.login.submit')}
        </Button>
      </form>

      {googleClientId && (
        <Suspense fallback={null}>
          <GoogleSignIn
            clientId={googleClientId}
            context="signin"
            onCredential={(credential) => void onGoogleCredential(credential)}
            onError={() => setFormError(t('errors.requestFailed'))}
          />
        </Suspense>
      )}

      {authConfig.config?.signup_enabled !== false && (
        <p className="text-center text-sm text-muted-foreground">
          {t('pages.login.noAccount')}{' '}
          <Link to={routePath('signup')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('pages.login.signup')}
          </Link>
        </p>
      )}
    </div>
  );
}
