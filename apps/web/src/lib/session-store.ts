import type { Account } from '@app/contract/account';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import type { LoginRequest, LoginResponse } from '@app/contract/auth';
import type { RegisterRequest } from '@app/contract/registration';
import { takeEarlyAccountResponse } from './early-account.ts';
import { httpClient, type HttpClient, type RequestResult } from './http-client.ts';
import { setLanguage as setI18nLanguage, t } from './i18n.ts';
import { sessionExpiredNotice } from './session-expired-notice.ts';
import { tokenStorage, type TokenStorage } from './token-storage.ts';

export type SessionState = {
  /** 'restoring' until the first restore() has finished (spec 4: restored before the app is shown). */
  status: 'restoring' | 'ready';
  token: string | null;
  user: Account | null;
};

export type LoginOutcome =
  | { ok: true; user: Account }
  | { ok: false; error: string; errors: Record<string, string[]> | null; status: number };

export type LoginCallback = (user: Account) => void | Promise<void>;

export type SessionStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
  /** spec 6: logged in means a token exists and a user is present. */
  isLoggedIn(): boolean;
  /** spec 4: reads the stored tokens, then reloads the user; on failure clears everything. */
  restore(): Promise<void>;
  login(credentials: LoginRequest): Promise<LoginOutcome>;
  loginWithGoogle(idToken: string): Promise<LoginOutcome>;
  /** Sign-up (POST /api/register): answers like login, and the new account is logged in the same way. */
  register(request: RegisterRequest): Promise<LoginOutcome>;
  /** spec 4: calls the server, then clears tokens and user whatever the outcome. */
  logout(): Promise<RequestResult<unknown>>;
  setUser(user: Account): void;
  reloadUser(): Promise<RequestResult<Account>>;
  /** Runs after every successful login. Returns the unsubscribe. */
  onLogin(callback: LoginCallback): () => void;
};

export type SessionStoreOptions = {
  http: HttpClient;
  tokens: TokenStorage;
  translate?: (key: string) => string;
  setLanguage?: (locale: string) => unknown;
  /** Where a failing login callback is reported; it must not undo the login. */
  reportError?: (error: unknown) => void;
  /** GET /api/user as sent before the app started, for a token (lib/early-account.ts); null: none. */
  takeEarlyAccount?: (token: string) => Promise<Response> | null;
};

/** spec 6, for components that hold a snapshot from useSession(). */
export function isLoggedIn(state: SessionState): boolean {
  return state.token !== null && state.user !== null;
}

// The contract's schemas are classic zod, which the start-up path does without: they load with the
// first call that parses an account (issue 3: the login page's 150 KB budget).
const accountSchema = () => import('@app/contract/account').then((module) => module.account);
const loginResponseSchema = () => import('@app/contract/auth').then((module) => module.loginResponse);

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { http, tokens } = options;
  const translate = options.translate ?? t;
  const setLanguage = options.setLanguage ?? setI18nLanguage;
  const reportError = options.reportError ?? ((error: unknown) => console.error(error));
  const takeEarlyAccount = options.takeEarlyAccount ?? takeEarlyAccountResponse;

  let state: SessionState = { status: 'restoring', token: null, user: null };
  const listeners = new Set<() => void>();
  const loginCallbacks = new Set<LoginCallback>();
  let restoreInFlight: Promise<void> | null = null;
  // Bumped by login and logout, so a restore that was already running cannot overwrite their result.
  let generation = 0;

  const setState = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const applyLocale = (user: Account) => {
    // spec 4: the interface locale follows the account's, en by default.
    Promise.resolve(setLanguage(user.locale || 'en')).catch(reportError);
  };

  // State first, storage second: the storage subscription below then finds nothing to change, so
  // listeners see one update instead of a half-cleared session.
  const clearSession = () => {
    setState({ status: 'ready', token: null, user: null });
    tokens.clear();
  };

  // The HTTP client refreshes and clears tokens on its own; the store follows, so a failed refresh
  // anywhere logs the user out here too.
  tokens.subscribe(() => {
    const token = tokens.read()?.accessToken ?? null;
    if (token === null && (state.token !== null || state.user !== null)) setState({ token: null, user: null });
    else if (token !== null && token !== state.token) setState({ token });
  });

  const runLoginCallbacks = (user: Account) => {
    for (const callback of loginCallbacks) {
      try {
        Promise.resolve(callback(user)).catch(reportError);
      } catch (error) {
        reportError(error);
      }
    }
  };

  const completeLogin = (session: LoginResponse): LoginOutcome => {
    generation += 1;
    // A new session: an earlier one's expiry is no longer news.
    sessionExpiredNotice.clear();
    setState({ status: 'ready', token: session.access_token, user: session.account });
    tokens.write(session);
    applyLocale(session.account);
    runLoginCallbacks(session.account);
    return { ok: true, user: session.account };
  };

  // spec 8: login failure returns the errors plus the message, or errors.requestFailed.
  const failedLogin = (result: RequestResult<unknown>): LoginOutcome => ({
    ok: false,
    error: result.error ?? translate('errors.requestFailed'),
    errors: result.errors,
    status: result.status,
  });

  const restoreOnce = async (): Promise<void> => {
    const stored = tokens.read();
    if (stored === null) {
      setState({ status: 'ready', token: null, user: null });
      return;
    }
    // Called before each navigation (spec 2): only go to the server when the user is not loaded yet
    // or the stored token changed under us (another tab logged in).
    if (state.user !== null && state.token === stored.accessToken) {
      if (state.status !== 'ready') setState({ status: 'ready' });
      return;
    }
    const startedIn = generation;
    setState({ token: stored.accessToken });
    // The answer public/session-start.js asked for as the page started, if any (lib/early-account.ts).
    const early = takeEarlyAccount(stored.accessToken);
    const result = await http.get(apiPaths.user, undefined, { schema: accountSchema, ...(early && { sentEarly: { token: stored.accessToken, response: early } }) });
    if (generation !== startedIn) return;
    if (result.data !== null) {
      setState({ status: 'ready', token: tokens.read()?.accessToken ?? null, user: result.data });
      applyLocale(result.data);
    } else {
      clearSession();
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    isLoggedIn: () => isLoggedIn(state),

    restore() {
      restoreInFlight ??= restoreOnce().finally(() => {
        restoreInFlight = null;
      });
      return restoreInFlight;
    },

    async login(credentials) {
      const result = await http.post(apiPaths.login, credentials, { schema: loginResponseSchema, auth: false });
      return result.data !== null ? completeLogin(result.data) : failedLogin(result);
    },

    async register(request) {
      const result = await http.post(accountApiPaths.register, request, { schema: loginResponseSchema, auth: false });
      // Sign-up fails like login: the field errors (taken e-mail, password rules) plus the message.
      return result.data !== null ? completeLogin(result.data) : failedLogin(result);
    },

    async loginWithGoogle(idToken) {
      const result = await http.post(apiPaths.loginGoogle, { token: idToken }, { schema: loginResponseSchema, auth: false });
      if (result.data !== null) return completeLogin(result.data);
      // spec 8: Google login failure returns errors.requestFailed.
      return { ok: false, error: translate('errors.requestFailed'), errors: null, status: result.status };
    },

    async logout() {
      const result = await http.post(apiPaths.logout);
      generation += 1;
      clearSession();
      // The user asked to leave: the login page must not say 'Session expired', even when the
      // logout call itself found the session already dead.
      sessionExpiredNotice.clear();
      return result;
    },

    setUser(user) {
      setState({ user });
      applyLocale(user);
    },

    async reloadUser() {
      const result = await http.get(apiPaths.user, undefined, { schema: accountSchema });
      if (result.data !== null) {
        setState({ user: result.data });
        applyLocale(result.data);
      }
      return result;
    },

    onLogin(callback) {
      loginCallbacks.add(callback);
      return () => loginCallbacks.delete(callback);
    },
  };
}

/** The app's session, on the app's HTTP client and localStorage. */
export const sessionStore: SessionStore = createSessionStore({ http: httpClient, tokens: tokenStorage });
