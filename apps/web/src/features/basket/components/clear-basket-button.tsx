import { useState } from 'react';
import { Trash } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { useClearBasket } from '../api/clear-basket';

/** 'Clear basket' after a confirmation: unlike removing one item, clearing has no Undo. */
export function ClearBasketButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const clearing = useClearBasket();

  const clear = async () => {
    await clearing.mutateAsync();
    setOpen(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !clearing.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive max-sm:-ml-3">
          <Trash aria-hidden="true" />
          {t('basket.clear')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-xl outline-none">
          <div className="space-y-2">
            <AlertDialog.Title className="text-lg leading-tight font-semibold">{t('basket.clearDialog.title')}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{t('basket.clearDialog.description')}</AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'outline' })} disabled={clearing.isPending}>
              {t('basket.clearDialog.cancel')}
            </AlertDialog.Cancel>
            <PendingButton variant="destructive" pending={clearing.isPending} pendingLabel={t('basket.clearing')} onClick={() => void clear()}>
              {t('basket.clearDialog.confirm')}
            </PendingButton>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
