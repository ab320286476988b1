import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentConfig } from '@app/contract/checkout';
import { useForm, useWatch, type FieldError, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emptyCard, formatCardNumber, validateCard, type CardFormValues } from '@/components/card-entry/card-format';
import { newCardChoice, type CardPaymentFieldsProps } from '@/components/card-entry/card-payment-fields';
import type { StripeCardHandle } from '@/components/card-entry/stripe-card-field';
import { translateValidationMessage } from '@/lib/validation-message';
import type { PaymentProblem } from './use-period-payment';

// The card form of the organisation's payments (a period's payment, the renewal card's change): a
// saved card or a new one, checked by the contract's rules with the test provider, a server 422
// under its field, any other refusal above the button. The two forms differ only in what they send.

export interface PaymentFormValues {
  payment_choice: string;
  card: CardFormValues;
}

type CardField = keyof CardFormValues;

/** Where a 422's field goes: 'payment.card.exp_month' -> 'expiry'; null for one the form has not. */
export function cardFieldOf(serverField: string): CardField | null {
  const part = /^(?:payment\.)?card\.(number|exp_month|exp_year|cvc)$/.exec(serverField)?.[1];
  if (part === 'number' || part === 'cvc') return part;
  return part ? 'expiry' : null;
}

const fieldError = (message: string): FieldError => ({ type: 'validate', message });

/** The card by the contract's rules (test provider only; Stripe's field checks its own). */
export const paymentResolver: Resolver<PaymentFormValues, { provider: 'test' | 'stripe' }> = (values, context): ResolverResult<PaymentFormValues> => {
  if (values.payment_choice !== newCardChoice || context?.provider !== 'test') return { values, errors: {} };
  const checked = validateCard(values.card);
  if (!checked.errors) return { values, errors: {} };
  const card: Partial<Record<CardField, FieldError>> = {};
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const message = checked.errors[field];
    if (message) card[field] = fieldError(message);
  }
  return { values: {}, errors: { card } };
};

/** What CardPaymentFields needs from the form (the id, saved cards and disabled are the caller's). */
type FieldsProps = Pick<CardPaymentFieldsProps, 'config' | 'register' | 'cardErrors' | 'choice' | 'cardNumber' | 'onPickTestCard' | 'onStripeReady' | 'stripeError'>;

export function useCardPaymentForm({ config, defaultChoice, problem }: { config: PaymentConfig; defaultChoice: string; problem: PaymentProblem | null }) {
  const { t } = useTranslation();
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeError, setStripeError] = useState<string | undefined>(undefined);
  const form = useForm<PaymentFormValues, { provider: 'test' | 'stripe' }>({
    resolver: paymentResolver,
    context: { provider: config.provider },
    defaultValues: { payment_choice: defaultChoice, card: emptyCard },
    mode: 'onTouched',
  });
  const {
    register,
    control,
    setError,
    setValue,
    formState: { errors },
  } = form;
  const choice = useWatch({ control, name: 'payment_choice' });
  const cardNumber = useWatch({ control, name: 'card.number' });

  // A 422 on the card goes under its field; anything else above the button.
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (problem?.kind !== 'fields') return;
    let placed = false;
    for (const [serverField, messages] of Object.entries(problem.errors)) {
      const field = cardFieldOf(serverField);
      const message = messages[0];
      if (!field || !message) continue;
      setError(`card.${field}`, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
    if (!placed) setFormError(problem.message);
  }, [problem, setError]);

  const onStripeReady = useCallback((handle: StripeCardHandle | null) => {
    stripeCard.current = handle;
  }, []);

  const cardError = (field: CardField) => translateValidationMessage(errors.card?.[field]?.message, t);
  const fields: FieldsProps = {
    config,
    register: { choice: () => register('payment_choice'), card: (field) => register(`card.${field}`) },
    cardErrors: { number: cardError('number'), expiry: cardError('expiry'), cvc: cardError('cvc') },
    choice,
    cardNumber,
    onPickTestCard: (number) => setValue('card.number', formatCardNumber(number), { shouldValidate: true }),
    onStripeReady,
    stripeError,
  };

  return {
    form,
    fields,
    /** The Stripe Element once mounted (null with the test provider). */
    stripeCard,
    setStripeError,
    /** Before a new attempt: the last one's messages go. */
    startAttempt: () => {
      setFormError(null);
      setStripeError(undefined);
    },
    /** What to say above the button. */
    message: problem?.kind === 'message' ? problem.message : formError,
  };
}
