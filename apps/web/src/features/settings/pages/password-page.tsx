import { useState } from 'react';
import { changePasswordRequest, type ChangePasswordRequest } from '@app/contract/account-settings';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { TextField } from '@/components/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { changePassword } from '../api/change-password';
import { NoPasswordNotice } from '../components/no-password-notice';
import { SettingsSection } from '../components/settings-section';
import '../settings-texts';

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
    formState: { errors, isSubmitting },
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

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert>{formError}</FormAlert>

      <TextField
        id="current-password"
        label={t('pages.password.current')}
        type="password"
        autoComplete="current-password"
        error={translateValidationMessage(errors.current_password?.message, t)}
        {...register('current_password')}
      />

      <NewPasswordFields
        id="new-password"
        labels={{ password: t('pages.password.new'), confirmation: t('pages.password.confirm') }}
        password={password}
        errors={errors}
        register={register}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('pages.password.saving')}>
          {t('pages.password.submit')}
        </PendingButton>
        <p className="text-xs text-muted-foreground">{t('pages.password.otherSessions')}</p>
      </div>
    </form>
  );
}
