import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface ShareOfferProps {
  /** The client organisation's name, as its owner typed it. */
  clientName: string;
  /** The Human Capital Expert organisation's name, as its owner typed it. */
  expertName: string;
  /** What the share would let the expert do, in words ("maintain its people", ...). */
  scope: string[];
  /** The expert's Clients page, where the offer is accepted or declined. */
  clientsUrl: string;
}

const subjectOf = (clientName: string) => `${clientName} wants to work with you on ${productName}`;

export function ShareOffer({ clientName, expertName, scope, clientsUrl }: ShareOfferProps) {
  return (
    <EmailLayout title={subjectOf(clientName)} preview={`${clientName} offers to share itself with ${expertName}.`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {clientName} offers to share its organisation with {expertName}. Once you accept, your owners and admins may{' '}
        {scope.join(', ')}. Either side can end the share at any time.
      </Paragraph>
      <ActionButton href={clientsUrl}>Accept or decline</ActionButton>
      <Paragraph muted>If you do not know {clientName}, decline the offer or ignore this e-mail: nothing is shared until you accept.</Paragraph>
    </EmailLayout>
  );
}

function shareOfferText({ clientName, expertName, scope, clientsUrl }: ShareOfferProps): string {
  return [
    'Hello,',
    '',
    `${clientName} offers to share its organisation with ${expertName}. Once you accept, your owners and admins may ${scope.join(', ')}. Either side can end the share at any time.`,
    '',
    'Accept or decline here:',
    '',
    clientsUrl,
    '',
    `If you do not know ${clientName}, decline the offer or ignore this e-mail: nothing is shared until you accept.`,
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The e-mail to an HC expert organisation's owner when a client offers a share, both parts. */
export function shareOfferMessage(to: string, props: ShareOfferProps): MailMessage {
  return { to, subject: subjectOf(props.clientName), html: renderEmailHtml(<ShareOffer {...props} />), text: shareOfferText(props), links: [props.clientsUrl] };
}
