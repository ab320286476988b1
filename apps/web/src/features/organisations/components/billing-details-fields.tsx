import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingFields, type BillingField } from '@/components/billing-fields';
import { translateValidationMessage } from '@/lib/validation-message';
import type { BillingValues, WizardValues } from '../lib/wizard-form';

/** Spec 3 "Billing details" of the organisation: name, billing email, address lines, city, postal code, country, county. */
export function BillingDetailsFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const error = (field: keyof BillingValues) => translateValidationMessage(errors.billing_details?.[field]?.message, t);
  const text = (key: string) => t(`organisations.billing.${key}`);
  const optional = (label: string) => `${label} (${t('organisations.create.optional')})`;
  const field = (name: keyof BillingValues, label: string, options: Omit<BillingField, 'id' | 'label' | 'registration' | 'error'> = {}): BillingField => ({
    id: `organisation-billing-${name.replaceAll('_', '-')}`,
    label,
    registration: register(`billing_details.${name}`),
    error: error(name),
    ...options,
  });

  return (
    <section aria-labelledby="organisation-billing-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="organisation-billing-heading" className="text-base font-semibold">
          {text('legend')}
        </h3>
        <p className="text-sm text-muted-foreground">{text('hint')}</p>
      </div>
      <BillingFields
        legend={text('legend')}
        fields={[
          field('name', text('name'), { autoComplete: 'organization', wide: true }),
          field('billing_email', text('billingEmail'), { kind: 'email', wide: true }),
          field('address_line_1', text('addressLine1'), { autoComplete: 'address-line1', wide: true }),
          field('address_line_2', optional(text('addressLine2')), { autoComplete: 'address-line2', wide: true }),
          field('city', text('city'), { autoComplete: 'address-level2' }),
          field('postal_code', text('postalCode'), { autoComplete: 'postal-code' }),
          field('country', text('country'), { kind: 'country', placeholder: text('chooseCountry') }),
          field('county', optional(text('county')), { autoComplete: 'address-level1' }),
        ]}
      />
    </section>
  );
}
