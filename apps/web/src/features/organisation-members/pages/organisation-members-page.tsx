import { Building2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageValue } from '@/lib/page-values';
import { routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import { useOrganisation } from '../api/get-organisation';
import { useMembers } from '../api/list-members';
import { InvitationsSection } from '../components/invitations-section';
import { LeaveOrganisation } from '../components/leave-organisation';
import { MembersSection } from '../components/members-section';
import { OwnershipOfferNotice } from '../components/ownership-offer-notice';
import { RequestRefusal } from '../lib/refusal';
import { useMemberListParams } from '../lib/use-member-list-params';
import '../organisation-members-texts';

/**
 * organization.members (issue 12): the people of one organisation. Owners and admins see the
 * members (search, pages, roles, questionnaire progress), change roles, remove, offer the ownership
 * (owners), and manage invitations; a member sees their own membership only (the list is the
 * managers'). Everyone may leave.
 */
export function OrganisationMembersPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-5xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (organisation.isError || !user) {
    const notFound = organisation.error instanceof RequestRefusal && organisation.error.result.status === 404;
    return (
      <div className="mx-auto w-full max-w-xl">
        <FormAlert>
          <p>{notFound ? t('organisationMembers.notFound') : t('organisationMembers.loadFailed')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {!notFound && (
              <Button variant="outline" size="sm" onClick={() => void organisation.refetch()}>
                {t('organisationMembers.retry')}
              </Button>
            )}
            <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              {t('organisationMembers.toDashboard')}
            </Link>
          </div>
        </FormAlert>
      </div>
    );
  }

  return <MembersPageContent organisationId={id} organisationName={organisation.data.name} role={organisation.data.role} readOnly={organisation.data.status === 'past_due'} userId={user.id} />;
}

/** A section that failed to draw: the rest of the page keeps working. */
function SectionFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <p>{t('organisationMembers.sectionFailed')}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        {t('organisationMembers.retry')}
      </Button>
    </FormAlert>
  );
}

function MembersPageContent({ organisationId, organisationName, role, readOnly, userId }: { organisationId: string; organisationName: string; role: 'owner' | 'admin' | 'member'; readOnly: boolean; userId: string }) {
  const { t } = useTranslation();
  const manager = role !== 'member';
  const params = useMemberListParams();
  const members = useMembers(organisationId, { search: params.search, page: params.page }, manager);
  const actor = { userId, role };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">{t('organisationMembers.heading')}</h1>
            <p className="text-muted-foreground">{t(manager ? 'organisationMembers.description' : 'organisationMembers.descriptionMember', { organisation: organisationName })}</p>
          </div>
        </div>
        <div className="shrink-0 max-sm:pl-13">
          <LeaveOrganisation organisationId={organisationId} organisationName={organisationName} userId={userId} />
        </div>
      </div>

      {readOnly && manager && (
        <FormAlert tone="info">
          <span className="inline-flex items-center gap-1.5">
            <Lock aria-hidden="true" className="size-4" />
            {t('organisationMembers.readOnly')}
          </span>
        </FormAlert>
      )}

      <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
        <OwnershipOfferNotice organisationId={organisationId} organisationName={organisationName} userId={userId} />
      </SectionErrorBoundary>

      {manager ? (
        <>
          <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
            <MembersSection organisationId={organisationId} organisationName={organisationName} actor={actor} params={params} members={members} />
          </SectionErrorBoundary>
          <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
            <InvitationsSection organisationId={organisationId} />
          </SectionErrorBoundary>
        </>
      ) : (
        <section aria-labelledby="membership-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <h2 id="membership-heading" className="text-lg font-semibold">
            {t('organisationMembers.membership.heading')}
          </h2>
          <p className="mt-2 text-sm">{t('organisationMembers.membership.role', { role: t(`organisationMembers.roles.${role}`).toLowerCase(), organisation: organisationName })}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('organisationMembers.membership.explanation')}</p>
        </section>
      )}
    </div>
  );
}
