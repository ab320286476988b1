import { digitalContentConsent } from '@app/contract/checkout';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField } from '@/components/checkbox-field';
import type { CheckoutFormValues } from '../lib/checkout-form';

export interface DigitalContentConsentFieldProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  disabled: boolean;
  /** The buyer ticked or unticked the box. */
  onTickedChange(ticked: boolean): void;
}

/**
 * Issue 11, "Buying digital content in the EU": the required box beside Pay. Its label is the
 * contract's wording, the very text the order keeps; its message, the contract's, from the form's
 * check or the server's 422. A component of its own, so it registers after the billing and card
 * fields and a form with several errors focuses the first of those, as it reads.
 */
export function DigitalContentConsentField({ register, errors, disabled, onTickedChange }: DigitalContentConsentFieldProps) {
  return (
    <CheckboxField
      id="checkout-digital-content-consent"
      label={digitalContentConsent.wording}
      error={errors.digital_content_consent?.message}
      disabled={disabled}
      {...register('digital_content_consent', { onChange: (event: { target: { checked: boolean } }) => onTickedChange(event.target.checked) })}
    />
  );
}
