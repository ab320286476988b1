import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Account } from '@app/contract/account';
import { billingDetailsRequest, type BillingDetails, type BillingDetailsInput, type BillingDetailsRequest } from '@app/contract/billing-details';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingFields } from '@/components/billing-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { billingDetailsQueryOptions, useBillingDetails } from '@/lib/billing-details';
import { browserCountry, isListedCountry } from '@/lib/countries';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { translateValidationMessage } from '@/lib/validation-message';
import { deleteBillingDetails } from '../api/delete-billing-details';
import { updateBillingDetails } from '../api/update-billing-details';
import { SettingsSection } from '../components/settings-section';
import '../settings-texts';

// Settings › Billing (the spec's BillingSettings page; its personal part, issue 16): the account's
// billing details with the field names of spec section 3, which prefill the checkout and whose
// country prices the basket. The organisations issue adds the organisation's part.

type FormValues = BillingDetailsInput;

const formFields = ['name', 'billing_email', 'address_line_1', 'address_line_2', 'city', 'postal_code', 'county', 'country'] as const satisfies readonly (keyof FormValues)[];

/** What the form shows: the saved details, else the account's name, e-mail and country of birth. */
function formValuesOf(saved: BillingDetails | null, user: Account): FormValues {
  const birthCountry = user.birth_details?.country_code ?? '';
  const country = saved?.country ?? (isListedCountry(birthCountry) ? birthCountry : browserCountry());
  return {
    name: saved?.name ?? user.name,
    billing_email: saved?.billing_email ?? user.email,
    address_line_1: saved?.address_line_1 ?? '',
    address_line_2: saved?.address_line_2 ?? '',
    city: saved?.city ?? '',
    postal_code: saved?.postal_code ?? '',
    county: saved?.county ?? '',
    country,
  };
}

/**
 * Settings › Billing (billing.edit): GET, PUT and DELETE /api/user/billing-details.
 * `onChanged` runs after a save or a removal: the app prices the basket again (issue 16: the saved
 * country prices it), which a feature cannot do itself (app/billing-settings-route.tsx); `invoices`
 * is the shop's invoices, shown under the details (issue 12), from the payments feature.
 */
export function BillingSettingsPage({ onChanged, invoices }: { onChanged?: () => void; invoices?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const details = useBillingDetails(user?.id ?? null);

  let content;
  if (!user || details.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('pages.billing.loading')}
      </p>
    );
  } else if (details.isError) {
    content = (
      <FormAlert>
        <p>{t('pages.billing.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void details.refetch()}>
          {t('pages.billing.retry')}
        </Button>
      </FormAlert>
    );
  } else {
    // Keyed by when they were saved: a save or a removal opens the form afresh with the stored values.
    content = <BillingForm key={details.data?.updated_at ?? 'none'} user={user} saved={details.data} onChanged={onChanged} />;
  }

  return (
    <div className="space-y-12">
      <SettingsSection title={t('pages.billing.heading')} description={t('pages.billing.description')}>
        {content}
      </SettingsSection>
      {invoices}
    </div>
  );
}

function BillingForm({ user, saved, onChanged }: { user: Account; saved: BillingDetails | null; onChanged?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  // The fields lock only while a request is on its way, not while the form checks itself: the
  // check ends by focusing the first field in error, which a disabled field cannot take.
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, BillingDetailsRequest>({
    resolver: zodResolver(billingDetailsRequest),
    defaultValues: formValuesOf(saved, user),
  });

  const queryKey = billingDetailsQueryOptions(user.id).queryKey;
  const stored = (next: BillingDetails | null) => {
    queryClient.setQueryData(queryKey, next);
    onChanged?.();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaving(true);
    const result = await updateBillingDetails(values);
    setSaving(false);
    if (result.data !== null) {
      void toast.success(t('pages.billing.saved'));
      stored(result.data.data);
      return;
    }
    // Spec section 5: a 422's field errors go under their fields; anything else above the form.
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(result.error ?? t('global.genericError'));
  });

  const remove = async () => {
    setFormError(null);
    setRemoving(true);
    const result = await deleteBillingDetails();
    setRemoving(false);
    if (result.error !== null) {
      setFormError(result.error);
      return;
    }
    void toast.success(t('pages.billing.removed'));
    stored(null);
  };

  const error = (field: keyof FormValues) => translateValidationMessage(errors[field]?.message, t);
  const optional = (label: string) => `${label} (${t('pages.billing.optional')})`;
  const field = (name: keyof FormValues, id: string, label: string) => ({ id, label, registration: register(name), error: error(name) });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert>{formError}</FormAlert>
      {saved === null && (
        <p role="note" className="rounded-md border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
          {t('pages.billing.notSaved')}
        </p>
      )}

      <BillingFields
        legend={t('pages.billing.heading')}
        disabled={saving || removing}
        fields={[
          { ...field('name', 'billing-name', t('pages.billing.name')), autoComplete: 'name', wide: true },
          { ...field('billing_email', 'billing-billing-email', t('pages.billing.billingEmail')), kind: 'email', wide: true },
          { ...field('address_line_1', 'billing-address-line-1', t('pages.billing.addressLine1')), autoComplete: 'address-line1', wide: true },
          { ...field('address_line_2', 'billing-address-line-2', optional(t('pages.billing.addressLine2'))), autoComplete: 'address-line2', wide: true },
          { ...field('city', 'billing-city', t('pages.billing.city')), autoComplete: 'address-level2' },
          { ...field('postal_code', 'billing-postal-code', t('pages.billing.postalCode')), autoComplete: 'postal-code' },
          { ...field('county', 'billing-county', optional(t('pages.billing.county'))), autoComplete: 'address-level1' },
          { ...field('country', 'billing-country', t('pages.billing.country')), kind: 'country', placeholder: t('pages.billing.chooseCountry'), hint: t('pages.billing.countryHint') },
        ]}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('pages.billing.saving')}>
          {t('pages.billing.submit')}
        </PendingButton>
        {saved !== null && (
          <PendingButton type="button" variant="ghost" className="text-muted-foreground hover:text-destructive" pending={removing} pendingLabel={t('pages.billing.removing')} onClick={() => void remove()}>
            {t('pages.billing.remove')}
          </PendingButton>
        )}
      </div>
    </form>
  );
}
