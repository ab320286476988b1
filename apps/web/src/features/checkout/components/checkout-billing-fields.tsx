import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingFields } from '@/components/billing-fields';
import { translateValidationMessage } from '@/lib/validation-message';
import type { BillingField, CheckoutFormValues } from '../lib/checkout-form';

export interface CheckoutBillingFieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  disabled: boolean;
}

/** Spec section 3 "Checkout billing", plus the optional company and VAT number of a business buyer. */
export function CheckoutBillingFields({ register, errors, disabled }: CheckoutBillingFieldsProps) {
  const { t } = useTranslation();
  const error = (field: BillingField) => translateValidationMessage(errors[field]?.message, t);
  const optional = (label: string) => `${label} (${t('checkout.billing.optional')})`;
  const field = (name: BillingField, id: string, label: string) => ({ id, label, registration: register(name), error: error(name) });

  return (
    <BillingFields
      legend={t('checkout.billing.heading')}
      disabled={disabled}
      fields={[
        { ...field('first_name', 'billing-first-name', t('checkout.billing.firstName')), autoComplete: 'given-name' },
        { ...field('last_name', 'billing-last-name', t('checkout.billing.lastName')), autoComplete: 'family-name' },
        { ...field('email', 'billing-email', t('checkout.billing.email')), kind: 'email', wide: true },
        { ...field('address', 'billing-address', t('checkout.billing.address')), autoComplete: 'street-address', wide: true },
        { ...field('city', 'billing-city', t('checkout.billing.city')), autoComplete: 'address-level2' },
        { ...field('state', 'billing-state', optional(t('checkout.billing.state'))), autoComplete: 'address-level1' },
        { ...field('postal_code', 'billing-postal-code', t('checkout.billing.postalCode')), autoComplete: 'postal-code' },
        { ...field('country', 'billing-country', t('checkout.billing.country')), kind: 'country', placeholder: t('checkout.billing.chooseCountry') },
        { ...field('company', 'billing-company', optional(t('checkout.billing.company'))), autoComplete: 'organization' },
        { ...field('vat_number', 'billing-vat-number', optional(t('checkout.billing.vatNumber'))), placeholder: 'DE123456789', hint: t('checkout.billing.vatNumberHint') },
      ]}
    />
  );
}
