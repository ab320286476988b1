import { accountApiPaths } from '@app/contract/api-paths';
import { devOutboxResponse, type DevOutboxMessage } from '@app/contract/dev-outbox';
import type { TestApp } from './test-app.ts';

/** The dev outbox's messages to `to`, newest first (GET /api/dev/outbox). */
export async function outboxFor(t: TestApp, to: string): Promise<DevOutboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: accountApiPaths.devOutbox, query: { to, limit: '100' } });
  if (response.statusCode !== 200) throw new Error(`GET /api/dev/outbox answered ${response.statusCode}: ${response.body}`);
  return devOutboxResponse.parse(response.json()).data;
}

/**
 * Waits until the outbox holds `count` messages to `to` (delivery runs in a background job) and
 * returns the newest.
 */
export async function waitForMail(t: TestApp, to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<DevOutboxMessage> {
  const startedAt = performance.now();
  for (;;) {
    const messages = await outboxFor(t, to);
    if (messages.length >= count && messages[0]) return messages[0];
    if (performance.now() - startedAt > timeoutMs) throw new Error(`no ${count}. e-mail to ${to} within ${timeoutMs} ms (found ${messages.length})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until no job of `queue` is waiting, due for retry or running. */
export async function waitForIdleQueue(t: TestApp, queue: string, timeoutMs = 10_000): Promise<void> {
  const startedAt = performance.now();
  for (;;) {
    const { rows } = await t.pool.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [queue],
    );
    if (rows[0]?.pending === 0) return;
    if (performance.now() - startedAt > timeoutMs) throw new Error(`queue ${queue} still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The parts of a verification link that the SPA's verification.verify route passes to the API. */
export function verificationLinkParts(link: string): { id: string; hash: string; expires: string; signature: string } {
  const url = new URL(link);
  const match = /^\/verify-email\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1] || !match[2]) throw new Error(`not a verification link: ${link}`);
  return {
    id: decodeURIComponent(match[1]),
    hash: decodeURIComponent(match[2]),
    expires: url.searchParams.get('expires') ?? '',
    signature: url.searchParams.get('signature') ?? '',
  };
}
