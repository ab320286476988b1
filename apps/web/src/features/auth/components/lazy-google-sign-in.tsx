import { lazy, Suspense } from 'react';
import type { GoogleSignInButtonProps } from './google-sign-in-button';

// Its own chunk, loaded only when the auth config offers Google (the login page's budget).
const GoogleSignIn = lazy(() => import('./google-sign-in'));

/** "or" and Google's button, downloaded when first shown. */
export function LazyGoogleSignIn(props: GoogleSignInButtonProps) {
  return (
    <Suspense fallback={null}>
      <GoogleSignIn {...props} />
    </Suspense>
  );
}
