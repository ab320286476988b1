import { useState } from 'react';
import type { PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PaymentMethodLabel, usePaymentMethodName } from '@/components/card-entry/payment-method-label';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paymentMethodsQueryOptions, usePaymentMethods } from '@/lib/payment-methods';
import { toast } from '@/lib/toast';
import { removePaymentMethod } from '../api/remove-payment-method';
import { setDefaultPaymentMethod } from '../api/set-default-payment-method';
import { AddCardDialog } from './add-card-dialog';
import { RemoveCardDialog } from './remove-card-dialog';

/** Spec section 3 "Payment method": the saved cards with add, make default and remove. */
export function PaymentMethodsSection({ config }: { config: PaymentConfig | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = usePaymentMethods();
  const nameOf = usePaymentMethodName();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey });

  const makeDefault = async (method: PaymentMethod) => {
    setBusyId(method.id);
    setActionError(null);
    const result = await setDefaultPaymentMethod(method.id);
    await refresh();
    setBusyId(null);
    if (result.data) void toast.success(t('payments.methods.defaultSet', { name: nameOf(method) }));
    else setActionError(result.error);
  };

  const remove = async () => {
    if (!removing) return;
    setBusyId(removing.id);
    setRemoveError(null);
    const result = await removePaymentMethod(removing.id);
    await refresh();
    setBusyId(null);
    if (result.error !== null) {
      setRemoveError(result.error);
      return;
    }
    void toast.success(t('payments.methods.removed', { name: nameOf(removing) }));
    setRemoving(null);
  };

  const list = methods.data ?? [];
  return (
    <section aria-labelledby="methods-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="methods-heading" className="text-lg font-semibold">
            {t('payments.methods.heading')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('payments.methods.description')}</p>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)} disabled={!config}>
          <Plus aria-hidden="true" />
          {t('payments.methods.add')}
        </Button>
      </div>

      <div className="mt-5 grid gap-3">
        <FormAlert>{actionError}</FormAlert>
        {methods.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('app.loading')}
          </p>
        ) : methods.isError ? (
          <FormAlert>
            <p>{t('payments.methods.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void methods.refetch()}>
              {t('payments.retry')}
            </Button>
          </FormAlert>
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('payments.methods.empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((method) => (
              <li key={method.id} aria-label={nameOf(method)} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <PaymentMethodLabel method={method} />
                <div className="flex items-center gap-1">
                  {busyId === method.id && <Spinner className="mr-1 size-4 text-muted-foreground" />}
                  {!method.is_default && (
                    <Button variant="ghost" size="sm" disabled={busyId !== null} onClick={() => void makeDefault(method)}>
                      {t('payments.methods.setDefault')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    disabled={busyId !== null}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(method);
                    }}
                  >
                    {t('payments.methods.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {config && (
        <AddCardDialog
          open={adding}
          onOpenChange={setAdding}
          config={config}
          hasMethods={list.length > 0}
          onAdded={() => {
            setAdding(false);
            void refresh();
            void toast.success(t('payments.methods.added'));
          }}
        />
      )}
      <RemoveCardDialog
        name={removing ? nameOf(removing) : null}
        pending={removing !== null && busyId === removing.id}
        error={removeError}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
