/** One e-mail, rendered: what a transport sends and the dev outbox stores. */
export interface MailMessage {
  to: string;
  subject: string;
  /** The HTML part. */
  html: string;
  /** The plain-text part, written for reading as text (not stripped HTML). */
  text: string;
  /** The links the message carries, the call to action first (logged and kept by the dev outbox). */
  links: string[];
}
