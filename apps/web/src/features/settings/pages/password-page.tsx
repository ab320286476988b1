import { useState } from 'react';
import { changePasswordRequest, type ChangePasswordRequest } from '@app/contract/account-settings';
import { validationMessages } from '@app/contract/messages';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isPasswordRuleMessage, PasswordRulesChecklist } from '@/components/password-rules-checklist';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { changePassword } from '../api/change-password';
import { NoPasswordNotice } from '../components/no-password-notice';
import { SettingsSection } from '../components/settings-section';

const formFields = ['current_password', 'password', 'password_confirmation'] as const satisfies readonly (keyof ChangePasswordRequest)[];
function isFormField(field: PropertyKey | undefined): field is (typeof formFields)[number] {
  return formFields.some((name) => name === field);
}

// The contract's schema, first message per field. Not zodResolver: withPasswordConfirmation types
// the schema's input as unknown, which zodResolver cannot pair with the form's fields.
const changePasswordResolver: Resolver<ChangePasswordRequest> = (values) => {
  const parsed = changePasswordRequest.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ChangePasswordRequest> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && errors[field] === undefined) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const emptyForm: ChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

/** Settings › Password (password.edit): PUT /api/user/password; other sessions are signed out. */
export function PasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <SettingsSection title={t('pages.password.heading')} description={t('pages.password.description')}>
      {user && !user.has_password ? <NoPasswordNotice /> : <PasswordForm />}
    </SettingsSection>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ChangePasswordRequest>({
    resolver: changePasswordResolver,
    defaultValues: emptyForm,
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await changePassword(values);
    if (result.data !== null) {
      reset(emptyForm);
      // The contract's passwordChangedMessage, in the user's language.
      void toast.success(t('pages.password.changed'));
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; anything else above the form.
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(result.error ?? t('global.genericError'));
  });

  const currentError = translateValidationMessage(errors.current_password?.message, t);
  // The checklist names the missing rules; under the field stands spec 8's one sentence.
  const passwordError = isPasswordRuleMessage(errors.password?.message)
    ? translateValidationMessage(validationMessages.passwordRules, t)
    : translateValidationMessage(errors.password?.message, t);
  const confirmationError = translateValidationMessage(errors.password_confirmation?.message, t);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert>{formError}</FormAlert>

      <div className="grid gap-2">
        <Label htmlFor="current-password">{t('pages.password.current')}</Label>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={currentError ? true : undefined}
          aria-describedby={currentError ? 'current-password-error' : undefined}
          {...register('current_password')}
        />
        <FieldError id="current-password-error">{currentError}</FieldError>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="new-password">{t('pages.password.new')}</Label>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={[passwordError ? 'new-password-error' : null, 'new-password-rules'].filter(Boolean).join(' ')}
          {...register('password')}
        />
        <FieldError id="new-password-error">{passwordError}</FieldError>
        <PasswordRulesChecklist id="new-password-rules" value={password} showFailures={isSubmitted && Boolean(errors.password)} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor="password-confirmation">{t('pages.password.confirm')}</Label>
        <Input
          id="password-confirmation"
          type="password"
          autoComplete="new-password"
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={confirmationError ? 'password-confirmation-error' : undefined}
          {...register('password_confirmation')}
        />
        <FieldError id="password-confirmation-error">{confirmationError}</FieldError>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('pages.password.saving') : t('pages.password.submit')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('pages.password.otherSessions')}</p>
      </div>
    </form>
  );
}
