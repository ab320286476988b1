import type { OrganisationSummary } from '@app/contract/organisations';
import { useSubscription } from '@/features/organisation-billing/api/get-subscription';
import { OrganisationDashboardPage } from '@/features/organisation-dashboard/pages/organisation-dashboard-page';
import { MembersProgressCard } from '@/features/organisation-members/components/members-progress-card';
import { PendingInvitationsCard } from '@/features/organisation-members/components/pending-invitations-card';

/**
 * The dashboard of the organisation chosen in the profile switcher (issue 12), composed here (a
 * feature never imports another): the members feature's progress and pending invitations and the
 * billing feature's subscription, for owners and admins only. A member is refused those calls by
 * the server (403), so they are never made for one.
 */
export function OrganisationDashboardRoute({ organisation }: { organisation: OrganisationSummary }) {
  const manager = organisation.role !== 'member';
  const subscription = useSubscription(organisation.id, manager);
  if (!manager) return <OrganisationDashboardPage organisation={organisation} />;
  return (
    <OrganisationDashboardPage
      organisation={organisation}
      subscription={subscription}
      members={<MembersProgressCard organisationId={organisation.id} />}
      invitations={<PendingInvitationsCard organisationId={organisation.id} />}
    />
  );
}
