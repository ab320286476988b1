import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface OrganisationInvitationProps {
  /** As the organisation's owner typed it (escaped in the HTML part, like every prop). */
  organisationName: string;
  /** Who sent it, by name. */
  inviterName: string;
  role: 'admin' | 'member';
  acceptUrl: string;
  expiresInDays: number;
}

const subjectOf = (organisationName: string) => `${organisationName} invites you to ${productName}`;
const roleInWords = (role: OrganisationInvitationProps['role']) => (role === 'admin' ? 'an admin' : 'a member');

export function OrganisationInvitation({ organisationName, inviterName, role, acceptUrl, expiresInDays }: OrganisationInvitationProps) {
  return (
    <EmailLayout title={subjectOf(organisationName)} preview={`${inviterName} invites you to join ${organisationName}.`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {inviterName} invites you to join {organisationName} on {productName} as {roleInWords(role)}. Members answer a short
        questionnaire about their personality, the work environment they prefer and what they value, and receive their own
        results.
      </Paragraph>
      <ActionButton href={acceptUrl}>Accept the invitation</ActionButton>
      <Paragraph muted>
        The link works for {expiresInDays} days, for an account with this e-mail address only. If you have no account yet, you
        can create one from the link.
      </Paragraph>
      <Paragraph muted>If you did not expect this invitation, you can ignore this e-mail.</Paragraph>
    </EmailLayout>
  );
}

function organisationInvitationText({ organisationName, inviterName, role, acceptUrl, expiresInDays }: OrganisationInvitationProps): string {
  return [
    'Hello,',
    '',
    `${inviterName} invites you to join ${organisationName} on ${productName} as ${roleInWords(role)}. Members answer a short questionnaire about their personality, the work environment they prefer and what they value, and receive their own results.`,
    '',
    'Accept the invitation here:',
    '',
    acceptUrl,
    '',
    `The link works for ${expiresInDays} days, for an account with this e-mail address only. If you have no account yet, you can create one from the link.`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The invitation e-mail, both parts. */
export function organisationInvitationMessage(to: string, props: OrganisationInvitationProps): MailMessage {
  return { to, subject: subjectOf(props.organisationName), html: renderEmailHtml(<OrganisationInvitation {...props} />), text: organisationInvitationText(props), links: [props.acceptUrl] };
}
