import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CheckoutPayment, PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { useForm, useWatch, type FieldError, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emptyCard, formatCardNumber, validateCard, type CardFormValues } from '@/components/card-entry/card-format';
import { CardPaymentFields, newCardChoice } from '@/components/card-entry/card-payment-fields';
import { ConfirmPaymentDialog } from '@/components/card-entry/confirm-payment-dialog';
import type { StripeCardHandle } from '@/components/card-entry/stripe-card-field';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { translateValidationMessage } from '@/lib/validation-message';
import { usePeriodPayment, type PeriodPaymentOptions } from '../lib/use-period-payment';

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

export interface PeriodPaymentFormProps extends Pick<PeriodPaymentOptions, 'organisationId' | 'send' | 'onActive'> {
  /** Prefix of the inputs' ids. */
  id: string;
  config: PaymentConfig;
  savedMethods: PaymentMethod[];
  /** The button's label ("Activate and pay €177.31", "Pay €177.31 now") and while it works. */
  submitLabel: string;
  pendingLabel: string;
  /** Under the new card's fields (why the card is kept). */
  newCardNote?: ReactNode;
  /** Beside the button (a Cancel of "pay now"). */
  secondaryAction?: ReactNode;
}

/**
 * The card entry of a period's payment, as at checkout: a saved card (the default chosen) or a new
 * card; a refused card says why above the button and the form stays as typed for another try.
 */
export function PeriodPaymentForm({ id, organisationId, config, savedMethods, send, onActive, submitLabel, pendingLabel, newCardNote, secondaryAction }: PeriodPaymentFormProps) {
  const { t } = useTranslation();
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeError, setStripeError] = useState<string | undefined>(undefined);
  const defaultMethod = savedMethods.find((method) => method.is_default) ?? null;
  const payment = usePeriodPayment({ organisationId, config, send, onActive });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormValues, { provider: 'test' | 'stripe' }>({
    resolver: paymentResolver,
    context: { provider: config.provider },
    defaultValues: { payment_choice: defaultMethod?.id ?? newCardChoice, card: emptyCard },
    mode: 'onTouched',
  });
  const choice = useWatch({ control, name: 'payment_choice' });
  const cardNumber = useWatch({ control, name: 'card.number' });

  // A 422 on the card goes under its field; anything else above the button.
  const { problem } = payment;
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

  const buildPayment = async (values: PaymentFormValues): Promise<CheckoutPayment | null> => {
    if (values.payment_choice !== newCardChoice) return { method: 'saved', payment_method_id: values.payment_choice };
    if (config.provider === 'test') {
      const card = validateCard(values.card);
      return card.card ? { method: 'card', card: card.card } : null;
    }
    const handle = stripeCard.current;
    if (!handle) {
      setStripeError(t('cardEntry.failedToInitialize'));
      return null;
    }
    const created = await handle.createPaymentMethod();
    if (created.error !== null) {
      setStripeError(created.error);
      return null;
    }
    return { method: 'stripe', payment_method_id: created.id };
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setStripeError(undefined);
    await payment.pay(async () => {
      const built = await buildPayment(values);
      return built ? { payment: built } : null;
    });
  });

  const busy = isSubmitting || payment.paying;
  const cardError = (field: CardField) => translateValidationMessage(errors.card?.[field]?.message, t);
  const message = payment.problem?.kind === 'message' ? payment.problem.message : formError;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={busy}>
      <CardPaymentFields
        id={id}
        config={config}
        savedMethods={savedMethods}
        register={{ choice: () => register('payment_choice'), card: (field) => register(`card.${field}`) }}
        cardErrors={{ number: cardError('number'), expiry: cardError('expiry'), cvc: cardError('cvc') }}
        choice={choice}
        cardNumber={cardNumber}
        onPickTestCard={(number) => setValue('card.number', formatCardNumber(number), { shouldValidate: true })}
        onStripeReady={onStripeReady}
        stripeError={stripeError}
        newCardFooter={newCardNote}
        disabled={payment.paying}
      />
      <FormAlert>{message}</FormAlert>
      {payment.problem?.kind === 'processing' && (
        <FormAlert tone="info">
          <p>{t('organisationBilling.payment.processing')}</p>
          <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void payment.checkAgain()}>
            {t('organisationBilling.payment.checkAgain')}
          </Button>
        </FormAlert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {secondaryAction}
        <PendingButton type="submit" size="lg" className="w-full sm:w-auto" pending={busy} pendingLabel={pendingLabel}>
          {submitLabel}
        </PendingButton>
      </div>
      <ConfirmPaymentDialog total={payment.confirmation?.total ?? null} pending={payment.paying} onAnswer={(outcome) => void payment.confirm(outcome)} />
    </form>
  );
}
