import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: Email;
}

export interface SmtpRelay {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Every DATA command seen, accepted or refused. */
  attempts: () => number;
  /** Answers the next `count` messages with this SMTP reply code instead of accepting them. */
  refuseNext: (count: number, code: 451 | 550) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) standing in for the relay: it speaks
 * the protocol nodemailer speaks, keeps what it accepts, and can refuse on demand.
 */
export async function startSmtpRelay(): Promise<SmtpRelay> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  let refusals: { remaining: number; code: number } = { remaining: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      attempts += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.remaining > 0) {
          refusals = { ...refusals, remaining: refusals.remaining - 1 };
          const error = Object.assign(new Error(refusals.code === 451 ? 'Try again later' : 'Mailbox unavailable'), { responseCode: refusals.code });
          return callback(error);
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    refuseNext: (count, code) => {
      refusals = { remaining: count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
