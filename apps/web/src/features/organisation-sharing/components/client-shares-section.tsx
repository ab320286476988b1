import type { ClientShareView } from '@app/contract/organisation-shares';
import { shareMessages } from '@app/contract/organisation-shares';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/lib/toast';
import { useClientShares, useRevokeShare } from '../api/client-shares';
import { formatDate } from '../lib/format';
import { refusalMessage } from '../lib/refusal';
import { ConfirmAction } from './confirm-action';
import { LoadFailed, Loading } from '@/components/page-states';
import { ScopeList } from './scope-list';
import { ShareStatusBadge } from './status-badge';

/** The client's shares: each expert, what it may do, where the share stands, and Revoke while it is offered or active. */
export function ClientSharesSection({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const shares = useClientShares(clientId);
  const revoke = useRevokeShare(clientId);
  const [error, setError] = useState<string | null>(null);

  const onRevoke = async (share: ClientShareView) => {
    setError(null);
    const result = await revoke(share.id);
    if (result.data === null) return refusalMessage(result);
    void toast.success(shareMessages.revoked);
    return null;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('organisationSharing.sharing.sharesHeading')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormAlert>{error}</FormAlert>
        {shares.isPending && <Loading />}
        {shares.isError && <LoadFailed message={t('organisationSharing.loadFailed')} retry={() => void shares.refetch()} />}
        {shares.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('organisationSharing.sharing.noShares')}</p>}
        {shares.data && shares.data.length > 0 && (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {shares.data.map((share) => (
              <li key={share.id} className="flex flex-wrap items-start justify-between gap-3 p-4" aria-label={share.expert_organisation_name}>
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {share.expert_organisation_name}
                    <ShareStatusBadge status={share.status} revokedBy={share.revoked_by} />
                  </p>
                  <ScopeList scope={share.scope} />
                  <p className="text-xs text-muted-foreground">{t('organisationSharing.sharing.offeredAt', { date: formatDate(share.offered_at, i18n.language) })}</p>
                </div>
                {(share.status === 'offered' || share.status === 'active') && (
                  <ConfirmAction
                    label={t('organisationSharing.sharing.revoke')}
                    ariaLabel={t('organisationSharing.sharing.revokeLabel', { name: share.expert_organisation_name })}
                    title={t('organisationSharing.sharing.revokeTitle', { name: share.expert_organisation_name })}
                    description={t('organisationSharing.sharing.revokeDescription', { name: share.expert_organisation_name })}
                    confirmLabel={t('organisationSharing.sharing.revoke')}
                    action={() => onRevoke(share)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
