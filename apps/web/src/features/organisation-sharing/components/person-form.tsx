import { useId, useState } from 'react';
import { clientPersonKinds, clientPersonRequest, type ClientPersonRequest, type ClientPersonView } from '@app/contract/organisation-shares';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PendingButton } from '@/components/ui/pending-button';
import type { RequestResult } from '@/lib/http-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { translateValidationMessage } from '@/lib/validation-message';
import { refusalMessage } from '../lib/refusal';

const formFields = ['kind', 'position_title', 'full_name', 'email'] as const satisfies readonly (keyof ClientPersonRequest)[];

export interface PersonFormProps {
  /** The person being edited; a new one when absent. */
  person?: ClientPersonView;
  onSubmit: (values: z.output<typeof clientPersonRequest>) => Promise<RequestResult<unknown>>;
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * Add or edit an employee or contractor: type, position title, name, e-mail (read-only once the
 * person has joined: their address is their account's). The server's 422s go under the fields.
 */
export function PersonForm({ person, onSubmit, onDone, onCancel }: PersonFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = person !== undefined;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClientPersonRequest, unknown, z.output<typeof clientPersonRequest>>({
    resolver: zodResolver(clientPersonRequest),
    defaultValues: { kind: person?.kind ?? 'employee', position_title: person?.position_title ?? '', full_name: person?.full_name ?? '', email: person?.email ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await onSubmit(values);
    if (result.error === null) {
      if (!editing) reset();
      onDone();
      return;
    }
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(refusalMessage(result));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={editing ? t('organisationSharing.people.editLabel', { name: person.full_name }) : t('organisationSharing.people.addHeading')} className="grid gap-4">
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-kind`}>{t('organisationSharing.people.kind')}</Label>
          <NativeSelect id={`${id}-kind`} disabled={editing} {...register('kind')}>
            {clientPersonKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`organisationSharing.people.kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TextField id={`${id}-title`} label={t('organisationSharing.people.positionTitle')} error={translateValidationMessage(errors.position_title?.message, t)} {...register('position_title')} />
        <TextField id={`${id}-name`} label={t('organisationSharing.people.fullName')} autoComplete="off" error={translateValidationMessage(errors.full_name?.message, t)} {...register('full_name')} />
        <EmailField id={`${id}-email`} label={t('organisationSharing.people.email')} autoComplete="off" readOnly={person?.invitation === 'joined'} error={translateValidationMessage(errors.email?.message, t)} {...register('email')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={editing ? t('organisationSharing.people.saving') : t('organisationSharing.people.adding')}>
          {editing ? t('organisationSharing.people.save') : t('organisationSharing.people.add')}
        </PendingButton>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('organisationSharing.people.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
