import type { ReactNode } from 'react';
import type * as Sonner from 'sonner';

// Toasts through sonner, loaded with the first toast: most visits never show one, and sonner
// would otherwise weigh on the login page's 150 KB budget. The Toaster mounts on the first
// request (app/providers.tsx); a toast waits for it, because sonner drops toasts sent before its
// Toaster subscribes.

type ToastOptions = Sonner.ExternalToast;
type ToastId = string | number;

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonner: Promise<typeof Sonner> | null = null;

function load(): Promise<typeof Sonner['toast']> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return Promise.all([sonner, mounted]).then(([module]) => module.toast);
}

/** Whether the Toaster is wanted yet, for useSyncExternalStore in the providers. */
export const toasterGate = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: (): boolean => requested,
  /** Called by the Toaster's wrapper once sonner listens. */
  markMounted: (): void => markMounted(),
};

type Show = (message: ReactNode, options?: ToastOptions) => Promise<ToastId>;

export const toast: {
  message: Show;
  success: Show;
  error: Show;
  info: Show;
  warning: Show;
  dismiss: (id?: ToastId) => Promise<void>;
} = {
  message: (message, options) => load().then((api) => api.message(message, options)),
  success: (message, options) => load().then((api) => api.success(message, options)),
  error: (message, options) => load().then((api) => api.error(message, options)),
  info: (message, options) => load().then((api) => api.info(message, options)),
  warning: (message, options) => load().then((api) => api.warning(message, options)),
  dismiss: async (id) => {
    if (!sonner) return;
    const api = await load();
    api.dismiss(id);
  },
};
