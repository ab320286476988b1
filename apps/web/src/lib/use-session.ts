import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState, type SessionStore } from './session-store.ts';

/** The current session; every component reads the same store, so two can never disagree. */
export function useSession(store: SessionStore = sessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
