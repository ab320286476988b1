import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { countryOptions } from '@/lib/countries';
import { translateValidationMessage } from '@/lib/validation-message';
import type { BillingValues, WizardValues } from '../lib/wizard-form';

/** Spec 3 "Billing details" of the organisation: name, billing email, address lines, city, postal code, country, county. */
export function BillingDetailsFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const countries = useMemo(() => countryOptions(), []);
  const error = (field: keyof BillingValues) => translateValidationMessage(errors.billing_details?.[field]?.message, t);
  const text = (key: string) => t(`organisations.billing.${key}`);
  const optional = (label: string) => `${label} (${t('organisations.create.optional')})`;
  const countryError = error('country');

  return (
    <fieldset aria-describedby="organisation-billing-hint" className="grid gap-4 sm:grid-cols-2">
      <legend className="text-base font-semibold">{text('legend')}</legend>
      <p id="organisation-billing-hint" className="-mt-1 text-sm text-muted-foreground sm:col-span-2">
        {text('hint')}
      </p>
      <div className="sm:col-span-2">
        <TextField id="organisation-billing-name" label={text('name')} autoComplete="organization" error={error('name')} {...register('billing_details.name')} />
      </div>
      <div className="sm:col-span-2">
        <EmailField id="organisation-billing-email" label={text('billingEmail')} error={error('billing_email')} {...register('billing_details.billing_email')} />
      </div>
      <div className="sm:col-span-2">
        <TextField id="organisation-billing-address-line-1" label={text('addressLine1')} autoComplete="address-line1" error={error('address_line_1')} {...register('billing_details.address_line_1')} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          id="organisation-billing-address-line-2"
          label={optional(text('addressLine2'))}
          autoComplete="address-line2"
          error={error('address_line_2')}
          {...register('billing_details.address_line_2')}
        />
      </div>
      <TextField id="organisation-billing-city" label={text('city')} autoComplete="address-level2" error={error('city')} {...register('billing_details.city')} />
      <TextField id="organisation-billing-postal-code" label={text('postalCode')} autoComplete="postal-code" error={error('postal_code')} {...register('billing_details.postal_code')} />
      <div className="grid content-start gap-2">
        <Label htmlFor="organisation-billing-country">{text('country')}</Label>
        <NativeSelect
          id="organisation-billing-country"
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? 'organisation-billing-country-error' : undefined}
          {...register('billing_details.country')}
        >
          <option value="">{text('chooseCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="organisation-billing-country-error">{countryError}</FieldError>
      </div>
      <TextField id="organisation-billing-county" label={optional(text('county'))} autoComplete="address-level1" error={error('county')} {...register('billing_details.county')} />
    </fieldset>
  );
}
