import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Account } from '@app/contract/account';
import { supportedLocales, updateProfileRequest, type UpdateProfileRequest } from '@app/contract/account-settings';
import { MailWarning } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PendingButton } from '@/components/ui/pending-button';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { updateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';
import '../settings-texts';

const formFields = ['name', 'email', 'locale'] as const satisfies readonly (keyof UpdateProfileRequest)[];
type Locale = (typeof supportedLocales)[number];

function isSupportedLocale(locale: string): locale is Locale {
  return (supportedLocales as readonly string[]).includes(locale);
}

function formValuesOf(user: Account): UpdateProfileRequest {
  return { name: user.name, email: user.email, locale: isSupportedLocale(user.locale) ? user.locale : 'en' };
}

/** Name, e-mail and language (PATCH /api/user/profile); a changed e-mail must be verified again. */
export function ProfileForm({ user }: { user: Account }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  // The address a verification link was just sent to (after an e-mail change in this visit).
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: formValuesOf(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await updateProfile(values);
    if (result.data !== null) {
      const updated = result.data;
      sessionStore.setUser(updated);
      reset(formValuesOf(updated));
      if (updated.email !== user.email) setVerificationSentTo(updated.email);
      void toast.success(t('pages.profile.saved'));
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; anything else above the form.
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(result.error ?? t('global.genericError'));
  });

  const localeError = translateValidationMessage(errors.locale?.message, t);

  return (
    <SettingsSection title={t('pages.profile.heading')} description={t('pages.profile.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <FormAlert>{formError}</FormAlert>

        <TextField
          id="profile-name"
          label={t('pages.profile.name')}
          autoComplete="name"
          error={translateValidationMessage(errors.name?.message, t)}
          {...register('name')}
        />

        <EmailField
          id="profile-email"
          label={t('pages.profile.email')}
          error={translateValidationMessage(errors.email?.message, t)}
          describedBy={user.email_verified ? undefined : 'profile-email-verification'}
          {...register('email')}
        >
          {!user.email_verified && (
            <div
              id="profile-email-verification"
              role="status"
              className="flex gap-2.5 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm text-foreground"
            >
              <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
              <div className="space-y-1">
                <p>
                  {verificationSentTo
                    ? t('pages.profile.verificationSent', { email: verificationSentTo })
                    : t('pages.profile.emailUnverified')}
                </p>
                <Link to={routePath('verify-email')} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
                  {t('pages.profile.verifyEmail')}
                </Link>
              </div>
            </div>
          )}
          {user.email_verified && <p className="text-xs text-muted-foreground">{t('pages.profile.emailChangeHint')}</p>}
        </EmailField>

        <div className="grid gap-2">
          <Label htmlFor="profile-locale">{t('pages.profile.locale')}</Label>
          <NativeSelect
            id="profile-locale"
            className="sm:max-w-xs"
            aria-invalid={localeError ? true : undefined}
            aria-describedby={localeError ? 'profile-locale-error' : undefined}
            {...register('locale')}
          >
            {supportedLocales.map((locale) => (
              <option key={locale} value={locale}>
                {t(`languages.${locale}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="profile-locale-error">{localeError}</FieldError>
        </div>

        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('pages.profile.saving')}>
          {t('pages.profile.save')}
        </PendingButton>
      </form>
    </SettingsSection>
  );
}
