import { devOutboxResponse, type DevOutboxMessage } from '@app/contract/dev-outbox';
import type { APIRequestContext } from '@playwright/test';

// The server keeps the mail it would send in a dev outbox (GET /api/dev/outbox, never in
// production). Mail leaves through a background job, so a message appears shortly after the
// request that caused it: these helpers poll.

/** Every message to `to` so far, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<DevOutboxMessage[]> {
  const response = await request.get('/api/dev/outbox', { params: { to } });
  if (!response.ok()) throw new Error(`GET /api/dev/outbox: ${response.status()} ${await response.text()}`);
  return devOutboxResponse.parse(await response.json()).data;
}

/**
 * The first link matching `pattern` in the newest message to `to` that has one, waiting up to
 * `timeoutMs` for that message to be sent.
 */
export async function waitForMailLink(request: APIRequestContext, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 1_000)) {
    for (const message of await mailTo(request, to)) {
      const link = message.links.find((candidate) => pattern.test(candidate));
      if (link !== undefined) return link;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

export const verificationLinkPattern = /\/verify-email\/[^/?]+\/[^/?]+\?/;
export const resetLinkPattern = /\/reset-password\/[^/?]+/;
