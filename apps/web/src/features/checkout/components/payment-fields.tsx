import type { PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { Lock } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LazyStripeCardField } from '@/components/card-entry/lazy-stripe-card-field';
import { isMethodExpired, PaymentMethodLabel } from '@/components/card-entry/payment-method-label';
import type { StripeCardHandle } from '@/components/card-entry/stripe-card-field';
import { TestCardFields } from '@/components/card-entry/test-card-fields';
import { TestModeNotice } from '@/components/card-entry/test-mode-notice';
import { translateValidationMessage } from '@/lib/validation-message';
import { cn } from '@/lib/utils';
import { newCardChoice, type CheckoutFormValues } from '../lib/checkout-form';

export interface PaymentFieldsProps {
  config: PaymentConfig;
  savedMethods: PaymentMethod[];
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  choice: string;
  cardNumber: string;
  onPickTestCard(number: string): void;
  onStripeReady(handle: StripeCardHandle | null): void;
  /** A refusal of the Stripe card form (shown under it). */
  stripeError?: string;
  disabled: boolean;
}

/** Saved cards (default first) or a new card: the test provider's own form or Stripe Elements. */
export function PaymentFields({ config, savedMethods, register, errors, choice, cardNumber, onPickTestCard, onStripeReady, stripeError, disabled }: PaymentFieldsProps) {
  const { t } = useTranslation();
  const usable = savedMethods.filter((method) => !isMethodExpired(method));
  const newCard = choice === newCardChoice;
  const cardError = (field: 'number' | 'expiry' | 'cvc') => translateValidationMessage(errors.card?.[field]?.message, t);

  const newCardForm = (
    <div className="grid gap-4">
      {config.provider === 'test' ? (
        <TestCardFields
          id="card"
          number={register('card.number')}
          expiry={register('card.expiry')}
          cvc={register('card.cvc')}
          numberValue={cardNumber}
          errors={{ number: cardError('number'), expiry: cardError('expiry'), cvc: cardError('cvc') }}
          disabled={disabled}
        />
      ) : config.publishable_key ? (
        <LazyStripeCardField id="card-stripe" publishableKey={config.publishable_key} onReady={onStripeReady} error={stripeError} disabled={disabled} />
      ) : (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('cardEntry.failedToInitialize')}
        </p>
      )}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 cursor-pointer accent-primary" disabled={disabled} {...register('save_card')} />
        {t('checkout.payment.saveCard')}
      </label>
    </div>
  );

  return (
    <div className="grid gap-4">
      {config.test_mode && <TestModeNotice onPick={config.provider === 'test' && newCard ? onPickTestCard : undefined} />}

      {usable.length > 0 ? (
        <fieldset disabled={disabled} className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('checkout.payment.methods')}</legend>
          {usable.map((method) => (
            <label
              key={method.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent/50',
                choice === method.id && 'border-primary ring-1 ring-primary',
              )}
            >
              <input type="radio" value={method.id} className="size-4 accent-primary" {...register('payment_choice')} />
              <PaymentMethodLabel method={method} />
            </label>
          ))}
          <div className={cn('rounded-lg border transition-colors', newCard && 'border-primary ring-1 ring-primary')}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-3 hover:bg-accent/50">
              <input type="radio" value={newCardChoice} className="size-4 accent-primary" {...register('payment_choice')} />
              <span className="font-medium">{t('checkout.payment.newCard')}</span>
            </label>
            {newCard && <div className="border-t px-3 py-4">{newCardForm}</div>}
          </div>
        </fieldset>
      ) : (
        newCardForm
      )}

      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {t('checkout.payment.secure')}
      </p>
    </div>
  );
}
