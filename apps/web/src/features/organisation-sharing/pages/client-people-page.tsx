import { shareMessages, type ClientPersonView } from '@app/contract/organisation-shares';
import { ArrowLeft, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import type { RequestResult } from '@/lib/http-client';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { RequestRefusal, statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { toast } from '@/lib/toast';
import { useClientPeople, useClientPeopleChanges } from '../api/client-people';
import { ConfirmAction } from '../components/confirm-action';
import { LoadFailed, Loading } from '@/components/page-states';
import { PersonForm } from '../components/person-form';
import { InvitationBadge } from '../components/status-badge';
import { refusalMessage } from '../lib/refusal';
import '../organisation-sharing-texts';

/**
 * organization.client-people (issue 13): one client's employees and contractors, kept by the
 * expert's owners and admins within the share's maintain_people scope: add, edit, remove, and
 * send, resend or withdraw each one's invitation. Every change lands in the client's audit log;
 * once the client (or the expert) ends the share the page says so.
 */
export function ClientPeoplePage() {
  const { t } = useTranslation();
  const { id = '', clientId = '' } = useParams();
  const expert = useOrganisation(id);
  const people = useClientPeople(id, clientId);
  usePageValue('organisationName', expert.data?.name);
  usePageValue('clientName', people.data?.client_organisation_name);

  const back = (
    <Link to={routePath('organization.clients', { id })} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('organisationSharing.people.back')}
    </Link>
  );

  if (people.isPending || expert.isPending) return <Loading />;
  if (people.isError) {
    const status = statusOf(people.error);
    // 404: the share ended (or never was); 403: the scope no longer includes the people. Both say why.
    const message = status === 404 ? shareMessages.shareNotActive : status === 403 && people.error instanceof RequestRefusal ? people.error.message : t('organisationSharing.loadFailed');
    return (
      <div className="mx-auto w-full max-w-xl space-y-4">
        {back}
        <LoadFailed message={message} retry={status === 404 || status === 403 ? undefined : () => void people.refetch()} />
      </div>
    );
  }
  const client = people.data.client_organisation_name;
  const showsInsights = people.data.scope.includes('aggregates') || people.data.scope.includes('individual_results');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="space-y-3">
        {back}
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Users aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">
              {t('organisationSharing.people.heading')}: {client}
            </h1>
            <p className="text-muted-foreground">{t('organisationSharing.people.description', { client, expert: expert.data?.name ?? '' })}</p>
            {showsInsights && (
              <Link to={routePath('organization.insights', { id: clientId })} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t('organisationSharing.people.insightsLink', { client })}
              </Link>
            )}
          </div>
        </div>
      </div>
      <PeopleEditor expertId={id} clientId={clientId} people={people.data.people} />
    </div>
  );
}

function PeopleEditor({ expertId, clientId, people }: { expertId: string; clientId: string; people: ClientPersonView[] }) {
  const { t } = useTranslation();
  const changes = useClientPeopleChanges(expertId, clientId);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (call: () => Promise<RequestResult<unknown>>, success: string) => {
    setError(null);
    const result = await call();
    if (result.error === null) void toast.success(success);
    else setError(refusalMessage(result));
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t('organisationSharing.people.addHeading')}</CardTitle>
        </CardHeader>
        <CardContent>
          <PersonForm onSubmit={changes.add} onDone={() => void toast.success(shareMessages.personAdded)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('organisationSharing.people.heading')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FormAlert>{error}</FormAlert>
          {people.length === 0 && <p className="text-sm text-muted-foreground">{t('organisationSharing.people.empty')}</p>}
          <ul className="divide-y divide-border rounded-lg border border-border">
            {people.map((person) => (
              <li key={person.id} className="grid gap-3 p-4" aria-label={person.full_name}>
                {editing === person.id ? (
                  <PersonForm
                    person={person}
                    onSubmit={({ position_title, full_name, email }) => changes.update(person.id, { position_title, full_name, ...(person.invitation === 'joined' ? {} : { email }) })}
                    onDone={() => {
                      setEditing(null);
                      void toast.success(shareMessages.personUpdated);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 space-y-0.5">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {person.full_name}
                        <InvitationBadge status={person.invitation} />
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {t(`organisationSharing.people.kinds.${person.kind}`)}
                        {person.position_title ? ` · ${person.position_title}` : ''} · <span className="break-all">{person.email}</span>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {person.invitation === 'none' && (
                        <Button size="sm" aria-label={t('organisationSharing.people.inviteLabel', { name: person.full_name })} onClick={() => void act(() => changes.invite(person.id), t('organisationSharing.people.invited'))}>
                          {t('organisationSharing.people.invite')}
                        </Button>
                      )}
                      {(person.invitation === 'pending' || person.invitation === 'expired') && (
                        <>
                          <Button size="sm" variant="outline" aria-label={t('organisationSharing.people.resendLabel', { name: person.full_name })} onClick={() => void act(() => changes.invite(person.id), t('organisationSharing.people.invited'))}>
                            {t('organisationSharing.people.resend')}
                          </Button>
                          <Button size="sm" variant="outline" aria-label={t('organisationSharing.people.withdrawLabel', { name: person.full_name })} onClick={() => void act(() => changes.withdrawInvitation(person.id), t('organisationSharing.people.withdrawn'))}>
                            {t('organisationSharing.people.withdraw')}
                          </Button>
                        </>
                      )}
                      <Button size="sm" variant="outline" aria-label={t('organisationSharing.people.editLabel', { name: person.full_name })} onClick={() => setEditing(person.id)}>
                        {t('organisationSharing.people.edit')}
                      </Button>
                      <ConfirmAction
                        label={t('organisationSharing.people.remove')}
                        ariaLabel={t('organisationSharing.people.removeLabel', { name: person.full_name })}
                        title={t('organisationSharing.people.removeTitle', { name: person.full_name })}
                        description={t('organisationSharing.people.removeDescription', { name: person.full_name })}
                        confirmLabel={t('organisationSharing.people.remove')}
                        action={async () => {
                          const result = await changes.remove(person.id);
                          if (result.error !== null) return refusalMessage(result);
                          void toast.success(shareMessages.personRemoved);
                          return null;
                        }}
                      />
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
