import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountDeletionMessages, deleteAccountRequest, type DeleteAccountRequest, type OwnedOrganisation } from '@app/contract/account-settings';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Loading, LoadFailed } from '@/components/page-states';
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
import { useOwnedOrganisations } from '../api/owned-organisations';
import { OwnedOrganisationChoices, type DeleteAccountFormValues } from '../components/owned-organisation-choices';
import { SettingsSection } from '../components/settings-section';
import '../settings-texts';

/**
 * The spec's ConfirmPassword page (password.confirm, /settings/confirm-password): the password
 * confirms deleting the account (DELETE /api/user). An organisation's only owner first chooses,
 * for each such organisation, to pass it to another member or to close it (issue 14).
 */
export function ConfirmPasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const owned = useOwnedOrganisations();
  // An account created through Google has no password: the server takes its e-mail address
  // instead, from a sign-in less than 10 minutes old (contract: recentSignInSeconds).
  const withEmail = user !== null && !user.has_password;
  return (
    <SettingsSection
      title={t('pages.confirmPassword.heading')}
      description={withEmail ? t('pages.confirmPassword.descriptionWithoutPassword') : t('pages.confirmPassword.description')}
    >
      {owned.isPending ? (
        <Loading />
      ) : owned.isError ? (
        <LoadFailed message={t('pages.confirmPassword.organisations.loadFailed')} retry={() => void owned.refetch()} />
      ) : (
        <ConfirmPasswordForm withEmail={withEmail} organisations={owned.data} />
      )}
    </SettingsSection>
  );
}

/**
 * The password by the contract's rule and a choice for each organisation, checked together so
 * that one submit names every missing answer (the server checks the same and answers alike).
 */
function formSchemaFor(organisations: readonly OwnedOrganisation[]) {
  return z
    .object({
      password: z.string(),
      organisations: z.record(z.string(), z.object({ action: z.enum(['', 'transfer', 'close']), new_owner_id: z.string() })),
    })
    .superRefine((values, context) => {
      for (const organisation of organisations) {
        const choice = values.organisations[organisation.id];
        if (!choice?.action) context.addIssue({ code: 'custom', path: ['organisations', organisation.id, 'action'], message: accountDeletionMessages.chooseForOrganisation });
        else if (choice.action === 'transfer' && !choice.new_owner_id) {
          context.addIssue({ code: 'custom', path: ['organisations', organisation.id, 'new_owner_id'], message: accountDeletionMessages.newOwnerMustBeMember });
        }
      }
      const password = deleteAccountRequest.shape.password.safeParse(values.password);
      if (!password.success) context.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0]?.message ?? '' });
    });
}

/** What DELETE /api/user takes: the choices as the contract shapes them (the form checked each is made). */
function choicesOf(values: DeleteAccountFormValues['organisations']): DeleteAccountRequest['organisations'] {
  const choices: DeleteAccountRequest['organisations'] = {};
  for (const [id, choice] of Object.entries(values)) {
    if (choice.action === 'close') choices[id] = { action: 'close' };
    else if (choice.action === 'transfer') choices[id] = { action: 'transfer', new_owner_id: choice.new_owner_id };
  }
  return choices;
}

function ConfirmPasswordForm({ withEmail, organisations }: { withEmail: boolean; organisations: readonly OwnedOrganisation[] }) {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountFormValues>({
    // The first field in error on the page takes the focus (the organisations come before the
    // password there, but register after it: react-hook-form's own choice would be the password).
    shouldFocusError: false,
    // raw: the password goes as typed; the contract's trimming is for checking it, not for sending it.
    resolver: zodResolver(formSchemaFor(organisations), undefined, { raw: true }),
    defaultValues: { password: '', organisations: Object.fromEntries(organisations.map((organisation) => [organisation.id, { action: '', new_owner_id: '' }])) },
  });

  const focusFirstError = (found: FieldErrors<DeleteAccountFormValues>) => {
    for (const organisation of organisations) {
      const choice = found.organisations?.[organisation.id];
      if (choice?.action) return setFocus(`organisations.${organisation.id}.action`);
      if (choice?.new_owner_id) return setFocus(`organisations.${organisation.id}.new_owner_id`);
    }
    if (found.password) setFocus('password');
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await deleteAccount({ password: values.password, organisations: choicesOf(values.organisations) });
    if (result.error === null) {
      // The server has already revoked every token: logging out would only fail. Clearing the
      // stored session empties the session store too (it follows the storage).
      tokenStorage.clear();
      void toast.success(t('pages.confirmPassword.deleted'));
      await navigateTo('login', { replace: true });
      return;
    }
    let shown = false;
    for (const [field, messages] of Object.entries(result.errors ?? {})) {
      const message = messages[0];
      const [, organisationId, part] = /^organisations\.([^.]+)(?:\.(new_owner_id))?$/.exec(field) ?? [];
      if (!message || !organisationId) continue;
      setError(`organisations.${organisationId}.${part === 'new_owner_id' ? 'new_owner_id' : 'action'}`, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
    const passwordMessage = result.errors?.password?.[0] ?? (result.status === 400 || result.status === 403 ? result.error : undefined);
    if (passwordMessage) setError('password', { type: 'server', message: passwordMessage }, { shouldFocus: !shown });
    else if (!shown) setFormError(result.error);
  }, focusFirstError);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert>{formError}</FormAlert>
      {organisations.length > 0 && <OwnedOrganisationChoices organisations={organisations} register={register} watch={watch} errors={errors} />}
      <TextField
        id="confirm-password"
        label={withEmail ? t('pages.confirmPassword.email') : t('pages.confirmPassword.password')}
        type={withEmail ? 'email' : 'password'}
        autoComplete={withEmail ? 'off' : 'current-password'}
        autoFocus={organisations.length === 0}
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
