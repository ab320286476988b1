// spec 4 and 8: when a token refresh fails the session is cleared and the user is sent to the
// login page, which must then say 'Session expired. Please log in again.' This remembers, for
// this page load only, that the last session ended that way; the login page reads it once. A
// logout the user asked for, or a new login, forgets it: those are not an expiry.

let pending = false;

export const sessionExpiredNotice = {
  /** The HTTP client's refresh failed and the stored session was cleared. */
  mark(): void {
    pending = true;
  },
  /** Whether the login page has to say why the user is there. */
  isPending(): boolean {
    return pending;
  },
  /** Said, or no longer true (a logout, a login). */
  clear(): void {
    pending = false;
  },
};
