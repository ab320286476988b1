import { useState } from 'react';
import type { RegisterRequest } from '@app/contract/registration';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { NewTabLink } from '@/components/new-tab-link';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { buttonClassName } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { RichText } from '@/components/rich-text';
import { rememberReturnPath, returnPathParam, safeReturnPath } from '@/lib/return-path';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSchemaForm } from '@/lib/use-schema-form';
import { translateValidationMessage } from '@/lib/validation-message';
import { googleClientIdOf, useAuthConfig } from '../api/auth-config';
import '../auth-texts';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthForm } from '../components/auth-form';
import { AuthNotice } from '../components/auth-notice';
import { AuthPage } from '../components/auth-page';
import { LazyGoogleSignIn } from '../components/lazy-google-sign-in';
import { useGoogleLogin } from '../lib/use-google-login';

/** What the form holds: the acceptances are plain checkboxes until the schema requires them true. */
type SignupValues = Omit<RegisterRequest, 'accept_privacy_policy' | 'accept_terms'> & {
  accept_privacy_policy: boolean;
  accept_terms: boolean;
};

// Form order: the first field with an error gets the focus.
const formFields = ['name', 'email', 'password', 'password_confirmation', 'accept_privacy_policy', 'accept_terms'] as const satisfies readonly (keyof SignupValues)[];

const emptyForm: SignupValues = {
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  accept_privacy_policy: false,
  accept_terms: false,
};

/**
 * signup (guest-only): creates the account and logs it in, then on to the birth-data step. With
 * `?redirect=` (an invitation link opened while logged out), the page is kept for the new account
 * and opened once the registration steps are done (lib/return-path.ts); log-in links carry it on.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const authConfig = useAuthConfig();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(returnPathParam));
  // The server may close sign-up after the config was read (403 signup_disabled).
  const [closedByServer, setClosedByServer] = useState(false);

  if (authConfig.status === 'loading') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (closedByServer || authConfig.config?.signup_enabled === false) return <SignupClosed returnTo={returnTo} />;
  return <SignupForm googleClientId={googleClientIdOf(authConfig.config)} returnTo={returnTo} onClosed={() => setClosedByServer(true)} />;
}

/** The login page, told to come back to `returnTo` (the page the sign-up was opened for), if any. */
function loginPath(returnTo: string | null): string {
  return routePath('login', {}, { [returnPathParam]: returnTo ?? undefined });
}

function SignupForm({ googleClientId, returnTo, onClosed }: { googleClientId: string | null; returnTo: string | null; onClosed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigateTo = useNavigateTo();
  const [formError, setFormError] = useState<string | null>(null);
  // Google logs in an existing account as often as it creates one: back at once, as after a login.
  const google = useGoogleLogin({
    setFormError,
    onLoggedIn: () => (returnTo === null ? navigateTo('dashboard', { replace: true }) : navigate(returnTo, { replace: true })),
  });
  // Plain state, not react-hook-form (15 KB on this page; lib/use-schema-form.ts).
  const form = useSchemaForm<SignupValues, RegisterRequest>({
    initial: emptyForm,
    fields: formFields,
    loadSchema: () => import('@app/contract/registration').then((module) => module.registerRequest),
  });
  const { errors } = form;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await sessionStore.register(values);
    if (outcome.ok) {
      // Signed in with registration unfinished: the birth-data step is next (an 'auth' route); the
      // page this sign-up was for waits until the address is verified and that step is done.
      rememberReturnPath(outcome.user.id, returnTo);
      await navigateTo('signup-data', { replace: true });
      return;
    }
    if (outcome.status === 403) {
      onClosed();
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; the message above the form.
    setFormError(outcome.error);
    return { fieldErrors: outcome.errors };
  });

  return (
    <AuthPage title={t('pages.signup.heading')} description={t('pages.signup.description')}>
      <AuthForm onSubmit={submit} preload={form.preload} formError={formError} setFormError={setFormError}>
        <TextField
          id="signup-name"
          label={t('pages.signup.name')}
          autoComplete="name"
          placeholder={t('pages.signup.namePlaceholder')}
          error={translateValidationMessage(errors.name, t)}
          {...form.field('name')}
        />
        <EmailField
          id="signup-email"
          label={t('pages.signup.email')}
          placeholder={t('pages.signup.emailPlaceholder')}
          error={translateValidationMessage(errors.email, t)}
          {...form.field('email')}
        />
        <NewPasswordFields
          id="signup-password"
          labels={{ password: t('pages.signup.password'), confirmation: t('pages.signup.passwordConfirmation') }}
          password={form.values.password}
          errors={{ password: { message: errors.password }, password_confirmation: { message: errors.password_confirmation } }}
          register={form.field}
          revealable
        />

        <div className="grid gap-3">
          <CheckboxField
            id="signup-accept-privacy-policy"
            label={
              <RichText text={t('pages.signup.acceptPrivacyPolicy')} components={{ privacyLink: <NewTabLink to={routePath('privacy-policy')} /> }} />
            }
            error={translateValidationMessage(errors.accept_privacy_policy, t)}
            {...form.checkbox('accept_privacy_policy')}
          />
          <CheckboxField
            id="signup-accept-terms"
            label={<RichText text={t('pages.signup.acceptTerms')} components={{ termsLink: <NewTabLink to={routePath('terms-of-service')} /> }} />}
            error={translateValidationMessage(errors.accept_terms, t)}
            {...form.checkbox('accept_terms')}
          />
        </div>

        <PendingButton type="submit" className="mt-1 w-full" pending={form.isSubmitting} pendingLabel={t('pages.signup.submitting')} disabled={google.pending}>
          {t('pages.signup.submit')}
        </PendingButton>
      </AuthForm>

      {googleClientId && (
        <LazyGoogleSignIn clientId={googleClientId} context="signup" onCredential={google.logIn} onError={() => setFormError(t('errors.requestFailed'))} />
      )}

      <AuthFooterLink prompt={t('pages.signup.haveAccount')} to={loginPath(returnTo)}>
        {t('pages.signup.login')}
      </AuthFooterLink>
    </AuthPage>
  );
}

/** Spec 3's signup_enabled is false: a clear notice instead of the form. */
function SignupClosed({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  return (
    <AuthNotice
      icon={UserPlus}
      tone="muted"
      title={t('pages.signup.closedHeading')}
      className="py-2"
      actions={
        <Link to={loginPath(returnTo)} className={buttonClassName({ className: 'w-full' })}>
          {t('pages.signup.login')}
        </Link>
      }
    >
      <p className="text-sm text-muted-foreground">{t('pages.signup.closedMessage')}</p>
    </AuthNotice>
  );
}
