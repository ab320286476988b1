import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest, type LoginRequest } from '@app/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { translateValidationMessage } from '@/lib/validation-message';

const formFields = ['email', 'password'] as const satisfies readonly (keyof LoginRequest)[];

function isFormField(field: string): field is (typeof formFields)[number] {
  return (formFields as readonly string[]).includes(field);
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await sessionStore.login(values);
    if (outcome.ok) {
      await navigateTo('dashboard', { replace: true });
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; the message goes above the form.
    for (const [field, messages] of Object.entries(outcome.errors ?? {})) {
      const message = messages[0];
      if (isFormField(field) && message) setError(field, { type: 'server', message });
    }
    setFormError(outcome.error);
  });

  const emailError = translateValidationMessage(errors.email?.message, t);
  const passwordError = translateValidationMessage(errors.password?.message, t);

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('pages.login.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.login.description')}</p>
      </div>

      {formError && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {formError}
        </div>
      )}

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-2">
          <Label htmlFor="login-email">{t('pages.login.email')}</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('pages.login.emailPlaceholder')}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'login-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="login-email-error">{emailError}</FieldError>
        </div>

        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="login-password">{t('pages.login.password')}</Label>
            <Link to={routePath('forgot-password')} className="rounded-sm text-sm text-primary underline-offset-4 hover:underline">
              {t('pages.login.forgotPassword')}
            </Link>
          </div>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'login-password-error' : undefined}
            {...register('password')}
          />
          <FieldError id="login-password-error">{passwordError}</FieldError>
        </div>

        <Button type="submit" className="mt-1 w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('pages.login.submitting') : t('pages.login.submit')}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {t('pages.login.noAccount')}{' '}
        <Link to={routePath('signup')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.login.signup')}
        </Link>
      </p>
    </div>
  );
}
