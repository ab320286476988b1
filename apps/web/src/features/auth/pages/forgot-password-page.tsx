import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { requestPasswordReset } from '../api/request-password-reset';
import '../auth-texts';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';

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
    <div className="flex flex-col gap-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.forgotPassword.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.forgotPassword.description')}</p>
      </div>

      {sent && <FormAlert tone="success">{sent}</FormAlert>}
      {formError && <FormAlert tone="error">{formError}</FormAlert>}

      <form
        onSubmit={(event) => void submit(event).catch(() => setFormError(t('global.genericError')))}
        onFocus={resolver.preload}
        noValidate
        className="flex flex-col gap-5"
      >
        <TextField
          id="forgot-password-email"
          label={t('pages.forgotPassword.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('pages.forgotPassword.emailPlaceholder')}
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('pages.forgotPassword.submitting') : sent ? t('pages.forgotPassword.resubmit') : t('pages.forgotPassword.submit')}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {t('pages.forgotPassword.remembered')}{' '}
        <Link to={routePath('login')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.forgotPassword.login')}
        </Link>
      </p>
    </div>
  );
}
