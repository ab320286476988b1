import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { Card, CardContent } from '@/components/ui/card';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { AuditLogSection } from '../components/audit-log-section';
import { ClientSharesSection } from '../components/client-shares-section';
import { OfferShareForm } from '../components/offer-share-form';
import { LoadFailed, Loading } from '@/components/page-states';
import '../organisation-sharing-texts';

/**
 * organization.sharing (issue 13): a business's shares with Human Capital Experts. Its owner
 * offers one (the expert's owner's e-mail and a scope); owners and admins see where each stands,
 * revoke it, and read the audit log of what experts did to the organisation's people.
 */
export function SharingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) return <Loading />;
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    return (
      <div className="mx-auto w-full max-w-xl">
        <LoadFailed message={notFound ? t('organisationSharing.notFound') : t('organisationSharing.loadFailed')} retry={notFound ? undefined : () => void organisation.refetch()} />
      </div>
    );
  }
  const { name, role, type } = organisation.data;
  const refusal = type !== 'business' ? t('organisationSharing.sharing.notBusiness') : role === 'member' ? t('organisationSharing.clients.managersOnly', { organisation: name }) : null;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Share2 aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('organisationSharing.sharing.heading')}</h1>
          <p className="text-muted-foreground">{t('organisationSharing.sharing.description', { organisation: name })}</p>
        </div>
      </div>
      {refusal ? (
        <LoadFailed message={refusal} />
      ) : (
        <>
          <Card>
            <CardContent className="pt-6">{role === 'owner' ? <OfferShareForm clientId={id} /> : <p className="text-sm text-muted-foreground">{t('organisationSharing.sharing.ownerOnly')}</p>}</CardContent>
          </Card>
          <SectionErrorBoundary fallback={(retry) => <LoadFailed message={t('organisationSharing.loadFailed')} retry={retry} />}>
            <ClientSharesSection clientId={id} />
          </SectionErrorBoundary>
          <SectionErrorBoundary fallback={(retry) => <LoadFailed message={t('organisationSharing.loadFailed')} retry={retry} />}>
            <AuditLogSection clientId={id} />
          </SectionErrorBoundary>
        </>
      )}
    </div>
  );
}
