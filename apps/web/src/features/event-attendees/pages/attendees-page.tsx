import { eventMessages, eventSessionRequest, type EventSessionView } from '@app/contract/event-attendees';
import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/page-states';
import { TextField } from '@/components/text-field';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PendingButton } from '@/components/ui/pending-button';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { toast } from '@/lib/toast';
import { useEventSessionActions, useEventSessions } from '../api/event-sessions';
import { refusalMessage } from '../lib/refusal';
import '../event-attendees-texts';

/**
 * organization.attendees (issue 13): an event organiser's sessions, each with its invitation link
 * (copy, replace) and counts, never who; an e-mail list sends a session's link. The attendees'
 * summaries are the Team insights page, filtered by session.
 */
export function AttendeesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) return <Loading className="mx-auto w-full max-w-5xl" />;
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    return <LoadFailed className="mx-auto w-full max-w-xl" message={notFound ? t('eventAttendees.notFound') : t('eventAttendees.loadFailed')} retry={notFound ? undefined : () => void organisation.refetch()} />;
  }
  const { name, role, type } = organisation.data;
  const refusal = type !== 'event_organiser' ? t('eventAttendees.notEventOrganiser') : role === 'member' ? t('eventAttendees.managersOnly', { organisation: name }) : null;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <CalendarDays aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('eventAttendees.heading')}</h1>
          <p className="text-muted-foreground">{t('eventAttendees.description', { organisation: name })}</p>
        </div>
      </div>
      {refusal ? <LoadFailed className="mx-auto w-full max-w-xl" message={refusal} /> : <Sessions organisationId={id} />}
    </div>
  );
}

function Sessions({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const sessions = useEventSessions(organisationId);
  if (sessions.isPending) return <Loading />;
  if (sessions.isError) return <LoadFailed className="mx-auto w-full max-w-xl" message={sessions.error.message || t('eventAttendees.loadFailed')} retry={() => void sessions.refetch()} />;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardContent className="pt-6">
            <NewSessionForm organisationId={organisationId} />
          </CardContent>
        </Card>
        {sessions.data.length > 0 && (
          <Card>
            <CardContent className="pt-6">
              <EmailInviteForm organisationId={organisationId} sessions={sessions.data} />
            </CardContent>
          </Card>
        )}
      </div>
      <section aria-labelledby="sessions-heading" className="space-y-4">
        <h2 id="sessions-heading" className="text-xl font-semibold tracking-tight">
          {t('eventAttendees.sessionsHeading')}
        </h2>
        {sessions.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('eventAttendees.empty')}</p>
        ) : (
          <ul className="grid gap-4">
            {sessions.data.map((session) => (
              <SessionCard key={session.id} organisationId={organisationId} session={session} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function NewSessionForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { create } = useEventSessionActions(organisationId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const parsed = eventSessionRequest.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setPending(true);
    const result = await create(parsed.data.name);
    setPending(false);
    if (result.data) {
      setName('');
      setError(null);
      return;
    }
    setError(result.errors?.name?.[0] ?? refusalMessage(result));
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('eventAttendees.newSession')}
      </h2>
      <TextField id={`${id}-name`} label={t('eventAttendees.sessionName')} value={name} onChange={(event) => setName(event.target.value)} error={error ?? undefined} />
      <div>
        <PendingButton type="submit" pending={pending} pendingLabel={t('eventAttendees.adding')}>
          {t('eventAttendees.addSession')}
        </PendingButton>
      </div>
    </form>
  );
}

function EmailInviteForm({ organisationId, sessions }: { organisationId: string; sessions: EventSessionView[] }) {
  const { t } = useTranslation();
  const id = useId();
  const { emailInvite } = useEventSessionActions(organisationId);
  const [sessionId, setSessionId] = useState('');
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const chosen = sessionId || sessions[0]?.id || '';

  const submit = async () => {
    setPending(true);
    const result = await emailInvite(chosen, emails);
    setPending(false);
    if (result.data) {
      setEmails('');
      setError(null);
      void toast.success(t('eventAttendees.sent', { sent: result.data.data.sent, already: result.data.data.already_invited }));
      return;
    }
    setError(result.errors?.emails?.[0] ?? refusalMessage(result));
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t('eventAttendees.emailHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('eventAttendees.emailDescription')}</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-session`}>{t('eventAttendees.emailSession')}</Label>
        <NativeSelect id={`${id}-session`} value={chosen} onChange={(event) => setSessionId(event.target.value)}>
          {sessions.map((session) => (
            <option key={session.id} value={session.id}>
              {session.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-emails`}>{t('eventAttendees.emails')}</Label>
        <textarea
          id={`${id}-emails`}
          rows={4}
          value={emails}
          onChange={(event) => setEmails(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-emails-error` : undefined}
          className="min-h-24 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
        />
        {error && <FieldError id={`${id}-emails-error`}>{error}</FieldError>}
      </div>
      <div>
        <PendingButton type="submit" pending={pending} pendingLabel={t('eventAttendees.sending')}>
          {t('eventAttendees.send')}
        </PendingButton>
      </div>
    </form>
  );
}

function SessionCard({ organisationId, session }: { organisationId: string; session: EventSessionView }) {
  const { t } = useTranslation();
  const id = useId();
  const { rotate } = useEventSessionActions(organisationId);
  const [rotating, setRotating] = useState(false);
  const link = `${window.location.origin}${session.link_path}`;

  const copy = async () => {
    await navigator.clipboard.writeText(link);
    void toast.success(t('eventAttendees.copied'));
  };
  const replace = async () => {
    setRotating(true);
    const result = await rotate(session.id);
    setRotating(false);
    if (result.data) void toast.success(eventMessages.linkRotated);
    else void toast.error(refusalMessage(result));
  };

  return (
    <li aria-label={session.name} className="space-y-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-lg font-semibold">{session.name}</h3>
        <Link to={`${routePath('organization.insights', { id: organisationId })}?event_session=${encodeURIComponent(session.id)}`} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
          {t('eventAttendees.overview')}
        </Link>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {(['invited', 'joined', 'completed'] as const).map((count) => (
          <div key={count} className="rounded-lg bg-muted/50 px-2 py-3">
            <dt className="text-xs text-muted-foreground">{t(`eventAttendees.counts.${count}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{session[count]}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-link`}>{t('eventAttendees.link', { session: session.name })}</Label>
        <div className="flex flex-wrap gap-2">
          <Input id={`${id}-link`} readOnly value={link} className="min-w-0 flex-1 basis-full font-mono text-xs sm:basis-0" onFocus={(event) => event.target.select()} />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {t('eventAttendees.copy')}
          </Button>
          <PendingButton type="button" variant="outline" pending={rotating} pendingLabel={t('eventAttendees.rotate')} onClick={() => void replace()}>
            {t('eventAttendees.rotate')}
          </PendingButton>
        </div>
        <p className="text-xs text-muted-foreground">{t('eventAttendees.rotateHint')}</p>
      </div>
    </li>
  );
}
