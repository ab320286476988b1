import { useCallback, type ReactNode } from 'react';
import type { PaymentConfig } from '@app/contract/checkout';
import type { ActivationResponse, RenewalCardPayment } from '@app/contract/organisation-billing';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { useTranslation } from 'react-i18next';
import { validateCard } from '@/components/card-entry/card-format';
import { CardPaymentFields, newCardChoice } from '@/components/card-entry/card-payment-fields';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { preparePaymentSetup, replaceRenewalCard } from '../api/replace-renewal-card';
import { useCardPaymentForm, type PaymentFormValues } from '../lib/use-card-payment-form';
import { usePeriodPayment } from '../lib/use-period-payment';

export interface RenewalCardFormProps {
  organisationId: string;
  config: PaymentConfig;
  savedMethods: PaymentMethod[];
  /** The subscription now renews with the new card. */
  onReplaced(response: ActivationResponse): void;
  /** Beside the button (a Cancel). */
  secondaryAction?: ReactNode;
}

/**
 * The card renewals use from now on, entered as activation and "pay now" take one (a saved card of
 * the caller's, or a new card: the test provider's form, or Stripe Elements confirming a
 * SetupIntent with 3-D Secure when the bank asks). Nothing is charged; a refused card says why and
 * the subscription keeps its card. One idempotency key per attempt, kept for a retry whose answer
 * never came (usePeriodPayment), so a retry never saves a second card.
 */
export function RenewalCardForm({ organisationId, config, savedMethods, onReplaced, secondaryAction }: RenewalCardFormProps) {
  const { t } = useTranslation();
  const send = useCallback((key: string, payment: RenewalCardPayment) => replaceRenewalCard(organisationId, { idempotency_key: key, payment }), [organisationId]);
  const change = usePeriodPayment<RenewalCardPayment>({ organisationId, config, send, onActive: onReplaced });
  // A new card is what the owner came for; their saved cards are offered beside it.
  const { form, fields, stripeCard, setStripeError, startAttempt, message } = useCardPaymentForm({ config, defaultChoice: newCardChoice, problem: change.problem });

  const buildCard = async (values: PaymentFormValues): Promise<RenewalCardPayment | null> => {
    if (values.payment_choice !== newCardChoice) return { method: 'saved', payment_method_id: values.payment_choice };
    if (config.provider === 'test') {
      const card = validateCard(values.card);
      return card.card ? { method: 'card', card: card.card } : null;
    }
    const handle = stripeCard.current;
    const setup = handle ? await preparePaymentSetup() : null;
    const secret = setup?.data?.client_secret;
    if (!handle || !secret) {
      setStripeError(t('cardEntry.failedToInitialize'));
      return null;
    }
    // Stripe.js shows the bank's step (3-D Secure) itself; a refused card never reaches the server.
    const confirmed = await handle.confirmCardSetup(secret);
    if (confirmed.error !== null) {
      setStripeError(confirmed.error);
      return null;
    }
    return { method: 'stripe', setup_intent_id: confirmed.setupIntentId };
  };

  const onSubmit = form.handleSubmit(async (values) => {
    startAttempt();
    await change.pay(async () => {
      const built = await buildCard(values);
      return built ? { payment: built } : null;
    });
  });

  const busy = form.formState.isSubmitting || change.paying;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={busy}>
      <CardPaymentFields
        {...fields}
        id="renewal-card"
        savedMethods={savedMethods}
        disabled={change.paying}
      />
      <FormAlert>{message}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {secondaryAction}
        <PendingButton type="submit" className="w-full sm:w-auto" pending={busy} pendingLabel={t('organisationBilling.subscription.replacing')}>
          {t('organisationBilling.subscription.replaceSubmit')}
        </PendingButton>
      </div>
    </form>
  );
}
