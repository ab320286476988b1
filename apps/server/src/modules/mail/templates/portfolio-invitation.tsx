import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface PortfolioInvitationProps {
  /** The investor organisation's name, as its owner typed it. */
  investorName: string;
  /** The portfolio company, as the investor typed it. */
  companyName: string;
  acceptUrl: string;
  expiresInDays: number;
}

const subjectOf = (investorName: string) => `${investorName} invites your company to ${productName}`;

export function PortfolioInvitation({ investorName, companyName, acceptUrl, expiresInDays }: PortfolioInvitationProps) {
  return (
    <EmailLayout title={subjectOf(investorName)} preview={`${investorName} asks to see ${companyName}'s team overview.`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {investorName} invites you, as the representative of {companyName}, to sign up on {productName}, answer the
        questionnaire with your team, and let {investorName} read your organisation&apos;s team overview: summaries of the
        people who answered, never a person&apos;s own results, and never the right to change anything.
      </Paragraph>
      <ActionButton href={acceptUrl}>See the invitation</ActionButton>
      <Paragraph muted>
        The link works for {expiresInDays} days, for an account with this e-mail address only. You can end the link at any
        time from your organisation.
      </Paragraph>
      <Paragraph muted>If you did not expect this invitation, you can ignore this e-mail.</Paragraph>
    </EmailLayout>
  );
}

function portfolioInvitationText({ investorName, companyName, acceptUrl, expiresInDays }: PortfolioInvitationProps): string {
  return [
    'Hello,',
    '',
    `${investorName} invites you, as the representative of ${companyName}, to sign up on ${productName}, answer the questionnaire with your team, and let ${investorName} read your organisation's team overview: summaries of the people who answered, never a person's own results, and never the right to change anything.`,
    '',
    'See the invitation here:',
    '',
    acceptUrl,
    '',
    `The link works for ${expiresInDays} days, for an account with this e-mail address only. You can end the link at any time from your organisation.`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The portfolio representative's invitation e-mail, both parts. */
export function portfolioInvitationMessage(to: string, props: PortfolioInvitationProps): MailMessage {
  return { to, subject: subjectOf(props.investorName), html: renderEmailHtml(<PortfolioInvitation {...props} />), text: portfolioInvitationText(props), links: [props.acceptUrl] };
}
