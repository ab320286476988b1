import type { MailMessage } from '../mail-message.ts';
import { ActionButton, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface ResetPasswordProps {
  name: string;
  resetUrl: string;
  expiresInMinutes: number;
}

const subject = `Reset your ${productName} password`;

export function ResetPassword({ name, resetUrl, expiresInMinutes }: ResetPasswordProps) {
  return (
    <EmailLayout title={subject} preview="Choose a new password for your account.">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>Someone, hopefully you, asked to reset the password of your {productName} account.</Paragraph>
      <ActionButton href={resetUrl}>Choose a new password</ActionButton>
      <Paragraph muted>
        The link works once, for {expiresInMinutes} minutes. Setting a new password logs you out on every other device.
      </Paragraph>
      <Paragraph muted>If you did not ask for this, ignore this e-mail: your password stays as it is.</Paragraph>
    </EmailLayout>
  );
}

function resetPasswordText({ name, resetUrl, expiresInMinutes }: ResetPasswordProps): string {
  return [
    `Hello ${name},`,
    '',
    `Someone, hopefully you, asked to reset the password of your ${productName} account. To choose a new password, open this link:`,
    '',
    resetUrl,
    '',
    `The link works once, for ${expiresInMinutes} minutes. Setting a new password logs you out on every other device.`,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The password-reset e-mail, both parts. */
export function resetPasswordMessage(to: string, props: ResetPasswordProps): MailMessage {
  return { to, subject, html: renderEmailHtml(<ResetPassword {...props} />), text: resetPasswordText(props), links: [props.resetUrl] };
}
