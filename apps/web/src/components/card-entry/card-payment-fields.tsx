import type { PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { LazyStripeCardField } from './lazy-stripe-card-field';
import { isMethodExpired, PaymentMethodLabel } from './payment-method-label';
import type { StripeCardHandle } from './stripe-card-field';
import { TestCardFields } from './test-card-fields';
import { TestModeNotice } from './test-mode-notice';
import './card-entry-texts';

/** The `payment_choice` value of a card typed now; any other value is a saved method's id. */
export const newCardChoice = 'new';

export interface CardPaymentFieldsProps {
  /** Prefix of the inputs' ids (two forms on one page keep theirs apart). */
  id: string;
  config: PaymentConfig;
  savedMethods: PaymentMethod[];
  /**
   * The host form's `register` of the radio of saved cards / new card and of the test card's
   * fields, called while these fields render, so the form registers (and focuses a first error)
   * in the order the page shows its fields.
   */
  register: { choice(): UseFormRegisterReturn; card(field: 'number' | 'expiry' | 'cvc'): UseFormRegisterReturn };
  /** Translated messages of the card's fields. */
  cardErrors: { number?: string; expiry?: string; cvc?: string };
  choice: string;
  cardNumber: string;
  onPickTestCard(number: string): void;
  onStripeReady(handle: StripeCardHandle | null): void;
  /** A refusal of the Stripe card form (shown under it). */
  stripeError?: string;
  /** Under the new card's fields (the checkout's "Save this card" box, an activation's note). */
  newCardFooter?: ReactNode;
  disabled: boolean;
}

/**
 * How a payment is made, wherever one is taken (the checkout, an organisation's activation and
 * its "pay now"): a usable saved card (default first) or a new card, typed into the test
 * provider's own form or Stripe Elements.
 */
export function CardPaymentFields({
  id,
  config,
  savedMethods,
  register,
  cardErrors,
  choice,
  cardNumber,
  onPickTestCard,
  onStripeReady,
  stripeError,
  newCardFooter,
  disabled,
}: CardPaymentFieldsProps) {
  const { t } = useTranslation();
  const usable = savedMethods.filter((method) => !isMethodExpired(method));
  const newCard = choice === newCardChoice || usable.length === 0;
  const choiceField = usable.length > 0 ? register.choice() : null;

  const newCardForm = (
    <div className="grid gap-4">
      {config.provider === 'test' ? (
        <TestCardFields
          id={id}
          number={register.card('number')}
          expiry={register.card('expiry')}
          cvc={register.card('cvc')}
          numberValue={cardNumber}
          errors={cardErrors}
          disabled={disabled}
        />
      ) : config.publishable_key ? (
        <LazyStripeCardField id={`${id}-stripe`} publishableKey={config.publishable_key} onReady={onStripeReady} error={stripeError} disabled={disabled} />
      ) : (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('cardEntry.failedToInitialize')}
        </p>
      )}
      {newCardFooter}
    </div>
  );

  return (
    <div className="grid gap-4">
      {config.test_mode && <TestModeNotice onPick={config.provider === 'test' && newCard ? onPickTestCard : undefined} />}

      {usable.length > 0 ? (
        <fieldset disabled={disabled} className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('cardEntry.choice.methods')}</legend>
          {usable.map((method) => (
            <label
              key={method.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent/50',
                choice === method.id && 'border-primary ring-1 ring-primary',
              )}
            >
              <input type="radio" value={method.id} className="size-4 accent-primary" {...choiceField} />
              <PaymentMethodLabel method={method} />
            </label>
          ))}
          <div className={cn('rounded-lg border transition-colors', newCard && 'border-primary ring-1 ring-primary')}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-3 hover:bg-accent/50">
              <input type="radio" value={newCardChoice} className="size-4 accent-primary" {...choiceField} />
              <span className="font-medium">{t('cardEntry.choice.newCard')}</span>
            </label>
            {newCard && <div className="border-t px-3 py-4">{newCardForm}</div>}
          </div>
        </fieldset>
      ) : (
        newCardForm
      )}

      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {t('cardEntry.choice.secure')}
      </p>
    </div>
  );
}
