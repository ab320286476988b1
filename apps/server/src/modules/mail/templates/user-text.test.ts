import { describe, expect, it } from 'vitest';
import { startSmtpRelay } from '../../../../test/smtp-relay.ts';
import type { MailMessage } from '../mail-message.ts';
import { createSmtpTransport } from '../transports.ts';
import { eventInvitationMessage } from './event-invitation.tsx';
import { orderConfirmationMessage } from './order-confirmation.tsx';
import { organisationInvitationMessage } from './organisation-invitation.tsx';
import { portfolioInvitationMessage } from './portfolio-invitation.tsx';
import { resetPasswordMessage } from './reset-password.tsx';
import { shareOfferMessage } from './share-offer.tsx';
import { subscriptionCardNeededMessage } from './subscription-card-needed.tsx';
import { subscriptionPaymentFailedMessage } from './subscription-payment-failed.tsx';
import { verifyEmailMessage } from './verify-email.tsx';

// Issue 14, "Bad input": names and texts people type (their name, an organisation's, a session's,
// a portfolio company's) reach every e-mail as text. Each template gets markup and script in every
// text a user typed: the HTML part escapes it (no element is made from it), the plain-text part and
// the subject carry it exactly as typed.

const payload = `<img src=x onerror="window.__xss=1">"'&<script>window.__xss=2</script>`;
/** The payload as React writes text and attribute values: every character that could open markup escaped. */
const escaped = '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&quot;&#x27;&amp;&lt;script&gt;window.__xss=2&lt;/script&gt;';
const typed = (label: string) => `${label} ${payload}`;
const url = 'https://compass.example/path/abc';

interface Case {
  template: string;
  message: MailMessage;
  /** Every typed text the message must show, as typed. */
  texts: string[];
  /** The typed texts the subject carries. */
  inSubject: string[];
}

const cases: Case[] = [
  { template: 'verification', message: verifyEmailMessage('a@example.com', { name: typed('Ada'), verifyUrl: url, expiresInMinutes: 60 }), texts: [typed('Ada')], inSubject: [] },
  { template: 'password reset', message: resetPasswordMessage('a@example.com', { name: typed('Ada'), resetUrl: url, expiresInMinutes: 60 }), texts: [typed('Ada')], inSubject: [] },
  {
    template: 'order confirmation',
    message: orderConfirmationMessage('a@example.com', {
      name: typed('Ada'),
      orderNumber: '2026-000042',
      date: '21 November 2026',
      lines: [{ title: 'BIG5 personality report', quantity: 1, unitPrice: '€29.00', amount: '€29.00' }],
      totals: [{ label: 'Total', amount: '€29.00', emphasis: true }],
      consentStatement: null,
      reportsUrl: url,
    }),
    texts: [typed('Ada')],
    inSubject: [],
  },
  {
    template: 'organisation invitation',
    message: organisationInvitationMessage('a@example.com', { organisationName: typed('Oak'), inviterName: typed('Olga'), role: 'member', acceptUrl: url, expiresInDays: 7 }),
    texts: [typed('Oak'), typed('Olga')],
    inSubject: [typed('Oak')],
  },
  {
    template: 'portfolio invitation',
    message: portfolioInvitationMessage('a@example.com', { investorName: typed('Fund'), companyName: typed('Startup'), acceptUrl: url, expiresInDays: 14 }),
    texts: [typed('Fund'), typed('Startup')],
    inSubject: [typed('Fund')],
  },
  {
    template: 'event invitation',
    message: eventInvitationMessage('a@example.com', { eventName: typed('Summit'), sessionName: typed('Morning'), joinUrl: url }),
    texts: [typed('Summit'), typed('Morning')],
    inSubject: [typed('Summit')],
  },
  {
    template: 'share offer',
    message: shareOfferMessage('a@example.com', { clientName: typed('Client'), expertName: typed('Expert'), scope: ['see its team overview'], clientsUrl: url }),
    texts: [typed('Client'), typed('Expert')],
    inSubject: [typed('Client')],
  },
  {
    template: 'refused renewal',
    message: subscriptionPaymentFailedMessage('a@example.com', { organisationName: typed('Oak'), amount: '€177.31', reason: 'Your card was declined.', nextAttempt: '27 November 2026', billingUrl: url }),
    texts: [typed('Oak')],
    inSubject: [typed('Oak')],
  },
  {
    template: 'card needed',
    message: subscriptionCardNeededMessage('a@example.com', { organisationName: typed('Oak'), paidUntil: '27 November 2026', billingUrl: url }),
    texts: [typed('Oak')],
    inSubject: [typed('Oak')],
  },
];

describe.each(cases)('the $template e-mail with markup in what people typed', ({ message, texts, inSubject }) => {
  it('escapes it in the HTML part, so no element and no script come from it', () => {
    // The templates draw no image and no script of their own: any in the HTML would be the payload's.
    expect(message.html).not.toMatch(/<img|<script|onerror="/i);
    for (const text of texts) expect(message.html).toContain(`${text.slice(0, text.indexOf(' '))} ${escaped}`);
  });

  it('keeps it as typed in the plain-text part and the subject', () => {
    for (const text of texts) expect(message.text).toContain(text);
    for (const text of inSubject) expect(message.subject).toContain(text);
  });
});

describe('a typed name with a line break in a subject', () => {
  it('stays one Subject header through the SMTP relay and adds no header of its own', async () => {
    const relay = await startSmtpRelay();
    const transport = createSmtpTransport(relay.url, 'Compass <hello@compass.example>');
    try {
      const organisationName = 'Oak\r\nBcc: victim@example.com\r\nX-Injected: yes\n<b>Ltd</b>';
      await transport.send(organisationInvitationMessage('invitee@example.com', { organisationName, inviterName: 'Olga', role: 'member', acceptUrl: url, expiresInDays: 7 }));
      const [mail] = relay.received;
      expect(mail?.envelopeTo).toEqual(['invitee@example.com']);
      expect(mail?.parsed.bcc ?? []).toEqual([]);
      expect(mail?.parsed.headers.map((header) => header.key)).not.toContain('x-injected');
      expect(mail?.parsed.headers.filter((header) => header.key === 'subject')).toHaveLength(1);
      expect(mail?.parsed.subject).toBe('Oak Bcc: victim@example.com X-Injected: yes <b>Ltd</b> invites you to Compass');
    } finally {
      await transport.close();
      await relay.close();
    }
  });
});
