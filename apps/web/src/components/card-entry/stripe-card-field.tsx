import { useEffect, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/ui/field-error';
import { useAppearance } from '@/lib/use-appearance';

// Stripe Elements' card form, in its own chunk (loaded only when the payment config says
// 'stripe'). The card number never touches our page: the iframe gives back a PaymentMethod id.

/** What the host form can do with the card once Stripe.js is ready. */
export interface StripeCardHandle {
  stripe: Stripe;
  /** A `pm_...` id for the typed card, or the message Stripe gives. */
  createPaymentMethod(): Promise<{ id: string; error: null } | { id: null; error: string }>;
  /** Confirms a SetupIntent with the typed card (saving a card). */
  confirmCardSetup(clientSecret: string): Promise<{ setupIntentId: string; error: null } | { setupIntentId: null; error: string }>;
}

export interface StripeCardFieldProps {
  id: string;
  stripe: Stripe;
  onReady(handle: StripeCardHandle | null): void;
  /** A message from the host (a refused card) shown under the field. */
  error?: string;
  disabled?: boolean;
}

function CardInput({ id, onReady, error, disabled }: Omit<StripeCardFieldProps, 'stripe'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const { resolvedAppearance } = useAppearance();
  const [inputError, setInputError] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      stripe,
      async createPaymentMethod() {
        const card = elements.getElement(CardElement);
        if (!card) return { id: null, error: t('cardEntry.failedToInitialize') };
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        return result.error ? { id: null, error: result.error.message ?? t('cardEntry.failedToInitialize') } : { id: result.paymentMethod.id, error: null };
      },
      async confirmCardSetup(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) return { setupIntentId: null, error: t('cardEntry.failedToInitialize') };
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        return result.error ? { setupIntentId: null, error: result.error.message ?? t('cardEntry.failedToInitialize') } : { setupIntentId: result.setupIntent.id, error: null };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady, t]);

  const dark = resolvedAppearance === 'dark';
  const message = inputError ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('cardEntry.card')}</Label>
      <div
        id={id}
        className="rounded-md border border-input bg-card px-3 py-3 shadow-xs aria-invalid:border-destructive"
        aria-invalid={message ? true : undefined}
      >
        <CardElement
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: { fontSize: '15px', color: dark ? '#f4f4f5' : '#18181b', '::placeholder': { color: dark ? '#a1a1aa' : '#71717a' } },
              invalid: { color: dark ? '#f87171' : '#dc2626' },
            },
          }}
          onChange={(event: StripeCardElementChangeEvent) => setInputError(event.error?.message ?? null)}
        />
      </div>
      <FieldError>{message}</FieldError>
    </div>
  );
}

/** Stripe Elements' card input, given a loaded Stripe.js (see stripe-client.ts). */
export function StripeCardField({ stripe, ...props }: StripeCardFieldProps) {
  return (
    <Elements stripe={stripe}>
      <CardInput {...props} />
    </Elements>
  );
}
