import { subscriptionMessages, type SubscriptionView } from '@app/contract/organisation-billing';
import { quantityRefusal, type Organisation } from '@app/contract/organisations';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/lib/toast';
import { translateValidationMessage } from '@/lib/validation-message';
import { useChangeSubscription } from '../api/change-subscription';
import { BillingRefusal } from '../lib/refusal';
import { BillingCard } from './billing-card';

type QuantityValues = { quantities: string[] };

/** The services' quantities from the next period on, never below each one's minimum ('Minimal quantity is {value}'). */
export function ServicesSection({ organisation, subscription }: { organisation: Organisation; subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const services = organisation.services;
  const upcoming = (productId: string, quantity: number) => subscription.pending_quantities?.[productId] ?? quantity;
  const change = useChangeSubscription(organisation.id);
  const editable = subscription.status === 'active' && subscription.plan !== 'contract';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuantityValues>({ defaultValues: { quantities: services.map((service) => String(upcoming(service.product_id, service.quantity))) } });

  const onSubmit = handleSubmit(async (values) => {
    let refused = false;
    const chosen = services.map((service, index) => {
      const quantity = Number(values.quantities[index]);
      const refusal = Number.isInteger(quantity) ? quantityRefusal(quantity, service.minimum_quantity) : t('validation.required');
      if (refusal) {
        setError(`quantities.${index}`, { type: 'validate', message: refusal }, { shouldFocus: !refused });
        refused = true;
      }
      return { product_id: service.product_id, quantity };
    });
    if (refused) return;
    try {
      await change.mutateAsync({ services: chosen });
      void toast.success(subscriptionMessages.changed);
    } catch (error) {
      // A 422 names the row: services.{n}.quantity.
      const fields = error instanceof BillingRefusal ? (error.result.errors ?? {}) : {};
      for (const [field, messages] of Object.entries(fields)) {
        const index = /^services\.(\d+)\.quantity$/.exec(field)?.[1];
        if (index !== undefined && messages[0]) setError(`quantities.${Number(index)}`, { type: 'server', message: messages[0] });
      }
    }
  });

  if (services.length === 0) {
    return (
      <BillingCard id="services-heading" title={t('organisationBilling.services.heading')}>
        <p className="text-sm text-muted-foreground">{t('organisationBilling.services.none')}</p>
      </BillingCard>
    );
  }

  const showError = change.error instanceof BillingRefusal && change.error.status !== 422 ? change.error.message : null;
  return (
    <BillingCard id="services-heading" title={t('organisationBilling.services.heading')} description={t('organisationBilling.services.description')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset disabled={!editable || change.isPending} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('organisationBilling.services.heading')}</legend>
          {services.map((service, index) => (
            <div key={service.product_id} className="grid gap-1">
              <TextField
                id={`service-quantity-${index}`}
                label={t('organisationBilling.services.quantity', { title: service.title })}
                type="number"
                inputMode="numeric"
                min={service.minimum_quantity}
                describedBy={`service-quantity-${index}-hint`}
                error={translateValidationMessage(errors.quantities?.[index]?.message, t)}
                {...register(`quantities.${index}`)}
              />
              <p id={`service-quantity-${index}-hint`} className="text-xs text-muted-foreground">{t('organisationBilling.services.current', { quantity: service.quantity, minimum: service.minimum_quantity })}</p>
            </div>
          ))}
        </fieldset>
        {!editable && <p className="text-sm text-muted-foreground">{t('organisationBilling.services.unavailable')}</p>}
        <FormAlert>{showError}</FormAlert>
        <PendingButton type="submit" className="justify-self-start" disabled={!editable} pending={change.isPending} pendingLabel={t('organisationBilling.services.saving')}>
          {t('organisationBilling.services.submit')}
        </PendingButton>
      </form>
    </BillingCard>
  );
}
