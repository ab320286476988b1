import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentConfig } from '@app/contract/checkout';
import { CreditCard } from 'lucide-react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emptyCard, validateCard, type CardFormValues } from '@/components/card-entry/card-format';
import { LazyStripeCardField } from '@/components/card-entry/lazy-stripe-card-field';
import type { StripeCardHandle } from '@/components/card-entry/stripe-card-field';
import { TestCardFields } from '@/components/card-entry/test-card-fields';
import { TestModeNotice } from '@/components/card-entry/test-mode-notice';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { translateValidationMessage } from '@/lib/validation-message';
import { addPaymentMethod } from '../api/add-payment-method';
import { preparePaymentSetup } from '../api/prepare-payment-setup';

interface AddCardValues {
  card: CardFormValues;
  set_default: boolean;
}

type Setup = { status: 'preparing' } | { status: 'ready'; clientSecret: string | null } | { status: 'failed' };

export interface AddCardDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  config: PaymentConfig;
  /** The first saved card becomes the default whatever the box says. */
  hasMethods: boolean;
  onAdded(): void;
}

/** "Add a card": prepares the provider's card form, then saves the card (spec 8's two failures). */
export function AddCardDialog({ open, onOpenChange, config, hasMethods, onAdded }: AddCardDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('payments.addCard.close')} className="max-w-lg">
        <DialogHeader icon={<CreditCard aria-hidden="true" className="size-5" />} title={t('payments.addCard.title')} description={t('payments.addCard.description')} />
        {open && <AddCardForm config={config} hasMethods={hasMethods} onDone={onAdded} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddCardForm({ config, hasMethods, onDone, onCancel }: { config: PaymentConfig; hasMethods: boolean; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup>({ status: 'preparing' });
  const [attempt, setAttempt] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const testProvider = config.provider === 'test';

  useEffect(() => {
    let live = true;
    setSetup({ status: 'preparing' });
    void preparePaymentSetup().then((result) => {
      if (!live) return;
      setSetup(result.data ? { status: 'ready', clientSecret: result.data.client_secret } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const resolver: Resolver<AddCardValues> = (values) => {
    if (!testProvider) return { values, errors: {} };
    const card = validateCard(values.card);
    if (!card.errors) return { values, errors: {} };
    const errors: FieldErrors<AddCardValues> = { card: {} };
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      const message = card.errors[field];
      if (message && errors.card) errors.card[field] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddCardValues>({ resolver, defaultValues: { card: emptyCard, set_default: !hasMethods }, mode: 'onTouched' });
  const cardNumber = useWatch({ control, name: 'card.number' });
  const onStripeReady = useCallback((handle: StripeCardHandle | null) => {
    stripeCard.current = handle;
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const setDefault = values.set_default || !hasMethods;
    let body: Parameters<typeof addPaymentMethod>[0];
    if (testProvider) {
      const card = validateCard(values.card);
      if (!card.card) return;
      body = { method: 'card', card: card.card, set_default: setDefault };
    } else {
      const handle = stripeCard.current;
      if (!handle || setup.status !== 'ready' || !setup.clientSecret) {
        setFormError(t('payments.messages.failedToInitialize'));
        return;
      }
      const confirmed = await handle.confirmCardSetup(setup.clientSecret);
      if (confirmed.error !== null) {
        // spec 8, with the provider's reason after it.
        setFormError(`${t('payments.messages.failedToAttach')}: ${confirmed.error}`);
        return;
      }
      body = { method: 'stripe', setup_intent_id: confirmed.setupIntentId, set_default: setDefault };
    }
    const result = await addPaymentMethod(body);
    if (result.data) {
      onDone();
      return;
    }
    const cardField = (name: string) => (name.endsWith('number') ? 'card.number' : name.endsWith('cvc') ? 'card.cvc' : name.includes('exp') ? 'card.expiry' : null);
    let placed = false;
    for (const [name, messages] of Object.entries(result.errors ?? {})) {
      const field = cardField(name);
      if (field && messages[0]) {
        setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
        placed = true;
      }
    }
    // Any refusal that no field explains is spec 8's 'Failed to attach payment method'.
    if (!placed) setFormError(result.status === 400 && result.error ? result.error : t('payments.messages.failedToAttach'));
  });

  if (setup.status === 'failed') {
    return (
      <div className="grid gap-4">
        <FormAlert>{t('payments.messages.failedToInitialize')}</FormAlert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('payments.addCard.cancel')}
          </Button>
          <Button onClick={() => setAttempt((value) => value + 1)}>{t('payments.retry')}</Button>
        </DialogFooter>
      </div>
    );
  }
  if (setup.status === 'preparing') {
    return (
      <p role="status" className="flex h-24 items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('payments.addCard.preparing')}
      </p>
    );
  }

  const cardError = (field: 'number' | 'expiry' | 'cvc') => translateValidationMessage(errors.card?.[field]?.message, t);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {config.test_mode && <TestModeNotice />}
      <FormAlert>{formError}</FormAlert>
      {testProvider ? (
        <TestCardFields
          id="new-card"
          number={register('card.number')}
          expiry={register('card.expiry')}
          cvc={register('card.cvc')}
          numberValue={cardNumber}
          errors={{ number: cardError('number'), expiry: cardError('expiry'), cvc: cardError('cvc') }}
          disabled={isSubmitting}
        />
      ) : config.publishable_key ? (
        <LazyStripeCardField id="new-card-stripe" publishableKey={config.publishable_key} onReady={onStripeReady} disabled={isSubmitting} />
      ) : (
        <FormAlert>{t('payments.messages.failedToInitialize')}</FormAlert>
      )}
      {hasMethods && (
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 cursor-pointer accent-primary" disabled={isSubmitting} {...register('set_default')} />
          {t('payments.addCard.makeDefault')}
        </label>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {t('payments.addCard.cancel')}
        </Button>
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('payments.addCard.saving')}>
          {t('payments.addCard.save')}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
