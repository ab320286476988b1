import { useState } from 'react';
import { flushSync } from 'react-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BillingDetailsInput, BillingDetailsRequest } from '@app/contract/billing-details';
import { organisationBillingDetailsMessages, organisationBillingDetailsRequest } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingFields, type BillingField } from '@/components/billing-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { organisationQueryOptions } from '@/lib/organisation-details';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { translateValidationMessage } from '@/lib/validation-message';
import { updateBillingDetails } from '../api/update-billing-details';
import { refusalMessage } from '../lib/refusal';

type FormValues = BillingDetailsInput;

/** The fields in the order the form shows them (a 422 focuses the first of its fields). */
const formFields = ['name', 'billing_email', 'address_line_1', 'address_line_2', 'city', 'postal_code', 'country', 'county'] as const satisfies readonly (keyof FormValues)[];

function formValuesOf(details: Organisation['billing_details']): FormValues {
  return { ...details, address_line_2: details.address_line_2 ?? '', county: details.county ?? '' };
}

export interface BillingDetailsFormProps {
  organisation: Organisation;
  onDone(): void;
}

/**
 * The organisation's billing details as the wizard's step 3 takes them (the same fields, rules and
 * messages, from the contract): saved with PATCH, the server's 422 under its field.
 */
export function BillingDetailsForm({ organisation, onDone }: BillingDetailsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // Locked only while the request is on its way: the form's own check ends by focusing a field.
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, BillingDetailsRequest>({
    resolver: zodResolver(organisationBillingDetailsRequest),
    defaultValues: formValuesOf(organisation.billing_details),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaving(true);
    const result = await updateBillingDetails(organisation.id, values);
    // Unlocked before a 422 focuses its field: a disabled field cannot take the focus.
    flushSync(() => setSaving(false));
    if (result.data !== null) {
      queryClient.setQueryData(organisationQueryOptions(organisation.id).queryKey, result.data.data);
      void toast.success(organisationBillingDetailsMessages.saved);
      onDone();
      return;
    }
    // Spec section 5: a 422's messages go under their fields; anything else above the form.
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(refusalMessage(result));
  });

  const text = (key: string) => t(`organisationBilling.details.${key}`);
  const optional = (label: string) => `${label} (${text('optional')})`;
  const field = (name: keyof FormValues, label: string, options: Omit<BillingField, 'id' | 'label' | 'registration' | 'error'> = {}): BillingField => ({
    id: `billing-details-${name.replaceAll('_', '-')}`,
    label,
    registration: register(name),
    error: translateValidationMessage(errors[name]?.message, t),
    ...options,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert>{formError}</FormAlert>
      <BillingFields
        legend={t('organisationBilling.details.heading')}
        disabled={saving}
        fields={[
          field('name', text('name'), { autoComplete: 'organization', wide: true }),
          field('billing_email', text('billingEmail'), { kind: 'email', wide: true }),
          field('address_line_1', text('addressLine1'), { autoComplete: 'address-line1', wide: true }),
          field('address_line_2', optional(text('addressLine2')), { autoComplete: 'address-line2', wide: true }),
          field('city', text('city'), { autoComplete: 'address-level2' }),
          field('postal_code', text('postalCode'), { autoComplete: 'postal-code' }),
          field('country', text('country'), { kind: 'country', placeholder: text('chooseCountry'), hint: text('countryHint') }),
          field('county', optional(text('county')), { autoComplete: 'address-level1' }),
        ]}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="ghost" disabled={saving} onClick={onDone}>
          {text('cancel')}
        </Button>
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={text('saving')}>
          {text('submit')}
        </PendingButton>
      </div>
    </form>
  );
}
