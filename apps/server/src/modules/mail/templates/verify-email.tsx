import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface VerifyEmailProps {
  name: string;
  verifyUrl: string;
  expiresInMinutes: number;
}

const subject = `Confirm your e-mail address for ${productName}`;

export function VerifyEmail({ name, verifyUrl, expiresInMinutes }: VerifyEmailProps) {
  return (
    <EmailLayout title={subject} preview="One click to confirm this address belongs to you.">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        Please confirm that this is your e-mail address. It lets us reach you about your reports and helps you get back
        into your account if you ever forget your password.
      </Paragraph>
      <ActionButton href={verifyUrl}>Confirm e-mail address</ActionButton>
      <Paragraph muted>
        The link works for {expiresInMinutes} minutes, while you are logged in to {productName}. If it has expired, you can
        ask for a new one from your account.
      </Paragraph>
      <Paragraph muted>If you did not create a {productName} account, you can ignore this e-mail.</Paragraph>
    </EmailLayout>
  );
}

function verifyEmailText({ name, verifyUrl, expiresInMinutes }: VerifyEmailProps): string {
  return [
    `Hello ${name},`,
    '',
    'Please confirm that this is your e-mail address by opening this link:',
    '',
    verifyUrl,
    '',
    `It lets us reach you about your reports and helps you get back into your account if you ever forget your password.`,
    '',
    `The link works for ${expiresInMinutes} minutes, while you are logged in to ${productName}. If it has expired, you can ask for a new one from your account.`,
    '',
    `If you did not create a ${productName} account, you can ignore this e-mail.`,
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The verification e-mail, both parts. */
export function verifyEmailMessage(to: string, props: VerifyEmailProps): MailMessage {
  return { to, subject, html: renderEmailHtml(<VerifyEmail {...props} />), text: verifyEmailText(props), links: [props.verifyUrl] };
}
