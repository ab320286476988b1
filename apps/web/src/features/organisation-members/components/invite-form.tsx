import { useId, useState } from 'react';
import { assignableRoles, invitationRequest, memberMessages, type InvitationInput } from '@app/contract/organisation-members';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PendingButton } from '@/components/ui/pending-button';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { translateValidationMessage } from '@/lib/validation-message';
import { useInviteMember } from '../api/invite-member';
import { refusalMessage } from '../lib/refusal';

type InviteValues = InvitationInput;

const formFields = ['email', 'role'] as const satisfies readonly (keyof InviteValues)[];

/** Invite people: an e-mail address and a role; the server's 422 ('already a member', 'already invited') under its field. */
export function InviteForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const roleId = useId();
  const invite = useInviteMember(organisationId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, z.output<typeof invitationRequest>>({ resolver: zodResolver(invitationRequest), defaultValues: { email: '', role: 'member' } });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await invite(values);
    if (result.data !== null) {
      reset({ email: '', role: values.role });
      void toast.success(memberMessages.invitationSent);
      return;
    }
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(refusalMessage(result));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="invite-heading" className="grid gap-4">
      <div className="space-y-1">
        <h3 id="invite-heading" className="font-semibold">
          {t('organisationMembers.invite.heading')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('organisationMembers.invite.description')}</p>
      </div>
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
        <EmailField
          id={`${roleId}-email`}
          label={t('organisationMembers.invite.email')}
          placeholder={t('organisationMembers.invite.emailPlaceholder')}
          error={translateValidationMessage(errors.email?.message, t)}
          {...register('email')}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor={roleId}>{t('organisationMembers.invite.role')}</Label>
          <NativeSelect id={roleId} {...register('role')}>
            {assignableRoles.map((role) => (
              <option key={role} value={role}>
                {t(`organisationMembers.roles.${role}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PendingButton type="submit" className="sm:mt-[1.375rem]" pending={isSubmitting} pendingLabel={t('organisationMembers.invite.submitting')}>
          {t('organisationMembers.invite.submit')}
        </PendingButton>
      </div>
    </form>
  );
}
