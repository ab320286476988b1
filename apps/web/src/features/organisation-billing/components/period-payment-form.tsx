import type { ReactNode } from 'react';
import type { CheckoutPayment, PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { useTranslation } from 'react-i18next';
import { validateCard } from '@/components/card-entry/card-format';
import { CardPaymentFields, newCardChoice } from '@/components/card-entry/card-payment-fields';
import { LazyConfirmPaymentDialog } from '@/components/card-entry/lazy-confirm-payment-dialog';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { useCardPaymentForm, type PaymentFormValues } from '../lib/use-card-payment-form';
import { usePeriodPayment, type PeriodPaymentOptions } from '../lib/use-period-payment';

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
  const defaultMethod = savedMethods.find((method) => method.is_default) ?? null;
  const payment = usePeriodPayment({ organisationId, config, send, onActive });
  const { form, fields, stripeCard, setStripeError, startAttempt, message } = useCardPaymentForm({ config, defaultChoice: defaultMethod?.id ?? newCardChoice, problem: payment.problem });

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

  const onSubmit = form.handleSubmit(async (values) => {
    startAttempt();
    await payment.pay(async () => {
      const built = await buildPayment(values);
      return built ? { payment: built } : null;
    });
  });

  const busy = form.formState.isSubmitting || payment.paying;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={busy}>
      <CardPaymentFields
        {...fields}
        id={id}
        savedMethods={savedMethods}
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
      <LazyConfirmPaymentDialog total={payment.confirmation?.total ?? null} pending={payment.paying} onAnswer={(outcome) => void payment.confirm(outcome)} />
    </form>
  );
}
