import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';

export interface ConfirmDialogProps {
  open: boolean;
  icon: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Why the last try failed (the server's message), shown in the dialog. */
  error: string | null;
  destructive?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a change to someone's membership; a refusal stays in the dialog, beside the choice. */
export function ConfirmDialog({ open, icon, title, description, confirmLabel, pendingLabel, cancelLabel, pending, error, destructive = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogHeader icon={icon} title={title} description={description} />
        <FormAlert>{error}</FormAlert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <PendingButton variant={destructive ? 'destructive' : 'default'} pending={pending} pendingLabel={pendingLabel} onClick={onConfirm}>
            {confirmLabel}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
