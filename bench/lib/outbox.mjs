// The e-mail a bench server "sends": without SMTP_URL each message is kept in the mail_outbox table.
// GET /api/dev/outbox is not served in production (the bench servers run as in production), so the
// benches read the table itself, the way a user reads their mailbox.

/**
 * The first link matching `pattern` in the newest message to `to` that has one, waiting for the
 * mail job to send it.
 * @param {import('pg').Pool} pool
 */
export async function waitForMailLink(pool, to, pattern, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let delayMs = 50; ; delayMs = Math.min(delayMs * 2, 500)) {
    const { rows } = await pool.query('SELECT links FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC', [to]);
    for (const { links } of rows) {
      const link = links.find((candidate) => pattern.test(candidate));
      if (link !== undefined) return link;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

export const verificationLinkPattern = /\/verify-email\/[^/?]+\/[^/?]+\?/;
export const invitationLinkPattern = /\/invitations\/[^/?#]+/;
