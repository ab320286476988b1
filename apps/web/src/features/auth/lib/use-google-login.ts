import { useState } from 'react';
import { sessionStore } from '@/lib/session-store';

/**
 * Logs in with the ID token Google's button gives (spec 7), for the login and sign-up pages:
 * `pending` while the server checks it, then `onLoggedIn`, or the store's error (spec section 8:
 * errors.requestFailed) through `setFormError`, which is cleared when a login starts.
 */
export function useGoogleLogin({ setFormError, onLoggedIn }: { setFormError: (message: string | null) => void; onLoggedIn: () => Promise<void> | void }) {
  const [pending, setPending] = useState(false);

  const logIn = async (credential: string) => {
    setFormError(null);
    setPending(true);
    const outcome = await sessionStore.loginWithGoogle(credential);
    setPending(false);
    if (outcome.ok) await onLoggedIn();
    else setFormError(outcome.error);
  };

  return { pending, logIn: (credential: string) => void logIn(credential) };
}
