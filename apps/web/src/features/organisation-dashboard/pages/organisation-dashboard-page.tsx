import type { ActivationResponse } from '@app/contract/organisation-billing';
import type { OrganisationSummary } from '@app/contract/organisations';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, Building2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryableSection } from '@/components/retryable-section';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOrganisation } from '@/lib/organisation-details';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { PlanCard } from '../components/plan-card';
import '../organisation-dashboard-texts';

export interface OrganisationDashboardPageProps {
  /** The organisation chosen in the profile switcher, with the caller's role. */
  organisation: OrganisationSummary;
  /** Owners and admins: the subscription (the billing feature's query, handed over by the app). */
  subscription?: UseQueryResult<ActivationResponse | null>;
  /** Owners and admins: the members feature's progress card, handed over by the app. */
  members?: ReactNode;
  /** Owners and admins: the members feature's pending invitations card, handed over by the app. */
  invitations?: ReactNode;
}

/**
 * The dashboard while an organisation is the profile in use (issue 12): its name and type, the
 * members' questionnaire progress and the pending invitations (owners and admins), and the plan
 * and its state. A member sees their membership and the plan, and nothing the server keeps for
 * owners and admins. The app composes it (a feature never imports another).
 */
export function OrganisationDashboardPage({ organisation, subscription, members, invitations }: OrganisationDashboardPageProps) {
  const { t } = useTranslation();
  const details = useOrganisation(organisation.id);
  const manager = organisation.role !== 'member';
  const memberCount = details.data?.counts.members;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Building2 aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{organisation.name}</h1>
          <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            <span>{t(`organisationDashboard.types.${organisation.type}`)}</span>
            {memberCount !== undefined && (
              <>
                <span aria-hidden="true">·</span>
                <span>{t('organisationDashboard.memberCount', { count: memberCount })}</span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{t(`organisationDashboard.roles.${organisation.role}`)}</span>
          </p>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          {manager ? (
            <>
              <Guarded>{members}</Guarded>
              <Guarded>{invitations}</Guarded>
            </>
          ) : (
            <MembershipCard organisation={organisation} />
          )}
        </div>
        {/* On a phone the plan comes first when it needs the reader: past due, or not activated yet. */}
        <div className={cn('grid content-start gap-6', (organisation.status === 'past_due' || organisation.status === 'pending_activation') && 'max-lg:order-first')}>
          <Guarded>
            <PlanCard organisation={organisation} subscription={manager ? subscription : undefined} />
          </Guarded>
        </div>
      </div>
    </div>
  );
}

/** What a plain member sees in place of the managers' cards. */
function MembershipCard({ organisation }: { organisation: OrganisationSummary }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{t('organisationDashboard.membership.heading')}</CardTitle>
        <CardDescription>{t('organisationDashboard.membership.text', { organisation: organisation.name })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('organisationDashboard.membership.managersSee')}</p>
        <Link to={routePath('organization.members', { id: organisation.id })} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
          {t('organisationDashboard.membership.toMembers')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

/** A section of the dashboard whose failure shows a retry; the rest keeps working. */
function Guarded({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RetryableSection message={t('organisationDashboard.sectionFailed')} retryLabel={t('organisationDashboard.retry')}>
      {children}
    </RetryableSection>
  );
}
