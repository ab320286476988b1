// Google Identity Services (GIS), loaded only when the auth config offers Google sign-in. The
// server's CSP must allow it (script-src https://accounts.google.com/gsi/client; frame-src,
// connect-src https://accounts.google.com/gsi/; style-src https://accounts.google.com/gsi/style).

export const googleIdentityScriptUrl = 'https://accounts.google.com/gsi/client';

/** What GIS hands the callback: `credential` is the Google ID token (spec 7's credential response). */
export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  context?: 'signin' | 'signup' | 'use';
  ux_mode?: 'popup' | 'redirect';
  itp_support?: boolean;
  use_fedcm_for_button?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Adds the GIS script once and resolves with `google.accounts.id`. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const ready = () => window.google?.accounts?.id;
    const existing = ready();
    if (existing) {
      resolve(existing);
      return;
    }
    const script = document.createElement('script');
    script.src = googleIdentityScriptUrl;
    script.async = true;
    script.onload = () => {
      const id = ready();
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => reject(new Error(`Could not load ${googleIdentityScriptUrl}`));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A blocked or offline load may work on the next visit of the page.
    loading = null;
    throw error;
  });
  return loading;
}
