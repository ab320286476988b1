import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';

export interface ConfirmActionProps {
  /** The button's text, and its accessible name when the text alone is ambiguous in a list. */
  label: string;
  ariaLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** Runs the change; a message means it was refused (shown in the dialog), null that it is done. */
  action: () => Promise<string | null>;
  variant?: ButtonProps['variant'];
}

/** A button that asks before an irreversible change (revoking a share, removing a person); a refusal stays in the dialog. */
export function ConfirmAction({ label, ariaLabel, title, description, confirmLabel, action, variant = 'outline' }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    const refusal = await action();
    setPending(false);
    if (refusal === null) setOpen(false);
    else setError(refusal);
  };

  return (
    <>
      <Button size="sm" variant={variant} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <DialogContent role="alertdialog">
          <DialogHeader icon={<TriangleAlert aria-hidden="true" className="size-5" />} title={title} description={description} />
          <FormAlert>{error}</FormAlert>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t('organisationSharing.people.cancel')}
            </Button>
            <PendingButton variant="destructive" pending={pending} pendingLabel={confirmLabel} onClick={() => void confirm()}>
              {confirmLabel}
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
