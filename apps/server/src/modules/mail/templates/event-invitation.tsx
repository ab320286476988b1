import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface EventInvitationProps {
  /** The event organiser's name, as its owner typed it. */
  eventName: string;
  sessionName: string;
  joinUrl: string;
}

const subjectOf = (eventName: string) => `${eventName} invites you to ${productName}`;

export function EventInvitation({ eventName, sessionName, joinUrl }: EventInvitationProps) {
  return (
    <EmailLayout title={subjectOf(eventName)} preview={`Join ${sessionName} and answer the questionnaire.`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {eventName} invites you to join {sessionName} on {productName} and answer a short questionnaire about your personality,
        the work environment you prefer and what you value. You receive your own results; the organiser sees only summaries
        of all attendees, never your name, your e-mail address or your answers.
      </Paragraph>
      <ActionButton href={joinUrl}>Join the event</ActionButton>
      <Paragraph muted>If you did not expect this invitation, you can ignore this e-mail.</Paragraph>
    </EmailLayout>
  );
}

function eventInvitationText({ eventName, sessionName, joinUrl }: EventInvitationProps): string {
  return [
    'Hello,',
    '',
    `${eventName} invites you to join ${sessionName} on ${productName} and answer a short questionnaire about your personality, the work environment you prefer and what you value. You receive your own results; the organiser sees only summaries of all attendees, never your name, your e-mail address or your answers.`,
    '',
    'Join the event here:',
    '',
    joinUrl,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** An event's invitation e-mail (the session's shareable link), both parts. */
export function eventInvitationMessage(to: string, props: EventInvitationProps): MailMessage {
  return { to, subject: subjectOf(props.eventName), html: renderEmailHtml(<EventInvitation {...props} />), text: eventInvitationText(props), links: [props.joinUrl] };
}
