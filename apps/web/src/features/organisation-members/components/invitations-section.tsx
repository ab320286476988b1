import { useTranslation } from 'react-i18next';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';

/** The invite form and the pending invitations; owners and admins. */
export function InvitationsSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-6 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <InviteForm organisationId={organisationId} />

      <div className="grid gap-3 border-t pt-5">
        <div className="space-y-1">
          <h2 id="invitations-heading" className="text-lg font-semibold">
            {t('organisationMembers.invitations.heading')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('organisationMembers.invitations.description')}</p>
        </div>
        <InvitationList organisationId={organisationId} />
      </div>
    </section>
  );
}
