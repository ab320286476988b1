import { lazy, Suspense, useState } from 'react';
import type { RegisterRequest } from '@app/contract/registration';
import { UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPasswordRuleMessage, PasswordRulesChecklist } from '@/components/password-rules-checklist';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { translateValidationMessage } from '@/lib/validation-message';
import { googleClientIdOf, useAuthConfig } from '../api/auth-config';
import '../auth-texts';
import { CheckboxField } from '../components/checkbox-field';
import { FormAlert } from '../components/form-alert';
import { NewTabLink } from '@/components/new-tab-link';
import { TextField } from '../components/text-field';

// Its own chunk, loaded only when the auth config offers Google (the login page's budget).
const GoogleSignIn = lazy(() => import('../components/google-sign-in'));

/** What the form holds: the acceptances are plain checkboxes until the schema requires them true. */
type SignupValues = Omit<RegisterRequest, 'accept_privacy_policy' | 'accept_terms'> & {
  accept_privacy_policy: boolean;
  accept_terms: boolean;
};

// Form order: the first field with an error gets the focus.
const formFields = ['name', 'email', 'password', 'password_confirmation', 'accept_privacy_policy', 'accept_terms'] as const satisfies readonly (keyof SignupValues)[];

const resolver = lazyZodResolver<SignupValues, RegisterRequest>(() => import('@app/contract/registration').then((module) => module.registerRequest));

const emptyForm: SignupValues = {
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  accept_privacy_policy: false,
  accept_terms: false,
};

/** signup (guest-only): creates the account and logs it in, then on to the birth-data step. */
export function SignupPage() {
  const { t } = useTranslation();
  const authConfig = useAuthConfig();
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
  if (closedByServer || authConfig.config?.signup_enabled === false) return <SignupClosed />;
  return <SignupForm googleClientId={googleClientIdOf(authConfig.config)} onClosed={() => setClosedByServer(true)} />;
}

function SignupForm({ googleClientId, onClosed }: { googleClientId: string | null; onClosed: () => void }) {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const [formError, setFormError] = useState<string | null>(null);
  const [googlePending, setGooglePending] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues, unknown, RegisterRequest>({ resolver, defaultValues: emptyForm });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await sessionStore.register(values);
    if (outcome.ok) {
      // Signed in with registration unfinished: the birth-data step is next (an 'auth' route).
      await navigateTo('signup-data', { replace: true });
      return;
    }
    if (outcome.status === 403) {
      onClosed();
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; the message above the form.
    applyServerFieldErrors(outcome.errors, formFields, setError);
    setFormError(outcome.error);
  });

  const onGoogleCredential = async (credential: string) => {
    setFormError(null);
    setGooglePending(true);
    const outcome = await sessionStore.loginWithGoogle(credential);
    setGooglePending(false);
    if (outcome.ok) await navigateTo('dashboard', { replace: true });
    else setFormError(outcome.error);
  };

  const passwordMessage = errors.password?.message;
  const passwordError = isPasswordRuleMessage(passwordMessage) ? t('validation.passwordRules') : translateValidationMessage(passwordMessage, t);
  const busy = isSubmitting || googlePending;

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.signup.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.signup.description')}</p>
      </div>

      {formError && <FormAlert tone="error">{formError}</FormAlert>}

      <form
        onSubmit={(event) => void submit(event).catch(() => setFormError(t('global.genericError')))}
        onFocus={resolver.preload}
        noValidate
        className="flex flex-col gap-5"
      >
        <TextField
          id="signup-name"
          label={t('pages.signup.name')}
          autoComplete="name"
          placeholder={t('pages.signup.namePlaceholder')}
          error={translateValidationMessage(errors.name?.message, t)}
          {...register('name')}
        />
        <TextField
          id="signup-email"
          label={t('pages.signup.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('pages.signup.emailPlaceholder')}
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <TextField
          id="signup-password"
          label={t('pages.signup.password')}
          type="password"
          autoComplete="new-password"
          revealable
          error={passwordError}
          describedBy="signup-password-rules"
          {...register('password')}
        >
          <PasswordRulesChecklist id="signup-password-rules" value={password} showFailures={passwordMessage !== undefined} />
        </TextField>
        <TextField
          id="signup-password-confirmation"
          label={t('pages.signup.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          revealable
          error={translateValidationMessage(errors.password_confirmation?.message, t)}
          {...register('password_confirmation')}
        />

        <div className="grid gap-3">
          <CheckboxField
            id="signup-accept-privacy-policy"
            label={
              <Trans i18nKey="pages.signup.acceptPrivacyPolicy" components={{ privacyLink: <NewTabLink to={routePath('privacy-policy')} /> }} />
            }
            error={translateValidationMessage(errors.accept_privacy_policy?.message, t)}
            {...register('accept_privacy_policy')}
          />
          <CheckboxField
            id="signup-accept-terms"
            label={<Trans i18nKey="pages.signup.acceptTerms" components={{ termsLink: <NewTabLink to={routePath('terms-of-service')} /> }} />}
            error={translateValidationMessage(errors.accept_terms?.message, t)}
            {...register('accept_terms')}
          />
        </div>

        <Button type="submit" className="mt-1 w-full" disabled={busy}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('pages.signup.submitting') : t('pages.signup.submit')}
        </Button>
      </form>

      {googleClientId && (
        <Suspense fallback={null}>
          <GoogleSignIn
            clientId={googleClientId}
            context="signup"
            onCredential={(credential) => void onGoogleCredential(credential)}
            onError={() => setFormError(t('errors.requestFailed'))}
          />
        </Suspense>
      )}

      <p className="text-center text-sm text-muted-foreground">
        {t('pages.signup.haveAccount')}{' '}
        <Link to={routePath('login')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.signup.login')}
        </Link>
      </p>
    </div>
  );
}

/** Spec 3's signup_enabled is false: a clear notice instead of the form. */
function SignupClosed() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserPlus aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.signup.closedHeading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.signup.closedMessage')}</p>
      </div>
      <Link to={routePath('login')} className={buttonClassName({ className: 'w-full' })}>
        {t('pages.signup.login')}
      </Link>
    </div>
  );
}
