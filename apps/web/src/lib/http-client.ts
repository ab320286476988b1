import { apiPaths } from '@app/contract/api-paths';
// Types only: the client is on every page's start-up path, where zod would cost 8-25 KB gzipped
// (issue 3: login page at most 150 KB). Its own envelope checks are lib/value-guards.ts; callers
// pass the contract's zod schemas, or loaders of them.
import type * as z from 'zod/v4/core';
import { isRecord, nonEmptyString, stringListRecord } from './value-guards.ts';
import { readCookie as readDocumentCookie } from './cookies.ts';
import { t } from './i18n.ts';
import { sessionExpiredNotice } from './session-expired-notice.ts';
import { tokenStorage, type TokenStorage } from './token-storage.ts';

/** What every call returns (spec 8). On success `error` is null; `data` is null for 204 or an empty body. */
export type RequestResult<T> = {
  data: T | null;
  error: string | null;
  errors: Record<string, string[]> | null;
  status: number;
  /**
   * A refusal's (403, 404, 409, 410) own `message`, as the server wrote it. `error` is what spec 8 shows
   * (the code's translation); a feature whose one code carries several rule messages written for
   * users (an organisation's 'last owner' and 'read-only' 409s) shows this one instead.
   */
  serverMessage?: string | null;
};

export type RequestOptions = {
  /** Extra headers; the client's own (JSON, XSRF, Authorization) win over these. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (sent while the tab closes or reloads); small bodies only (64 KB in all). */
  keepalive?: boolean;
  /**
   * false: send no Bearer token and never refresh (login, Google login): a stale stored token must
   * not turn a wrong password into a "session expired".
   */
  auth?: boolean;
  /**
   * This very request, already sent by someone else with `token` (lib/early-account.ts): its answer
   * is taken instead of sending again, when `token` is still the one to send and the answer comes.
   * What follows (a 401's refresh and retry, the checks) is as for a request of the client's own.
   */
  sentEarly?: { token: string; response: Promise<Response> };
};

/** Any zod 4 schema, classic (the contract's) or mini: both parse with a safeParse method. */
export type AnySchema = z.$ZodType & { safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: Error } };

/**
 * A schema, or a function that loads one (`() => import('@app/contract/account').then((m) => m.account)`):
 * code on the start-up path passes a loader so the contract's zod loads with the first call that
 * needs it. The loader starts with the request; its failure counts as an exception.
 */
export type SchemaOrLoader<S extends AnySchema> = S | (() => Promise<S>);

export type SchemaRequestOptions<S extends AnySchema> = RequestOptions & {
  /** Parses the response data; a mismatch is handled like an exception (status 500, generic text). */
  schema: SchemaOrLoader<S>;
};

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** GET: the second argument is the query string (`{ id: 3 }` -> `?id=3`; null and undefined are left out). */
export type GetMethod = {
  <S extends AnySchema>(path: string, query: QueryParams | undefined, init: SchemaRequestOptions<S>): Promise<RequestResult<z.output<S>>>;
  (path: string, query?: QueryParams, init?: RequestOptions): Promise<RequestResult<unknown>>;
};

/** POST, PUT, PATCH, DELETE: the second argument is the JSON body. Without a schema, data is unknown. */
export type BodyMethod = {
  <S extends AnySchema>(path: string, body: unknown, init: SchemaRequestOptions<S>): Promise<RequestResult<z.output<S>>>;
  (path: string, body?: unknown, init?: RequestOptions): Promise<RequestResult<unknown>>;
};

export type HttpClient = {
  get: GetMethod;
  post: BodyMethod;
  put: BodyMethod;
  patch: BodyMethod;
  delete: BodyMethod;
};

export type HttpClientOptions = {
  /** Prefix for every path; '' (same origin) by default. */
  baseUrl?: string;
  tokens: TokenStorage;
  translate: (key: string) => string;
  /** Returns the URI-decoded cookie value, or null. Defaults to document.cookie. */
  readCookie?: (name: string) => string | null;
  fetchImpl?: typeof fetch;
  /** Called once per failed refresh, after the stored session has been cleared. */
  onSessionExpired?: () => void;
  /** Told about responses that break the contract (the user only sees the generic message). Defaults to console.error. */
  reportError?: (error: unknown) => void;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type PreparedRequest = {
  method: Method;
  path: string;
  body: unknown;
  init: RequestOptions & { schema?: SchemaOrLoader<AnySchema> };
};

const xsrfCookieName = 'XSRF-TOKEN';
const xsrfHeaderName = 'X-XSRF-TOKEN';

// A code is only looked up as a translation key when it is a plain identifier: i18next reads
// '.' and ':' as nesting and namespace separators.
const errorCodePattern = /^[A-Za-z0-9_-]+$/;

/** `code` of `{ code }` when it is a plain identifier, else null. */
function errorCodeOf(body: unknown): string | null {
  const code = isRecord(body) ? nonEmptyString(body.code) : null;
  return code !== null && errorCodePattern.test(code) ? code : null;
}

/** Refusals whose one code may stand for several rules, each with its own message for users. */
const refusalStatuses = new Set([403, 404, 409, 410]);

/** `message` of `{ message }` when it is a non-empty string, else null. */
function messageOf(body: unknown): string | null {
  return isRecord(body) ? nonEmptyString(body.message) : null;
}

/** `errors` of a 422 body (`{ field: ['message'] }`), else null. */
function fieldErrorsOf(body: unknown): Record<string, string[]> | null {
  return isRecord(body) ? stringListRecord(body.errors) : null;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { tokens, translate } = options;
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const readCookie = options.readCookie ?? ((name: string) => readDocumentCookie(name));
  // Looked up per call: tests and tools may replace globalThis.fetch after the client exists.
  const fetchImpl: typeof fetch = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const reportError = options.reportError ?? ((error: unknown) => console.error(error));

  let refreshInFlight: Promise<boolean> | null = null;
  let csrfInFlight: Promise<void> | null = null;

  const urlFor = (path: string, query?: QueryParams): string => {
    const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== undefined) search.append(key, String(value));
    }
    const queryString = search.toString();
    if (queryString === '') return url;
    return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
  };

  // Parallel first writes share one cookie fetch.
  const fetchXsrfCookie = async (): Promise<void> => {
    csrfInFlight ??= fetchImpl(urlFor(apiPaths.csrfCookie), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
      // Drained so the connection is released; the cookie itself arrives in the headers.
      .then(async (response) => {
        await response.text();
      })
      .finally(() => {
        csrfInFlight = null;
      });
    await csrfInFlight;
  };

  // spec 7: JSON in and out, credentials, X-XSRF-TOKEN on non-GET, Bearer when a token exists.
  const send = async (request: PreparedRequest, accessToken: string | null): Promise<Response> => {
    const headers: Record<string, string> = { ...request.init.headers, Accept: 'application/json' };
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    // Only with a body: an empty body declared as JSON is a 400 on the server (Fastify).
    if (hasBody) headers['Content-Type'] = 'application/json';
    if (request.method !== 'GET') {
      // spec 7 / DESIGN 4: the cookie comes from /sanctum/csrf-cookie; fetch it when missing.
      if (readCookie(xsrfCookieName) === null) await fetchXsrfCookie();
      const xsrf = readCookie(xsrfCookieName);
      if (xsrf !== null) headers[xsrfHeaderName] = xsrf;
    }
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    return fetchImpl(
      request.method === 'GET' ? urlFor(request.path, queryOf(request.body)) : urlFor(request.path),
      {
        method: request.method,
        credentials: 'include',
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.init.signal,
        keepalive: request.init.keepalive,
      },
    );
  };

  const sendWithFreshXsrf = async (request: PreparedRequest, accessToken: string | null): Promise<Response> => {
    const response = await send(request, accessToken);
    if (response.status !== 419 || request.method === 'GET' || !(await isCsrfMismatch(response))) return response;
    // The XSRF cookie went stale (expired, or the server's secret rotated): fetch a new one and
    // retry once, instead of failing every form (or a token refresh) until the user clears cookies.
    await fetchXsrfCookie();
    return send(request, accessToken);
  };

  const refreshOnce = async (): Promise<boolean> => {
    const refreshToken = tokens.read()?.refreshToken ?? null;
    try {
      if (refreshToken === null) return false;
      const response = await sendWithFreshXsrf(
        { method: 'POST', path: apiPaths.refreshToken, body: { refresh_token: refreshToken }, init: {} },
        null,
      );
      if (!response.ok) return false;
      // Loaded here, not at start-up: only a logged-in session ever refreshes.
      const { tokenPair } = await import('@app/contract/auth');
      const pair = tokenPair.safeParse(await readJson(response));
      if (!pair.success) return false;
      tokens.write(pair.data);
      return true;
    } catch {
      return false;
    }
  };

  /**
   * One refresh for every request that needs it (issue 3: parallel 401s share one refresh).
   * `usedToken` is the token the caller sent: when the stored one already differs, another
   * request has refreshed in the meantime and the caller only needs to retry.
   */
  const refreshSession = (usedToken: string): Promise<boolean> => {
    if (refreshInFlight) return refreshInFlight;
    const stored = tokens.read();
    // Already cleared (a failed refresh or a logout): nothing to refresh, nobody to tell again.
    if (stored === null) return Promise.resolve(false);
    if (stored.accessToken !== usedToken && !tokens.isExpired()) return Promise.resolve(true);
    refreshInFlight = refreshOnce()
      .then((refreshed) => {
        if (!refreshed) {
          // spec 4: a failed refresh clears the session; the caller gets 'Session expired'.
          tokens.clear();
          options.onSessionExpired?.();
        }
        return refreshed;
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  };

  const sessionExpired = (): RequestResult<never> => ({
    data: null,
    error: translate('errors.sessionExpired'),
    errors: null,
    status: 401,
  });

  // spec 8: a network or exception failure is a 500 with a translated message.
  const exceptionResult = (): RequestResult<never> => ({
    data: null,
    error: translate('global.genericError'),
    errors: null,
    status: 500,
  });

  const translateCode = (code: string | null): string => {
    if (code !== null) {
      const key = `serverErrors.${code}`;
      const text = translate(key);
      // i18next answers a missing key with the key itself.
      if (text !== key && text !== '') return text;
    }
    return translate('serverErrors.generic');
  };

  const toResult = async (
    request: PreparedRequest,
    response: Response,
    loadingSchema: Promise<AnySchema | undefined>,
  ): Promise<RequestResult<unknown>> => {
    const { status } = response;
    const text = await response.text();
    if (response.ok) {
      // spec 8: 204 or an empty body is "no data, no error".
      if (status === 204 || text.trim() === '') return { data: null, error: null, errors: null, status };
      const json: unknown = JSON.parse(text);
      const schema = await loadingSchema;
      if (!schema) return { data: json, error: null, errors: null, status };
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        // A body the contract does not describe is a broken response, not data: spec 8's exception case.
        reportError(new Error(`${request.method} ${request.path}: the response does not match its schema: ${parsed.error.message}`));
        return exceptionResult();
      }
      return { data: parsed.data, error: null, errors: null, status };
    }

    const body = parseJsonOrNull(text);
    const fallback = translateCode(errorCodeOf(body));
    if (status === 422) {
      // spec 8: a 422 with errors returns the field errors (and the message for a toast).
      return { data: null, error: messageOf(body) ?? fallback, errors: fieldErrorsOf(body), status };
    }
    if (status === 400) {
      // spec 8: a 400 with a message returns that message.
      return { data: null, error: messageOf(body) ?? fallback, errors: null, status };
    }
    // spec 8: anything else is translated from its code, falling back to serverErrors.generic.
    return { data: null, error: fallback, errors: null, status, ...(refusalStatuses.has(status) && { serverMessage: messageOf(body) }) };
  };

  const request = async (
    method: Method,
    path: string,
    body: unknown,
    init: RequestOptions & { schema?: SchemaOrLoader<AnySchema> } = {},
  ): Promise<RequestResult<unknown>> => {
    const prepared: PreparedRequest = { method, path, body, init };
    // Loads in parallel with the request; awaited (and its failure caught) only for a success body.
    const loadingSchema = Promise.resolve().then(() => (typeof init.schema === 'function' ? init.schema() : init.schema));
    loadingSchema.catch(() => undefined);
    try {
      let accessToken = init.auth === false ? null : (tokens.read()?.accessToken ?? null);

      // spec 4: a request with an expired token first tries a refresh.
      if (accessToken !== null && tokens.isExpired()) {
        if (!(await refreshSession(accessToken))) return sessionExpired();
        accessToken = tokens.read()?.accessToken ?? null;
      }

      const early = init.sentEarly && init.sentEarly.token === accessToken ? await init.sentEarly.response.catch(() => null) : null;
      let response = early ?? (await sendWithFreshXsrf(prepared, accessToken));

      // spec 7: on a 401 with a token, refresh and retry once. The retry's answer is final: no loop.
      if (response.status === 401 && accessToken !== null) {
        if (!(await refreshSession(accessToken))) return sessionExpired();
        accessToken = tokens.read()?.accessToken ?? null;
        response = await sendWithFreshXsrf(prepared, accessToken);
      }

      return await toResult(prepared, response, loadingSchema);
    } catch {
      return exceptionResult();
    }
  };

  // Overloads tie `data` to the schema that parsed it; without a schema the caller gets unknown.
  function get<S extends AnySchema>(path: string, query: QueryParams | undefined, init: SchemaRequestOptions<S>): Promise<RequestResult<z.output<S>>>;
  function get(path: string, query?: QueryParams, init?: RequestOptions): Promise<RequestResult<unknown>>;
  function get(path: string, query?: QueryParams, init?: RequestOptions & { schema?: SchemaOrLoader<AnySchema> }): Promise<RequestResult<unknown>> {
    return request('GET', path, query, init);
  }

  const bodyMethod = (method: Exclude<Method, 'GET'>): BodyMethod => {
    function call<S extends AnySchema>(path: string, body: unknown, init: SchemaRequestOptions<S>): Promise<RequestResult<z.output<S>>>;
    function call(path: string, body?: unknown, init?: RequestOptions): Promise<RequestResult<unknown>>;
    function call(path: string, body?: unknown, init?: RequestOptions & { schema?: SchemaOrLoader<AnySchema> }): Promise<RequestResult<unknown>> {
      return request(method, path, body, init);
    }
    return call;
  };

  return {
    get,
    post: bodyMethod('POST'),
    put: bodyMethod('PUT'),
    patch: bodyMethod('PATCH'),
    delete: bodyMethod('DELETE'),
  };
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonOrNull(await response.text());
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function isCsrfMismatch(response: Response): Promise<boolean> {
  return errorCodeOf(await readJson(response.clone())) === 'csrf_mismatch';
}

function queryOf(value: unknown): QueryParams | undefined {
  if (!isRecord(value)) return undefined;
  const query: QueryParams = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') query[key] = item;
    else return undefined;
  }
  return query;
}

const sessionExpiredListeners = new Set<() => void>();

/** Subscribe to "the refresh failed and the session was cleared" of the app's client (e.g. to leave the page). */
export function subscribeSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** The app's client: localStorage tokens, document.cookie, i18n texts, same-origin API. */
export const httpClient: HttpClient = createHttpClient({
  tokens: tokenStorage,
  translate: (key) => t(key),
  onSessionExpired: () => {
    // Before the listeners: the login page they lead to reads it.
    sessionExpiredNotice.mark();
    sessionExpiredListeners.forEach((listener) => listener());
  },
});
