import { z } from 'zod';

/**
 * `GET /api/dev/outbox` (outside production only): the newest e-mails the server would have sent
 * when no SMTP relay is configured. End-to-end tests read verification and reset links from it.
 */
export const devOutboxQuery = z.object({
  /** Only messages to this address (compared case-insensitively). */
  to: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DevOutboxQuery = z.infer<typeof devOutboxQuery>;

export const devOutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Every link the message carries, in the order they appear (the call to action first). */
  links: z.array(z.string()),
  created_at: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessage>;

/** Newest first. */
export const devOutboxResponse = z.object({ data: z.array(devOutboxMessage) });
export type DevOutboxResponse = z.infer<typeof devOutboxResponse>;
