import { useCallback, useRef, useState } from 'react';
import type { CheckoutPayment, CheckoutRequestInput, CheckoutResponse, PaymentConfig } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingDetailsRootKey } from '@/lib/billing-details';
import type { RequestResult } from '@/lib/http-client';
import { reportsRootKey } from '@/lib/report-query-keys';
import { paymentMethodsQueryOptions } from '@/lib/payment-methods';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { loadStripeClient } from '@/components/card-entry/stripe-client';
import { confirmOrder } from '../api/confirm-order';
import { orderQueryOptions } from '../api/get-order';
import { placeOrder } from '../api/place-order';
import { attemptKey } from './attempt-key';
import { billingDraft } from './billing-draft';
import { consentChoice } from './consent-choice';

// The payment of spec section 4 "Order": pay, possibly confirm an extra step, then the success
// page or the failed page. Guards against paying twice: one request at a time, and one
// idempotency key per attempt (lib/attempt-key.ts) that survives retries of an unknown outcome.

/** Why the buyer's identity is missing (spec 8: 'You missed identifying yourself...'). */
export type IdentityProblem = 'session' | 'email';

/** The extra step the test provider asks for, while its dialog is open. */
export interface PendingConfirmation {
  orderId: string;
  confirmationId: string;
  total: number;
}

export type PaymentProblem =
  | { kind: 'identity'; reason: IdentityProblem }
  /** A 422: messages by server field name (the page puts them under its fields). */
  | { kind: 'fields'; errors: Record<string, string[]>; message: string }
  | { kind: 'message'; message: string };

export interface PayInput {
  billing: CheckoutRequestInput['billing'];
  /** Builds the payment (a Stripe card becomes a PaymentMethod first); null when the card was refused there. */
  payment: () => Promise<CheckoutPayment | null>;
  expectedTotal: number;
  /** The ticked digital-content consent (issue 11): no order without it. */
  digitalContentConsent: true;
  /** Issue 16: keep the billing details with the account once paid. */
  rememberBillingDetails: boolean;
}

function isDefiniteAnswer(status: number): boolean {
  // A 2xx or a 4xx is the server's last word on this request; a 5xx or no answer (500 from the
  // client) may hide a payment that went through, so the next try must carry the same key.
  return status < 500;
}

export interface CheckoutPaymentEvents {
  /** Runs before the page leaves for the thank-you page (the basket is empty from then on). */
  onPaid(): void;
  /** The server changed the basket (emptied it with the payment, or a price changed): ask for it again. */
  onBasketChanged(): void;
}

export function useCheckoutPayment(config: PaymentConfig | undefined, { onPaid, onBasketChanged }: CheckoutPaymentEvents) {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const [stripeActionRunning, setStripeActionRunning] = useState(false);

  const finishPaid = useCallback(
    async (response: CheckoutResponse) => {
      attemptKey.finish();
      consentChoice.forget();
      billingDraft.forget();
      onPaid();
      queryClient.setQueryData(orderQueryOptions(response.order.id).queryKey, response.order);
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey });
      // The order granted its reports: the reports list shows them being generated (issue 11),
      // and the offers, which read it, show them owned (issue 5).
      void queryClient.invalidateQueries({ queryKey: reportsRootKey });
      // The paid order saved the billing details if the buyer asked (issue 16).
      void queryClient.invalidateQueries({ queryKey: billingDetailsRootKey });
      await navigateTo('checkout.completed', { query: { order: response.order.id }, replace: true });
      // The server emptied the basket with the payment: the basket follows once this page is gone
      // (it would send an empty basket back to the basket page, and price it once more). The
      // navigation's render comes after its promise; a frame later it is painted.
      await new Promise((painted) => requestAnimationFrame(painted));
      onBasketChanged();
    },
    [navigateTo, onPaid, onBasketChanged, queryClient],
  );

  const finishFailed = useCallback(
    async (response: CheckoutResponse) => {
      attemptKey.finish();
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      await navigateTo('checkout.failed', {
        query: { order: response.order.id },
        state: { reason: response.failure_message, orderNumber: response.order.number },
      });
    },
    [navigateTo, queryClient],
  );

  /** Applies one answer of the checkout or confirmation call. */
  const handle = useCallback(
    async (result: RequestResult<CheckoutResponse>): Promise<void> => {
      if (isDefiniteAnswer(result.status)) attemptKey.finish();
      if (result.data === null) {
        if (result.status === 401) {
          setProblem({ kind: 'identity', reason: 'session' });
        } else if (result.error === paymentMessages.identityMissing || result.errors?.['billing.email']?.[0] === paymentMessages.identityMissing) {
          setProblem({ kind: 'identity', reason: sessionStore.isLoggedIn() ? 'email' : 'session' });
        } else if (result.status === 422 && result.errors) {
          setProblem({ kind: 'fields', errors: result.errors, message: result.error ?? t('global.genericError') });
        } else {
          setProblem({ kind: 'message', message: result.error ?? t('global.genericError') });
          // Issue 5: a price changed meanwhile (409 basket_changed). The summary is priced again for
          // the billing country (Pay waits for it), so the next Pay sends the new total.
          if (result.status === 409) onBasketChanged();
        }
        return;
      }
      const response = result.data;
      if (response.status === 'paid') return finishPaid(response);
      if (response.status === 'failed') return finishFailed(response);
      const action = response.next_action;
      if (action?.type === 'confirm') {
        setConfirmation({ orderId: response.order.id, confirmationId: action.confirmation_id, total: response.order.summary.total });
        return;
      }
      if (action?.type === 'stripe' && config?.publishable_key) {
        setStripeActionRunning(true);
        try {
          const stripe = await loadStripeClient(config.publishable_key);
          // Shows the bank's step (3-D Secure); how it ended is asked of the server either way.
          await stripe.handleNextAction({ clientSecret: action.client_secret });
        } catch {
          // Stripe.js could not run the step: the server still tells how the payment stands.
        } finally {
          setStripeActionRunning(false);
        }
        return handle(await confirmOrder(response.order.id, {}));
      }
      setProblem({ kind: 'message', message: t('global.genericError') });
    },
    [config?.publishable_key, finishFailed, finishPaid, onBasketChanged, t],
  );

  const pay = useCallback(
    async ({ billing, payment, expectedTotal, digitalContentConsent, rememberBillingDetails }: PayInput) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPaying(true);
      setProblem(null);
      try {
        if (!sessionStore.isLoggedIn()) {
          setProblem({ kind: 'identity', reason: 'session' });
          return;
        }
        const paymentInput = await payment();
        if (paymentInput === null) return;
        const request: CheckoutRequestInput = {
          billing,
          payment: paymentInput,
          idempotency_key: attemptKey.get(),
          expected_total: expectedTotal,
          digital_content_consent: digitalContentConsent,
          remember_billing_details: rememberBillingDetails,
        };
        await handle(await placeOrder(request));
      } finally {
        inFlight.current = false;
        setPaying(false);
      }
    },
    [handle],
  );

  /** The buyer's answer in the test provider's confirmation dialog. */
  const confirm = useCallback(
    async (outcome: 'complete' | 'fail') => {
      if (!confirmation || inFlight.current) return;
      inFlight.current = true;
      setPaying(true);
      try {
        const result = await confirmOrder(confirmation.orderId, { confirmation_id: confirmation.confirmationId, outcome });
        if (result.data !== null || isDefiniteAnswer(result.status)) setConfirmation(null);
        await handle(result);
      } finally {
        inFlight.current = false;
        setPaying(false);
      }
    },
    [confirmation, handle],
  );

  return {
    pay,
    confirm,
    paying: paying || stripeActionRunning,
    stripeActionRunning,
    problem,
    setProblem,
    confirmation,
  };
}
