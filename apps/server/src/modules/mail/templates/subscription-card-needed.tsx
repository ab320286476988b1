import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface SubscriptionCardNeededProps {
  /** As the organisation's owner typed it (escaped in the HTML part). */
  organisationName: string;
  /** The end of the period already paid, in words ("27 November 2026"). */
  paidUntil: string;
  /** Settings › Billing of the organisation. */
  billingUrl: string;
}

const subjectOf = ({ organisationName }: SubscriptionCardNeededProps) => `${organisationName} needs a card to renew its subscription`;

function summary({ organisationName, paidUntil }: SubscriptionCardNeededProps): string[] {
  return [
    `${organisationName}’s ${productName} subscription was paid with the card of an account that has now been deleted. The organisation stays as it is until ${paidUntil}, the end of the period already paid.`,
    `To keep it renewing, add a card on its billing page before then; nothing is charged until ${paidUntil}. Without a card the organisation becomes read-only on that day until the subscription is paid.`,
  ];
}

export function SubscriptionCardNeeded(props: SubscriptionCardNeededProps) {
  const [first, second] = summary(props);
  return (
    <EmailLayout title={subjectOf(props)} preview={first ?? ''}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{first}</Paragraph>
      <Paragraph>{second}</Paragraph>
      <ActionButton href={props.billingUrl}>Add a card</ActionButton>
    </EmailLayout>
  );
}

function subscriptionCardNeededText(props: SubscriptionCardNeededProps): string {
  return ['Hello,', '', ...summary(props).flatMap((line) => [line, '']), `Add a card: ${props.billingUrl}`, '', `-- ${productName}`].join('\n');
}

/** An organisation whose renewals were paid by an account now deleted: its owners are asked for a card. */
export function subscriptionCardNeededMessage(to: string, props: SubscriptionCardNeededProps): MailMessage {
  return { to, subject: subjectOf(props), html: renderEmailHtml(<SubscriptionCardNeeded {...props} />), text: subscriptionCardNeededText(props), links: [props.billingUrl] };
}
