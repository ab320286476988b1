// public/session-start.js asks for the signed-in account (GET /api/user) as the page starts, with
// the stored token, before the app's scripts have arrived. On a slow phone that answer is there
// by the time the app restores its session, a round trip sooner than asking then.

/** What public/session-start.js leaves on the window. */
interface EarlyAccount {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    compassEarlyAccount?: EarlyAccount;
  }
}

/**
 * The answer public/session-start.js asked for, if it asked with `token`. Taken once: a later
 * restore (another tab logged in, a new session) asks the server again.
 */
export function takeEarlyAccountResponse(token: string): Promise<Response> | null {
  const early = window.compassEarlyAccount;
  if (early === undefined) return null;
  delete window.compassEarlyAccount;
  return early.token === token ? early.response : null;
}
