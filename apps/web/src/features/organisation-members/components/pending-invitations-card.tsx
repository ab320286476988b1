import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { routePath } from '@/lib/route-paths';
import { InvitationList } from './invitation-list';
import '../organisation-members-texts';

/**
 * The organisation dashboard's pending invitations (issue 12) with Resend and Revoke, and the way
 * to the Members page to invite someone. Owners and admins only (the server's rule).
 */
export function PendingInvitationsCard({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{t('organisationMembers.invitations.heading')}</CardTitle>
        <CardDescription>{t('organisationMembers.invitations.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <InvitationList organisationId={organisationId} />
        <Link to={routePath('organization.members', { id: organisationId })} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
          <UserPlus aria-hidden="true" />
          {t('organisationMembers.overview.invite')}
        </Link>
      </CardContent>
    </Card>
  );
}
