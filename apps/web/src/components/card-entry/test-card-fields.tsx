import { CreditCard } from 'lucide-react';
import type { ChangeHandler, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { cardBrandOf, formatCardNumber, formatCvc, formatExpiry } from './card-format';
import './card-entry-texts';

export interface TestCardFieldsProps {
  /** Prefix of the inputs' ids. */
  id: string;
  /** The host form's `register('…number')`, `register('…expiry')`, `register('…cvc')`. */
  number: UseFormRegisterReturn;
  expiry: UseFormRegisterReturn;
  cvc: UseFormRegisterReturn;
  /** Translated messages per field. */
  errors: { number?: string; expiry?: string; cvc?: string };
  /** The number typed so far, for the brand shown in the field. */
  numberValue: string;
  disabled?: boolean;
}

/** Whether the change removed text (backspace, delete): the expiry then never adds its ' / ' back. */
function isDeletion(event: object): boolean {
  if (!('nativeEvent' in event)) return false;
  const native: unknown = event.nativeEvent;
  return typeof native === 'object' && native !== null && 'inputType' in native && typeof native.inputType === 'string' && native.inputType.startsWith('delete');
}

/** Rewrites the input's text before the form reads it (react-hook-form reads event.target.value). */
function formatted(registration: UseFormRegisterReturn, format: (value: string, deleting: boolean) => string): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: Parameters<ChangeHandler>[0]) => {
      const target: unknown = event.target;
      if (target instanceof HTMLInputElement) target.value = format(target.value, isDeletion(event));
      return registration.onChange(event);
    },
  };
}

/**
 * The test provider's card form (spec section 3 "Card"): number in groups of four, expiry as
 * MM / YY, CVC. Only brand, last four digits and expiry are ever stored by the server.
 */
export function TestCardFields({ id, number, expiry, cvc, errors, numberValue, disabled }: TestCardFieldsProps) {
  const { t } = useTranslation();
  const brand = cardBrandOf(numberValue.replace(/\D/g, ''));

  return (
    <div className="grid gap-4">
      <div className="relative">
        <TextField
          id={`${id}-number`}
          label={t('cardEntry.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={t('cardEntry.numberPlaceholder')}
          maxLength={23}
          className="pr-28 font-mono tracking-wide"
          error={errors.number}
          disabled={disabled}
          {...formatted(number, (value) => formatCardNumber(value))}
        />
        <span className="pointer-events-none absolute top-[2.125rem] right-3 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <CreditCard aria-hidden="true" className="size-4" />
          {brand !== 'unknown' && t(`cardEntry.brands.${brand}`)}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id={`${id}-expiry`}
          label={t('cardEntry.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('cardEntry.expiryPlaceholder')}
          maxLength={7}
          className="font-mono"
          error={errors.expiry}
          disabled={disabled}
          {...formatted(expiry, (value, deleting) => formatExpiry(value, deleting))}
        />
        <TextField
          id={`${id}-cvc`}
          label={t('cardEntry.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={t('cardEntry.cvcPlaceholder')}
          maxLength={4}
          className="font-mono"
          title={t('cardEntry.cvcHint')}
          error={errors.cvc}
          disabled={disabled}
          {...formatted(cvc, (value) => formatCvc(value))}
        />
      </div>
    </div>
  );
}
