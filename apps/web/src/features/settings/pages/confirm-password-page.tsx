import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountRequest, type DeleteAccountRequest } from '@app/contract/account-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/text-field';
import { buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { routePath } from '@/lib/route-paths';
import { toast } from '@/lib/toast';
import { tokenStorage } from '@/lib/token-storage';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { translateValidationMessage } from '@/lib/validation-message';
import { deleteAccount } from '../api/delete-account';
import { SettingsSection } from '../components/settings-section';

/**
 * The spec's ConfirmPassword page (password.confirm, /settings/confirm-password): the password
 * confirms deleting the account (DELETE /api/user).
 */
export function ConfirmPasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // An account created through Google has no password: the server takes its e-mail address
  // instead, from a sign-in less than 10 minutes old (contract: recentSignInSeconds).
  const withEmail = user !== null && !user.has_password;
  return (
    <SettingsSection
      title={t('pages.confirmPassword.heading')}
      description={withEmail ? t('pages.confirmPassword.descriptionWithoutPassword') : t('pages.confirmPassword.description')}
    >
      <ConfirmPasswordForm withEmail={withEmail} />
    </SettingsSection>
  );
}

function ConfirmPasswordForm({ withEmail }: { withEmail: boolean }) {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountRequest>({
    // raw: the password goes as typed; the contract's trimming is for checking it, not for sending it.
    resolver: zodResolver(deleteAccountRequest, undefined, { raw: true }),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await deleteAccount(values);
    if (result.error === null) {
      // The server has already revoked every token: logging out would only fail. Clearing the
      // stored session empties the session store too (it follows the storage).
      tokenStorage.clear();
      void toast.success(t('pages.confirmPassword.deleted'));
      await navigateTo('login', { replace: true });
      return;
    }
    const passwordMessage = result.errors?.password?.[0] ?? (result.status === 400 || result.status === 403 ? result.error : undefined);
    if (passwordMessage) setError('password', { type: 'server', message: passwordMessage }, { shouldFocus: true });
    else setFormError(result.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert>{formError}</FormAlert>
      <TextField
        id="confirm-password"
        label={withEmail ? t('pages.confirmPassword.email') : t('pages.confirmPassword.password')}
        type={withEmail ? 'email' : 'password'}
        autoComplete={withEmail ? 'off' : 'current-password'}
        autoFocus
        error={translateValidationMessage(errors.password?.message, t)}
        {...register('password')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Link to={routePath('profile.edit')} className={buttonClassName({ variant: 'outline' })}>
          {t('pages.confirmPassword.cancel')}
        </Link>
        <PendingButton type="submit" variant="destructive" pending={isSubmitting} pendingLabel={t('pages.confirmPassword.submitting')}>
          {t('pages.confirmPassword.submit')}
        </PendingButton>
      </div>
    </form>
  );
}
