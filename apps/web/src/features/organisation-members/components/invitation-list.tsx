import { useState } from 'react';
import { memberMessages, type InvitationView } from '@app/contract/organisation-members';
import { MailX, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useInvitations } from '../api/list-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { RoleBadge } from './badges';
import { ConfirmDialog } from './confirm-dialog';

function formatDate(iso: string, language = browserLanguage()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

function ExpiryNote({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation();
  if (invitation.status === 'expired') {
    return (
      <span className="inline-flex items-center rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
        <time dateTime={invitation.expires_at} title={t('organisationMembers.invitations.expiredOn', { date: formatDate(invitation.expires_at) })}>
          {t('organisationMembers.invitations.expired')}
        </time>
      </span>
    );
  }
  return (
    <time dateTime={invitation.expires_at} className="text-xs text-muted-foreground">
      {t('organisationMembers.invitations.expires', { date: formatDate(invitation.expires_at) })}
    </time>
  );
}

/**
 * The pending invitations (expired ones too, to resend) with Resend and Revoke (after asking), for
 * owners and admins: on the Members page under the invite form, and on the organisation dashboard.
 */
export function InvitationList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const invitations = useInvitations(organisationId, true);
  const resend = useResendInvitation(organisationId);
  const revoke = useRevokeInvitation(organisationId);
  const [revoking, setRevoking] = useState<InvitationView | null>(null);
  const rows = invitations.data ?? [];

  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <>
      {invitations.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : invitations.isError ? (
        <FormAlert>
          <p>{invitations.error.message || t('organisationMembers.invitations.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void invitations.refetch()}>
            {t('organisationMembers.retry')}
          </Button>
        </FormAlert>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('organisationMembers.invitations.empty')}</p>
      ) : (
        <ul aria-label={t('organisationMembers.invitations.heading')} className="divide-y rounded-lg border">
          {rows.map((invitation) => (
            <li key={invitation.id} aria-label={invitation.email} className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="grid min-w-0 gap-1">
                <span className="truncate font-medium">{invitation.email}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <RoleBadge role={invitation.role} />
                  <ExpiryNote invitation={invitation} />
                </span>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('organisationMembers.invitations.resendFor', { email: invitation.email })}
                  disabled={resend.isPending && resend.variables === invitation.id}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () => void toast.success(memberMessages.invitationResent),
                      onError: (error) => void toast.error(error.message),
                    })
                  }
                >
                  {resend.isPending && resend.variables === invitation.id ? <Spinner /> : <RotateCw aria-hidden="true" />}
                  {t('organisationMembers.invitations.resend')}
                </Button>
                <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={t('organisationMembers.invitations.revokeFor', { email: invitation.email })} onClick={() => setRevoking(invitation)}>
                  <MailX aria-hidden="true" />
                  {t('organisationMembers.invitations.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        icon={<MailX aria-hidden="true" className="size-5" />}
        title={t('organisationMembers.invitations.revokeTitle', { email: revoking?.email ?? '' })}
        description={t('organisationMembers.invitations.revokeDescription')}
        confirmLabel={t('organisationMembers.invitations.revokeConfirm')}
        pendingLabel={t('organisationMembers.invitations.revoking')}
        cancelLabel={t('organisationMembers.invitations.revokeCancel')}
        pending={revoke.isPending}
        error={revoke.error?.message ?? null}
        destructive
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              closeRevoke();
              void toast.success(memberMessages.invitationRevokedToast);
            },
          })
        }
        onCancel={closeRevoke}
      />
    </>
  );
}
