import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';

export interface RemoveCardDialogProps {
  /** The card's name ("Visa ending in 4242"); the dialog is open while it is set. */
  name: string | null;
  pending: boolean;
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a saved card is removed. */
export function RemoveCardDialog({ name, pending, error, onConfirm, onCancel }: RemoveCardDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogHeader
          icon={<Trash2 aria-hidden="true" className="size-5" />}
          title={t('payments.removeCard.title')}
          description={t('payments.removeCard.description', { name: name ?? '' })}
        />
        <FormAlert>{error}</FormAlert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {t('payments.removeCard.cancel')}
          </Button>
          <PendingButton variant="destructive" pending={pending} pendingLabel={t('payments.removeCard.removing')} onClick={onConfirm}>
            {t('payments.removeCard.confirm')}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
