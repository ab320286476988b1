import { useId, useState } from 'react';
import { shareMessages, shareOfferRequest, shareScopes, type ShareOfferRequest } from '@app/contract/organisation-shares';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { translateValidationMessage } from '@/lib/validation-message';
import { useOfferShare } from '../api/client-shares';
import { refusalMessage } from '../lib/refusal';

const formFields = ['expert_owner_email', 'expert_organisation_name', 'scope'] as const satisfies readonly (keyof ShareOfferRequest)[];

/** The owner's offer: the expert organisation's owner's e-mail address (and its name if they own several) and the scope. */
export function OfferShareForm({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const offer = useOfferShare(clientId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShareOfferRequest, unknown, z.output<typeof shareOfferRequest>>({
    resolver: zodResolver(shareOfferRequest),
    defaultValues: { expert_owner_email: '', expert_organisation_name: '', scope: ['aggregates'] },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await offer({ ...values, expert_organisation_name: values.expert_organisation_name || undefined });
    if (result.data !== null) {
      reset();
      void toast.success(shareMessages.offered);
      return;
    }
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(refusalMessage(result));
  });

  const scopeError = errors.scope?.message ?? errors.scope?.root?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t('organisationSharing.sharing.offerHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('organisationSharing.sharing.offerDescription')}</p>
      </div>
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2">
        <EmailField id={`${id}-email`} label={t('organisationSharing.sharing.expertEmail')} error={translateValidationMessage(errors.expert_owner_email?.message, t)} {...register('expert_owner_email')} />
        <TextField id={`${id}-name`} label={t('organisationSharing.sharing.expertName')} error={translateValidationMessage(errors.expert_organisation_name?.message, t)} {...register('expert_organisation_name')} />
      </div>
      <fieldset className="grid gap-2" aria-describedby={scopeError ? `${id}-scope-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('organisationSharing.sharing.scopeLegend')}</legend>
        {shareScopes.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={scope} className="size-4 accent-primary" {...register('scope')} />
            {t(`organisationSharing.scopes.${scope}`)}
          </label>
        ))}
        {scopeError && <FieldError id={`${id}-scope-error`}>{translateValidationMessage(scopeError, t)}</FieldError>}
      </fieldset>
      <div>
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('organisationSharing.sharing.submitting')}>
          {t('organisationSharing.sharing.submit')}
        </PendingButton>
      </div>
    </form>
  );
}
