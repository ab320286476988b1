import { useState } from 'react';
import { invalidResetLinkMessage, type ResetPasswordRequest } from '@app/contract/password-reset';
import { LinkIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isPasswordRuleMessage, PasswordRulesChecklist } from '@/components/password-rules-checklist';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { translateValidationMessage } from '@/lib/validation-message';
import { resetPassword } from '../api/reset-password';
import '../auth-texts';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';
import { withLoginNotice } from '../lib/login-notice';

// The token comes from the URL and travels with the values; it has no input of its own.
const formFields = ['email', 'password', 'password_confirmation'] as const satisfies readonly (keyof ResetPasswordRequest)[];

const resolver = lazyZodResolver<ResetPasswordRequest>(() => import('@app/contract/password-reset').then((module) => module.resetPasswordRequest));

function isInvalidLink(outcome: { error: string | null; errors: Record<string, string[]> | null }): boolean {
  return outcome.error === invalidResetLinkMessage || Object.values(outcome.errors ?? {}).some((messages) => messages.includes(invalidResetLinkMessage));
}

/**
 * reset-password (guest-only): /reset-password/{token}?email=... from the e-mail. Success goes to
 * the login page with a notice; an unknown, used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordRequest>({
    resolver,
    // spec 2: an optional email query value, prefilled (the user may still correct it).
    defaultValues: { token, email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await resetPassword(values);
    if (result.data !== null) {
      await navigateTo('login', { replace: true, state: withLoginNotice('password-reset') });
      return;
    }
    if (isInvalidLink(result)) {
      setLinkInvalid(true);
      return;
    }
    applyServerFieldErrors(result.errors, formFields, setError);
    setFormError(result.error ?? t('global.genericError'));
  });

  if (linkInvalid) {
    return (
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.resetPassword.invalidHeading')}</h1>
          <p role="alert" className="text-sm text-muted-foreground">
            {t('pages.resetPassword.invalidLink')}
          </p>
        </div>
        <Link to={routePath('forgot-password')} className={buttonClassName({ className: 'w-full' })}>
          {t('pages.resetPassword.requestNewLink')}
        </Link>
        <Link to={routePath('login')} className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.resetPassword.backToLogin')}
        </Link>
      </div>
    );
  }

  const passwordMessage = errors.password?.message;
  const passwordError = isPasswordRuleMessage(passwordMessage) ? t('validation.passwordRules') : translateValidationMessage(passwordMessage, t);

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.resetPassword.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.resetPassword.description')}</p>
      </div>

      {formError && <FormAlert tone="error">{formError}</FormAlert>}

      <form
        onSubmit={(event) => void submit(event).catch(() => setFormError(t('global.genericError')))}
        onFocus={resolver.preload}
        noValidate
        className="flex flex-col gap-5"
      >
        <TextField
          id="reset-password-email"
          label={t('pages.resetPassword.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <TextField
          id="reset-password-password"
          label={t('pages.resetPassword.password')}
          type="password"
          autoComplete="new-password"
          revealable
          error={passwordError}
          describedBy="reset-password-rules"
          {...register('password')}
        >
          <PasswordRulesChecklist id="reset-password-rules" value={password} showFailures={passwordMessage !== undefined} />
        </TextField>
        <TextField
          id="reset-password-confirmation"
          label={t('pages.resetPassword.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          revealable
          error={translateValidationMessage(errors.password_confirmation?.message, t)}
          {...register('password_confirmation')}
        />
        <Button type="submit" className="mt-1 w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('pages.resetPassword.submitting') : t('pages.resetPassword.submit')}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        <Link to={routePath('login')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.resetPassword.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
