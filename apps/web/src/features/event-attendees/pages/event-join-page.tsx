import { eventMessages } from '@app/contract/event-attendees';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { joinEvent, useEventInvitation } from '../api/event-sessions';
import { refusalMessage } from '../lib/refusal';
import '../event-attendees-texts';

/**
 * event-invitation (issue 13): a session's shareable link. A logged-in visitor joins the session
 * as an attendee and is sent on to the questionnaire; an old (replaced) link says so.
 */
export function EventJoinPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useEventInvitation(token);
  const [pending, setPending] = useState(false);
  const [joined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (invitation.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <div className="mx-auto w-full max-w-xl space-y-4">
        {/* The page keeps a heading when the link cannot be read (axe: a page has one h1). */}
        <h1 className="text-2xl font-semibold tracking-tight">{t('eventAttendees.join.failedHeading')}</h1>
        <FormAlert>
          <p>{invitation.error?.message || t('eventAttendees.join.loadFailed')}</p>
        </FormAlert>
      </div>
    );
  }
  const { event_name: event, session_name: session } = invitation.data;

  const join = async () => {
    setPending(true);
    const result = await joinEvent(token);
    setPending(false);
    if (result.data) setJoined(true);
    else setError(refusalMessage(result));
  };

  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <CalendarDays aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('eventAttendees.join.heading', { event })}</h1>
          <p className="text-muted-foreground">{t('eventAttendees.join.description', { session })}</p>
        </div>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <FormAlert>{error}</FormAlert>
          {joined ? (
            <>
              <p role="status" className="text-sm">
                {eventMessages.joined}
              </p>
              <Link to={routePath('dashboard')} className={buttonClassName({ size: 'sm' })}>
                {t('eventAttendees.join.toQuestionnaire')}
              </Link>
            </>
          ) : (
            <PendingButton type="button" pending={pending} pendingLabel={t('eventAttendees.join.joining')} onClick={() => void join()}>
              {t('eventAttendees.join.button')}
            </PendingButton>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
