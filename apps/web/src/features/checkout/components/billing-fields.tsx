import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { translateValidationMessage } from '@/lib/validation-message';
import type { BillingField, CheckoutFormValues } from '../lib/checkout-form';
import { countryOptions } from '@/lib/countries';

export interface BillingFieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  disabled: boolean;
}

/** Spec section 3 "Checkout billing", plus the optional company and VAT number of a business buyer. */
export function BillingFields({ register, errors, disabled }: BillingFieldsProps) {
  const { t } = useTranslation();
  const countries = useMemo(() => countryOptions(), []);
  const error = (field: BillingField) => translateValidationMessage(errors[field]?.message, t);
  const optional = (label: string) => `${label} (${t('checkout.billing.optional')})`;
  const countryError = error('country');

  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t('checkout.billing.heading')}</legend>
      <TextField id="billing-first-name" label={t('checkout.billing.firstName')} autoComplete="given-name" error={error('first_name')} {...register('first_name')} />
      <TextField id="billing-last-name" label={t('checkout.billing.lastName')} autoComplete="family-name" error={error('last_name')} {...register('last_name')} />
      <div className="sm:col-span-2">
        <EmailField id="billing-email" label={t('checkout.billing.email')} error={error('email')} {...register('email')} />
      </div>
      <div className="sm:col-span-2">
        <TextField id="billing-address" label={t('checkout.billing.address')} autoComplete="street-address" error={error('address')} {...register('address')} />
      </div>
      <TextField id="billing-city" label={t('checkout.billing.city')} autoComplete="address-level2" error={error('city')} {...register('city')} />
      <TextField id="billing-state" label={optional(t('checkout.billing.state'))} autoComplete="address-level1" error={error('state')} {...register('state')} />
      <TextField id="billing-postal-code" label={t('checkout.billing.postalCode')} autoComplete="postal-code" error={error('postal_code')} {...register('postal_code')} />
      <div className="grid content-start gap-2">
        <Label htmlFor="billing-country">{t('checkout.billing.country')}</Label>
        <NativeSelect
          id="billing-country"
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? 'billing-country-error' : undefined}
          {...register('country')}
        >
          <option value="">{t('checkout.billing.chooseCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="billing-country-error">{countryError}</FieldError>
      </div>
      <TextField id="billing-company" label={optional(t('checkout.billing.company'))} autoComplete="organization" error={error('company')} {...register('company')} />
      <TextField
        id="billing-vat-number"
        label={optional(t('checkout.billing.vatNumber'))}
        placeholder="DE123456789"
        describedBy="billing-vat-number-hint"
        error={error('vat_number')}
        {...register('vat_number')}
      >
        <p id="billing-vat-number-hint" className="text-xs text-muted-foreground">
          {t('checkout.billing.vatNumberHint')}
        </p>
      </TextField>
    </fieldset>
  );
}
