/** The message of a 429 (code `too_many_requests`); the Retry-After header carries the same wait. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 120) return `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  return `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
}
