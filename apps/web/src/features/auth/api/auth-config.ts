import { useEffect, useRef, useSyncExternalStore } from 'react';
import { apiPaths } from '@app/contract/api-paths';
import type { AuthConfig } from '@app/contract/auth';
import { httpClient } from '@/lib/http-client';
import { isRecord, trimmedString } from '@/lib/value-guards';

/**
 * The auth config, plus the Google OAuth client id the server verifies ID tokens against (its
 * GOOGLE_CLIENT_ID), which the contract does not carry yet.
 */
export type AuthConfigView = AuthConfig & { google_client_id?: string | null };

/**
 * GET /api/auth/config's answer, checked without zod: the login page reads it on load and must
 * stay within its 150 KB budget (issue 3, lib/value-guards.ts). The checks follow the contract's
 * `authConfig` (typed by it: a change of the contract's shape fails the type check here).
 */
export function parseAuthConfig(body: unknown): AuthConfigView | null {
  if (!isRecord(body) || !isRecord(body.providers)) return null;
  const { google, facebook, linkedin } = body.providers;
  if (typeof google !== 'boolean' || typeof facebook !== 'boolean' || linkedin !== false) return null;
  if (typeof body.signup_enabled !== 'boolean') return null;
  return {
    providers: { google, facebook, linkedin },
    signup_enabled: body.signup_enabled,
    google_client_id: trimmedString(body.google_client_id),
  };
}

export type AuthConfigState =
  | { status: 'loading'; config: null }
  | { status: 'ready'; config: AuthConfigView }
  /** The config could not be read: pages fall back to the form without extra providers. */
  | { status: 'failed'; config: null };

export async function fetchAuthConfig(): Promise<AuthConfigView | null> {
  const result = await httpClient.get(apiPaths.authConfig, undefined, { auth: false });
  return parseAuthConfig(result.data);
}

/**
 * The auth config, fetched once and cached for the guest pages (TanStack Query is not loaded on
 * them: login's budget). Spec section 2: entering the login page clears the cache.
 */
function createAuthConfigStore() {
  let state: AuthConfigState = { status: 'loading', config: null };
  let loaded = false;
  let inFlight: Promise<void> | null = null;
  // Bumped by clear(), so an answer to a request made before it is dropped.
  let generation = 0;
  const listeners = new Set<() => void>();

  const setState = (next: AuthConfigState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): AuthConfigState => state,
    /** Fetches the config unless it is cached or on its way. */
    load(): Promise<void> {
      if (loaded) return Promise.resolve();
      if (inFlight) return inFlight;
      const startedIn = generation;
      inFlight = fetchAuthConfig().then((config) => {
        if (startedIn !== generation) return;
        inFlight = null;
        loaded = config !== null;
        setState(config !== null ? { status: 'ready', config } : { status: 'failed', config: null });
      });
      return inFlight;
    },
    /** Forgets the cached config; the next load() fetches it again. */
    clear(): void {
      generation += 1;
      loaded = false;
      inFlight = null;
      setState({ status: 'loading', config: null });
    },
  };
}

export const authConfigStore = createAuthConfigStore();

/** The auth config; `fresh` clears the cache first, once per mount (the login page, spec 2). */
export function useAuthConfig({ fresh = false }: { fresh?: boolean } = {}): AuthConfigState {
  const state = useSyncExternalStore(authConfigStore.subscribe, authConfigStore.getSnapshot, authConfigStore.getSnapshot);
  // Once per visit: React's development double-mount must not fetch twice.
  const cleared = useRef(false);
  useEffect(() => {
    if (fresh && !cleared.current) {
      cleared.current = true;
      authConfigStore.clear();
    }
    void authConfigStore.load();
  }, [fresh]);
  return state;
}

/** The Google client id when Google sign-in is offered and configured, else null. */
export function googleClientIdOf(config: AuthConfigView | null): string | null {
  if (!config?.providers.google) return null;
  return config.google_client_id ?? null;
}
