import { accountDeletionMessages, type OwnedOrganisation } from '@app/contract/account-settings';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import '../settings-texts';

export type OrganisationAction = '' | 'transfer' | 'close';

/** The deletion form's values: the password, and a choice per organisation the user alone owns (keyed by its id). */
export interface DeleteAccountFormValues {
  password: string;
  organisations: Record<string, { action: OrganisationAction; new_owner_id: string }>;
}

interface ChoicesProps {
  organisations: readonly OwnedOrganisation[];
  register: UseFormRegister<DeleteAccountFormValues>;
  watch: UseFormWatch<DeleteAccountFormValues>;
  errors: FieldErrors<DeleteAccountFormValues>;
}

/**
 * Issue 14: before deleting the account, its only owner decides for each organisation: pass it to
 * another member (owner at once: the leaving owner cannot accept later) or close it. An
 * organisation without other members can only be closed.
 */
export function OwnedOrganisationChoices({ organisations, register, watch, errors }: ChoicesProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h3 className="text-base font-semibold">{t('pages.confirmPassword.organisations.heading')}</h3>
        <p className="text-sm text-muted-foreground">{t('pages.confirmPassword.organisations.description', { count: organisations.length })}</p>
      </div>
      {organisations.map((organisation) => (
        <OrganisationChoice key={organisation.id} organisation={organisation} register={register} watch={watch} errors={errors} />
      ))}
    </div>
  );
}

function OrganisationChoice({ organisation, register, watch, errors }: Omit<ChoicesProps, 'organisations'> & { organisation: OwnedOrganisation }) {
  const { t } = useTranslation();
  const id = useId();
  const field = `organisations.${organisation.id}` as const;
  const action = watch(`${field}.action`);
  const fieldErrors = errors.organisations?.[organisation.id];
  const canTransfer = organisation.members.length > 0;
  // Alone in it, the only choice is closing: say so rather than offer a transfer it cannot have.
  const actionError = fieldErrors?.action?.message === accountDeletionMessages.chooseForOrganisation && !canTransfer ? t('pages.confirmPassword.organisations.closeRequired') : fieldErrors?.action?.message;
  const ownerError = fieldErrors?.new_owner_id?.message;
  const options = canTransfer ? (['transfer', 'close'] as const) : (['close'] as const);

  return (
    <fieldset className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" aria-describedby={actionError ? `${id}-error` : undefined}>
      {/* Floated, so the legend sits inside the card rather than on its border. */}
      <legend className="float-left w-full text-base font-semibold">{organisation.name}</legend>
      <p className="clear-left pt-0.5 text-sm text-muted-foreground">
        {t(`pages.confirmPassword.organisations.types.${organisation.type}`)} ·{' '}
        {t('pages.confirmPassword.organisations.otherMembers', { count: organisation.members_total })}
      </p>
      <div className="mt-3 grid gap-3">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              action === option && 'border-primary bg-accent/40',
            )}
          >
            <input type="radio" value={option} className="mt-1 size-4 shrink-0 accent-primary" aria-invalid={actionError ? true : undefined} {...register(`${field}.action`)} />
            <span className="grid gap-1">
              <span className="text-sm font-semibold">{t(`pages.confirmPassword.organisations.${option}.label`)}</span>
              <span className="text-sm text-muted-foreground">{t(`pages.confirmPassword.organisations.${option}.description`)}</span>
            </span>
          </label>
        ))}
        {!canTransfer && <p className="text-sm text-muted-foreground">{t('pages.confirmPassword.organisations.onlyMember')}</p>}
      </div>
      {action === 'transfer' && canTransfer && (
        <div className="mt-3 grid gap-2">
          <Label htmlFor={`${id}-owner`}>{t('pages.confirmPassword.organisations.newOwner')}</Label>
          <NativeSelect id={`${id}-owner`} aria-invalid={ownerError ? true : undefined} aria-describedby={ownerError ? `${id}-owner-error` : undefined} {...register(`${field}.new_owner_id`)}>
            <option value="">{t('pages.confirmPassword.organisations.chooseMember')}</option>
            {organisation.members.map((member) => (
              <option key={member.user_id} value={member.user_id}>
                {t('pages.confirmPassword.organisations.memberOption', { name: member.name, email: member.email, role: t(`pages.confirmPassword.organisations.roles.${member.role}`) })}
              </option>
            ))}
          </NativeSelect>
          {organisation.members_total > organisation.members.length && (
            <p className="text-sm text-muted-foreground">{t('pages.confirmPassword.organisations.moreMembers', { shown: organisation.members.length })}</p>
          )}
          <FieldError id={`${id}-owner-error`}>{ownerError}</FieldError>
        </div>
      )}
      <FieldError id={`${id}-error`} className="mt-2">
        {actionError}
      </FieldError>
    </fieldset>
  );
}
