/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Turns error reporting on (Sentry DSN). */
  readonly VITE_SENTRY_DSN?: string;
  /** Turns session recording on: the address of the recording script. */
  readonly VITE_SESSION_RECORDING_SRC?: string;
  /** The operator's privacy contact, shown in the privacy policy and the terms. */
  readonly VITE_LEGAL_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
