import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { formatMoney } from '@/lib/money';
import { TestModeBadge } from './test-mode-notice';
import './card-entry-texts';

export interface ConfirmPaymentDialogProps {
  /** The amount being confirmed (cents); the dialog is open while it is set. */
  total: number | null;
  pending: boolean;
  onAnswer(outcome: 'complete' | 'fail'): void;
}

/**
 * The test provider's stand-in for a bank's extra confirmation (3-D Secure): the payer approves
 * it or lets it fail. It cannot be dismissed: the payment waits for one of the two answers.
 */
export function ConfirmPaymentDialog({ total, pending, onAnswer }: ConfirmPaymentDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={total !== null}>
      <DialogContent onEscapeKeyDown={(event) => event.preventDefault()} onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader
          icon={<ShieldCheck aria-hidden="true" className="size-5" />}
          title={t('cardEntry.confirm.title')}
          description={t('cardEntry.confirm.description', { amount: formatMoney(total ?? 0) })}
        />
        <div className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2.5 text-sm text-muted-foreground">
          <TestModeBadge className="shrink-0" />
          <p>{t('cardEntry.confirm.testDescription')}</p>
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => onAnswer('fail')}>
            {t('cardEntry.confirm.fail')}
          </Button>
          <PendingButton pending={pending} pendingLabel={t('cardEntry.confirm.confirming')} onClick={() => onAnswer('complete')}>
            {t('cardEntry.confirm.approve')}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
