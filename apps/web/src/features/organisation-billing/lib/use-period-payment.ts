import { useCallback, useRef, useState } from 'react';
import type { CheckoutPayment, PaymentConfig } from '@app/contract/checkout';
import type { ActivationResponse } from '@app/contract/organisation-billing';
import { useTranslation } from 'react-i18next';
import { loadStripeClient } from '@/components/card-entry/stripe-client';
import type { RequestResult } from '@/lib/http-client';
import { confirmPayment } from '../api/confirm-payment';
import { getSubscription } from '../api/get-subscription';
import { refusalMessage } from './refusal';

// One payment of a period (the activation's first one, or a past-due period's "pay now"): pay,
// possibly confirm the card's extra step, then active, or refused with the card's reason. Guards
// against paying twice as the checkout does: one request at a time, and one idempotency key per
// attempt, kept for a retry whose first answer never came (it may have charged).

export type PaymentProblem =
  /** A 422: messages by server field name ('payment.card.number'). */
  | { kind: 'fields'; errors: Record<string, string[]>; message: string }
  | { kind: 'message'; message: string }
  /** The provider has not finished: the payer may ask again how it stands. */
  | { kind: 'processing' };

export interface PendingConfirmation {
  confirmationId: string;
  total: number;
}

type PaymentAnswer = RequestResult<{ data: ActivationResponse }>;

/** What a payment sends: a card or saved card, or nothing at all (a contract's activation). */
export interface PeriodPaymentOptions<P = CheckoutPayment> {
  organisationId: string;
  config: PaymentConfig | undefined;
  /** Sends the payment with this attempt's idempotency key. */
  send(idempotencyKey: string, payment: P): Promise<PaymentAnswer>;
  /** The period is paid (or the contract is active). */
  onActive(response: ActivationResponse): void | Promise<void>;
}

function isDefiniteAnswer(status: number): boolean {
  // A 2xx or a 4xx is the server's last word on this request; a 5xx or no answer (500 from the
  // client) may hide a charge that went through, so the next try carries the same key.
  return status < 500;
}

export function usePeriodPayment<P = CheckoutPayment>({ organisationId, config, send, onActive }: PeriodPaymentOptions<P>) {
  const { t } = useTranslation();
  const inFlight = useRef(false);
  const attemptKey = useRef<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);

  const handle = useCallback(
    async (result: PaymentAnswer): Promise<void> => {
      if (isDefiniteAnswer(result.status)) attemptKey.current = null;
      if (result.data === null) {
        if (result.status === 422 && result.errors) setProblem({ kind: 'fields', errors: result.errors, message: refusalMessage(result) });
        else setProblem({ kind: 'message', message: refusalMessage(result) });
        return;
      }
      const response = result.data.data;
      if (response.status === 'active') return onActive(response);
      if (response.status === 'failed') {
        setProblem({ kind: 'message', message: response.failure_message ?? t('global.genericError') });
        return;
      }
      if (response.status === 'processing') {
        setProblem({ kind: 'processing' });
        return;
      }
      const action = response.next_action;
      if (action?.type === 'confirm') {
        setConfirmation({ confirmationId: action.confirmation_id, total: response.invoice?.total ?? response.subscription.next_charge_total ?? 0 });
        return;
      }
      if (action?.type === 'stripe' && config?.publishable_key) {
        try {
          const stripe = await loadStripeClient(config.publishable_key);
          // Shows the bank's step (3-D Secure); how it ended is asked of the server either way.
          await stripe.handleNextAction({ clientSecret: action.client_secret });
        } catch {
          // Stripe.js could not run the step: the server still tells how the payment stands.
        }
        return handle(await confirmPayment(organisationId, {}));
      }
      setProblem({ kind: 'message', message: t('global.genericError') });
    },
    [config?.publishable_key, onActive, organisationId, t],
  );

  const run = useCallback(async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  }, []);

  /** Pays with what `build()` gives (null: the card was refused before sending, nothing is sent). */
  const pay = useCallback(
    (build: () => Promise<{ payment: P } | null>) =>
      run(async () => {
        setProblem(null);
        const built = await build();
        if (built === null) return;
        attemptKey.current ??= crypto.randomUUID();
        await handle(await send(attemptKey.current, built.payment));
      }),
    [handle, run, send],
  );

  /** The payer's answer in the test provider's confirmation dialog. */
  const confirm = useCallback(
    (outcome: 'complete' | 'fail') =>
      run(async () => {
        if (!confirmation) return;
        const result = await confirmPayment(organisationId, { confirmation_id: confirmation.confirmationId, outcome });
        if (result.data !== null || isDefiniteAnswer(result.status)) setConfirmation(null);
        await handle(result);
      }),
    [confirmation, handle, organisationId, run],
  );

  /** Asks again how a payment the provider was still processing stands. */
  const checkAgain = useCallback(
    () =>
      run(async () => {
        setProblem(null);
        try {
          const state = await getSubscription(organisationId);
          if (state) await handle({ data: { data: state }, error: null, errors: null, status: 200 });
        } catch (error) {
          setProblem({ kind: 'message', message: error instanceof Error ? error.message : t('global.genericError') });
        }
      }),
    [handle, organisationId, run, t],
  );

  return { pay, confirm, checkAgain, paying, problem, setProblem, confirmation };
}
