// Asks for the signed-in account (GET /api/user) as the page starts, while the app's scripts are
// still on their way: the app's session restore (src/lib/early-account.ts) takes this answer
// instead of asking again once its code has run, which on a slow phone is a round trip sooner for
// every signed-in page. Only with a stored token that is not about to expire: the app refreshes
// such a token first. Loaded async (no inline scripts: the Content-Security-Policy forbids them).
// Keep in step with src/lib/token-storage.ts (keys, 60 s margin) and src/lib/http-client.ts.
/* global window */
(function () {
  try {
    var token = (window.localStorage.getItem('auth_token') || '').trim();
    var expiresAt = Number(window.localStorage.getItem('expires_at'));
    if (token === '' || !(expiresAt > 0) || Date.now() >= (expiresAt - 60) * 1000) return;
    window.compassEarlyAccount = {
      token: token,
      response: fetch('/api/user', {
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      }),
    };
  } catch {
    // No storage (private mode) or no fetch: the app asks itself.
  }
})();
