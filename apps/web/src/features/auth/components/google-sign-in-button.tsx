import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppearance } from '@/lib/use-appearance';
import { loadGoogleIdentity } from '../lib/google-identity';

export interface GoogleSignInButtonProps {
  clientId: string;
  /** Sign-in or sign-up wording on Google's button. */
  context: 'signin' | 'signup';
  /** Called with the Google ID token. */
  onCredential: (credential: string) => void;
  /** The script could not load, or Google answered without a credential. */
  onError: () => void;
}

/**
 * Google's own button (GIS renders it in an iframe). Spec 7: the credential response type (an ID
 * token, which the server verifies), with Google's account chooser and consent screen on every
 * click (auto_select off, no One Tap). Loaded in a chunk of its own, only when Google is offered.
 */
export function GoogleSignInButton({ clientId, context, onCredential, onError }: GoogleSignInButtonProps) {
  const { i18n } = useTranslation();
  const { resolvedAppearance: resolved } = useAppearance();
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // The latest handlers, without re-initialising GIS when a parent re-renders.
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !container.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError();
          },
          auto_select: false,
          cancel_on_tap_outside: true,
          context,
          ux_mode: 'popup',
          itp_support: true,
          use_fedcm_for_button: true,
        });
        container.current.replaceChildren();
        google.renderButton(container.current, {
          type: 'standard',
          theme: resolved === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          // GIS takes a pixel width (at most 400): fill the form's width.
          width: Math.min(400, Math.max(200, Math.round(container.current.getBoundingClientRect().width))),
          locale: i18n.language,
        });
        setReady(true);
      })
      .catch(() => {
        if (active) handlers.current.onError();
      });
    return () => {
      active = false;
    };
  }, [clientId, context, resolved, i18n.language]);

  return <div ref={container} className="flex min-h-10 w-full justify-center" data-ready={ready ? 'true' : 'false'} />;
}
