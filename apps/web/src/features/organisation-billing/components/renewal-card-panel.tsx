import { useCallback } from 'react';
import { renewalCardMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentConfig } from '@/lib/payment-config';
import { paymentMethodsQueryOptions, usePaymentMethods } from '@/lib/payment-methods';
import { toast } from '@/lib/toast';
import { subscriptionKey } from '../api/billing-keys';
import { RenewalCardForm } from './renewal-card-form';

/** "Replace card", opened under the subscription: the card entry, then the subscription with its new card. */
export function RenewalCardPanel({ organisationId, onClose }: { organisationId: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const methods = usePaymentMethods();
  const onReplaced = useCallback(
    (response: ActivationResponse) => {
      queryClient.setQueryData(subscriptionKey(organisationId), response);
      // A new card is one of the caller's saved cards now.
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey });
      void toast.success(renewalCardMessages.replaced);
      onClose();
    },
    [onClose, organisationId, queryClient],
  );

  return (
    <section aria-labelledby="renewal-card-heading" className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <h4 id="renewal-card-heading" className="font-semibold">
          {t('organisationBilling.subscription.replaceHeading')}
        </h4>
        <p className="text-sm text-muted-foreground">{t('organisationBilling.subscription.replaceDescription')}</p>
      </div>
      {config.isPending || methods.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('cardEntry.loading')}
        </p>
      ) : config.isError ? (
        <FormAlert>{t('cardEntry.failedToInitialize')}</FormAlert>
      ) : (
        <RenewalCardForm
          organisationId={organisationId}
          config={config.data}
          savedMethods={methods.data ?? []}
          onReplaced={onReplaced}
          secondaryAction={
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('organisationBilling.subscription.cancelReplace')}
            </Button>
          }
        />
      )}
    </section>
  );
}
