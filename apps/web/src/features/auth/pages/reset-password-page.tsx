import { useState } from 'react';
import { invalidResetLinkMessage, type ResetPasswordRequest } from '@app/contract/password-reset';
import { LinkIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { EmailField } from '@/components/email-field';
import { buttonClassName } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { translateValidationMessage } from '@/lib/validation-message';
import { resetPassword } from '../api/reset-password';
import '../auth-texts';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthForm } from '../components/auth-form';
import { AuthNotice } from '../components/auth-notice';
import { AuthPage } from '../components/auth-page';
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
      <AuthNotice
        icon={LinkIcon}
        tone="error"
        title={t('pages.resetPassword.invalidHeading')}
        className="py-2"
        actions={
          <>
            <Link to={routePath('forgot-password')} className={buttonClassName({ className: 'w-full' })}>
              {t('pages.resetPassword.requestNewLink')}
            </Link>
            <Link to={routePath('login')} className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('pages.resetPassword.backToLogin')}
            </Link>
          </>
        }
      >
        <p role="alert" className="text-sm text-muted-foreground">
          {t('pages.resetPassword.invalidLink')}
        </p>
      </AuthNotice>
    );
  }

  return (
    <AuthPage title={t('pages.resetPassword.heading')} description={t('pages.resetPassword.description')}>
      <AuthForm onSubmit={submit} preload={resolver.preload} formError={formError} setFormError={setFormError}>
        <EmailField
          id="reset-password-email"
          label={t('pages.resetPassword.email')}
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <NewPasswordFields
          id="reset-password"
          labels={{ password: t('pages.resetPassword.password'), confirmation: t('pages.resetPassword.passwordConfirmation') }}
          password={password}
          errors={errors}
          register={register}
          revealable
        />
        <PendingButton type="submit" className="mt-1 w-full" pending={isSubmitting} pendingLabel={t('pages.resetPassword.submitting')}>
          {t('pages.resetPassword.submit')}
        </PendingButton>
      </AuthForm>

      <AuthFooterLink to={routePath('login')}>{t('pages.resetPassword.backToLogin')}</AuthFooterLink>
    </AuthPage>
  );
}
