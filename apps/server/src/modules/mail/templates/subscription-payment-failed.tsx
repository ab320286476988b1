import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface SubscriptionPaymentFailedProps {
  /** As the organisation's owner typed it (escaped in the HTML part). */
  organisationName: string;
  /** The amount as the invoice shows it ("€177.31"). */
  amount: string;
  /** Why the card was refused, in the provider's words as we show them. */
  reason: string;
  /** The next try's date in words ("27 November 2026"), or null after the last one. */
  nextAttempt: string | null;
  /** No card was kept to try (its payer's account was deleted): read-only at once, nothing to try again. */
  noCard?: boolean;
  /** Settings › Billing of the organisation. */
  billingUrl: string;
}

const subjectOf = ({ organisationName, nextAttempt }: SubscriptionPaymentFailedProps) =>
  nextAttempt ? `We could not renew ${organisationName}’s subscription` : `${organisationName} is read-only until the subscription is paid`;

const readOnlyUntilPaid = 'The organisation is read-only until the subscription is paid: its members keep their own results, but nothing can be changed. Pay now to open it again.';

function summary({ organisationName, amount, reason, nextAttempt, noCard }: SubscriptionPaymentFailedProps): string[] {
  if (noCard) return [`${organisationName}’s ${productName} subscription (${amount}) could not be renewed: no card is kept for it.`, readOnlyUntilPaid];
  return nextAttempt
    ? [`The renewal of ${organisationName}’s ${productName} subscription (${amount}) did not go through: ${reason}`, `We will try the card again on ${nextAttempt}. To avoid an interruption, check the card or pay now with another one.`]
    : [
        `We tried to renew ${organisationName}’s ${productName} subscription (${amount}) several times over the past week, without success: ${reason}`,
        readOnlyUntilPaid,
      ];
}

export function SubscriptionPaymentFailed(props: SubscriptionPaymentFailedProps) {
  const [first, second] = summary(props);
  return (
    <EmailLayout title={subjectOf(props)} preview={first ?? ''}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{first}</Paragraph>
      <Paragraph>{second}</Paragraph>
      <ActionButton href={props.billingUrl}>Open billing</ActionButton>
    </EmailLayout>
  );
}

function subscriptionPaymentFailedText(props: SubscriptionPaymentFailedProps): string {
  return ['Hello,', '', ...summary(props).flatMap((line) => [line, '']), `Open billing: ${props.billingUrl}`, '', `-- ${productName}`].join('\n');
}

/** The dunning e-mail of a failed renewal, both parts. */
export function subscriptionPaymentFailedMessage(to: string, props: SubscriptionPaymentFailedProps): MailMessage {
  return { to, subject: subjectOf(props), html: renderEmailHtml(<SubscriptionPaymentFailed {...props} />), text: subscriptionPaymentFailedText(props), links: [props.billingUrl] };
}
