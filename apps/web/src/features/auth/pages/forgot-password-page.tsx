import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { requestPasswordReset } from '../api/request-password-reset';
import '../auth-texts';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthForm } from '../components/auth-form';
import { AuthPage } from '../components/auth-page';

type ForgotPasswordValues = { email: string };

const formFields = ['email'] as const satisfies readonly (keyof ForgotPasswordValues)[];

const resolver = lazyZodResolver<ForgotPasswordValues>(() =>
  import('@app/contract/password-reset').then((module) => module.forgotPasswordRequest),
);

/**
 * forgot-password (guest-only): asks for a reset link. The server answers the same whether or not
 * the address has an account, and the page shows that answer as it is.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver, defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    setSent(null);
    const result = await requestPasswordReset(email);
    if (result.data !== null) {
      setSent(result.data.message);
      return;
    }
    // 422: under the field; 429 and the rest: the translated error above the form.
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(result.error ?? t('global.genericError'));
  });

  return (
    <AuthPage title={t('pages.forgotPassword.heading')} description={t('pages.forgotPassword.description')}>
      <FormAlert tone="success">{sent}</FormAlert>
      <AuthForm onSubmit={submit} preload={resolver.preload} formError={formError} setFormError={setFormError}>
        <EmailField
          id="forgot-password-email"
          label={t('pages.forgotPassword.email')}
          placeholder={t('pages.forgotPassword.emailPlaceholder')}
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <PendingButton type="submit" className="w-full" pending={isSubmitting} pendingLabel={t('pages.forgotPassword.submitting')}>
          {sent ? t('pages.forgotPassword.resubmit') : t('pages.forgotPassword.submit')}
        </PendingButton>
      </AuthForm>

      <AuthFooterLink prompt={t('pages.forgotPassword.remembered')} to={routePath('login')}>
        {t('pages.forgotPassword.login')}
      </AuthFooterLink>
    </AuthPage>
  );
}
