import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/lib/toast';
import { useAcceptOwnership } from '../api/accept-ownership';
import { useOwnershipOffer } from '../api/get-ownership-offer';
import { useWithdrawOwnershipOffer } from '../api/withdraw-ownership-offer';

export interface OwnershipOfferNoticeProps {
  organisationId: string;
  organisationName: string;
  userId: string;
}

/**
 * The open offer of the ownership: its recipient accepts it here; the owner who made it sees it
 * waiting and may withdraw it. Nothing for anyone else, or when no offer is open.
 */
export function OwnershipOfferNotice({ organisationId, organisationName, userId }: OwnershipOfferNoticeProps) {
  const { t } = useTranslation();
  const offer = useOwnershipOffer(organisationId);
  const accept = useAcceptOwnership(organisationId);
  const withdraw = useWithdrawOwnershipOffer(organisationId);
  const open = offer.data;
  if (!open) return null;

  if (open.to_user_id === userId) {
    const from = open.from_name;
    return (
      <section aria-label={t('organisationMembers.offer.forYou', { name: from, organisation: organisationName })} className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="space-y-1 text-sm">
            <p className="font-semibold">{t('organisationMembers.offer.forYou', { name: from, organisation: organisationName })}</p>
            <p className="text-muted-foreground">{t('organisationMembers.offer.forYouHint', { name: from })}</p>
            <FormAlert className="mt-2">{accept.error?.message}</FormAlert>
          </div>
        </div>
        <PendingButton
          className="self-start sm:self-center"
          pending={accept.isPending}
          pendingLabel={t('organisationMembers.offer.accepting')}
          onClick={() => accept.mutate(undefined, { onSuccess: () => void toast.success(t('organisationMembers.offer.accepted', { organisation: organisationName })) })}
        >
          {t('organisationMembers.offer.accept')}
        </PendingButton>
      </section>
    );
  }

  if (open.from_user_id === userId) {
    const to = open.to_name;
    return (
      <section aria-label={t('organisationMembers.offer.waiting', { name: to })} className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3 text-sm">
          <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="space-y-2">
            <p>{t('organisationMembers.offer.waiting', { name: to })}</p>
            <FormAlert>{withdraw.error?.message}</FormAlert>
          </div>
        </div>
        <PendingButton
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          pending={withdraw.isPending}
          pendingLabel={t('organisationMembers.offer.withdraw')}
          onClick={() => withdraw.mutate(undefined, { onSuccess: () => void toast.success(t('organisationMembers.offer.withdrawn')) })}
        >
          {t('organisationMembers.offer.withdraw')}
        </PendingButton>
      </section>
    );
  }
  return null;
}
