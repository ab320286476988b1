import type { ExpertClientView } from '@app/contract/organisation-shares';
import { shareMessages } from '@app/contract/organisation-shares';
import { BriefcaseBusiness } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { toast } from '@/lib/toast';
import { useAnswerShare, useExpertClients, type ShareAnswer } from '../api/expert-clients';
import { ConfirmAction } from '../components/confirm-action';
import { LoadFailed, Loading } from '@/components/page-states';
import { ScopeList } from '../components/scope-list';
import { ShareStatusBadge } from '../components/status-badge';
import { refusalMessage } from '../lib/refusal';
import '../organisation-sharing-texts';

const answerToast: Record<ShareAnswer, string> = { accept: shareMessages.accepted, decline: shareMessages.declined, revoke: shareMessages.revoked };

/**
 * organization.clients (issue 13): a Human Capital Expert's clients. Its owners and admins accept
 * or decline an offered share, end one, and open an active client's people (with maintain_people)
 * and team insights (with aggregates or individual results).
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);
  const manager = organisation.data !== undefined && organisation.data.role !== 'member' && organisation.data.type === 'human_capital_expert';

  if (organisation.isPending) return <Loading />;
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    return (
      <div className="mx-auto w-full max-w-xl">
        <LoadFailed message={notFound ? t('organisationSharing.notFound') : t('organisationSharing.loadFailed')} retry={notFound ? undefined : () => void organisation.refetch()} />
      </div>
    );
  }
  const { name, type } = organisation.data;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <BriefcaseBusiness aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('organisationSharing.clients.heading')}</h1>
          <p className="text-muted-foreground">{t('organisationSharing.clients.description', { organisation: name })}</p>
        </div>
      </div>
      {manager ? (
        <ClientList expertId={id} />
      ) : (
        <LoadFailed message={type === 'human_capital_expert' ? t('organisationSharing.clients.managersOnly', { organisation: name }) : t('organisationSharing.clients.notExpert')} />
      )}
    </div>
  );
}

function ClientList({ expertId }: { expertId: string }) {
  const { t } = useTranslation();
  const clients = useExpertClients(expertId);
  const answer = useAnswerShare(expertId);
  const [error, setError] = useState<string | null>(null);

  /** Returns the refusal's message (also shown above the list), or null once done. */
  const onAnswer = async (client: ExpertClientView, step: ShareAnswer): Promise<string | null> => {
    setError(null);
    const result = await answer(client.client_organisation_id, step);
    if (result.data !== null) {
      void toast.success(answerToast[step]);
      return null;
    }
    const message = refusalMessage(result);
    if (step !== 'revoke') setError(message);
    return message;
  };

  if (clients.isPending) return <Loading />;
  if (clients.isError) return <LoadFailed message={t('organisationSharing.loadFailed')} retry={() => void clients.refetch()} />;
  if (clients.data.length === 0) {
    return (
      <Card>
        <CardContent className="pt-6 text-sm text-muted-foreground">{t('organisationSharing.clients.empty')}</CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <FormAlert>{error}</FormAlert>
      <ul className="grid gap-4">
        {clients.data.map((client) => (
          <li key={client.id}>
            <Card>
              <section aria-label={client.client_organisation_name} className="flex flex-wrap items-start justify-between gap-4 p-6">
                <div className="min-w-0 space-y-2">
                  <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                    {client.client_organisation_name}
                    <ShareStatusBadge status={client.status} revokedBy={client.revoked_by} />
                  </h2>
                  <ScopeList scope={client.scope} />
                </div>
                <div className="flex flex-wrap gap-2">
                  {client.status === 'offered' && (
                    <>
                      <Button size="sm" onClick={() => void onAnswer(client, 'accept')}>
                        {t('organisationSharing.clients.accept')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => void onAnswer(client, 'decline')}>
                        {t('organisationSharing.clients.decline')}
                      </Button>
                    </>
                  )}
                  {client.status === 'active' && client.scope.includes('maintain_people') && (
                    <Link to={routePath('organization.client-people', { id: expertId, clientId: client.client_organisation_id })} className={buttonClassName({ size: 'sm' })}>
                      {t('organisationSharing.clients.people')}
                    </Link>
                  )}
                  {client.status === 'active' && (client.scope.includes('aggregates') || client.scope.includes('individual_results')) && (
                    <Link to={routePath('organization.insights', { id: client.client_organisation_id })} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
                      {t('organisationSharing.clients.insights')}
                    </Link>
                  )}
                  {client.status === 'active' && (
                    <ConfirmAction
                      label={t('organisationSharing.clients.end')}
                      ariaLabel={t('organisationSharing.clients.endLabel', { name: client.client_organisation_name })}
                      title={t('organisationSharing.clients.endTitle', { name: client.client_organisation_name })}
                      description={t('organisationSharing.clients.endDescription', { name: client.client_organisation_name })}
                      confirmLabel={t('organisationSharing.clients.end')}
                      action={() => onAnswer(client, 'revoke')}
                    />
                  )}
                </div>
              </section>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
