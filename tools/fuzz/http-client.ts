import http from 'node:http';

/** What a client holds: the CSRF cookie pair (GET /sanctum/csrf-cookie) and, signed in, an access token. */
export interface Session {
  cookie: string;
  xsrfToken: string;
  accessToken: string | undefined;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  durationMs: number;
}

export interface SendOptions {
  method: string;
  /** Sent as given (node's http client does not normalise `..` or re-encode, unlike fetch). */
  url: string;
  body?: string | undefined;
  contentType?: string | undefined;
  session?: Session | undefined;
  /** X-Forwarded-For: the server trusts it in the run, so per-IP rate limits count per fuzz client. */
  clientAddress?: string | undefined;
  timeoutMs?: number;
}

/**
 * One HTTP request with node's http client on a connection of its own (a server that answers 413
 * before reading a body closes the connection; a kept-alive one would fail the next request), timed;
 * never throws on a status, only on a broken connection or the timeout.
 */
export function send(baseUrl: string, options: SendOptions): Promise<Answer> {
  const target = new URL(baseUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  if (options.session) {
    headers.cookie = options.session.cookie;
    headers['x-xsrf-token'] = options.session.xsrfToken;
    if (options.session.accessToken) headers.authorization = `Bearer ${options.session.accessToken}`;
  }
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  const payload = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8');
  if (payload) headers['content-length'] = String(payload.length);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, method: options.method, path: options.url, headers, timeout: options.timeoutMs ?? 15_000, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), durationMs: performance.now() - started }),
        );
        // The server answered, then closed the connection while a body it never read was still
        // being sent (a GET with 1 MB attached): the status stands, the body is what arrived.
        response.on('error', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), durationMs: performance.now() - started }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A fresh client's CSRF pair, as a browser gets it. */
export async function newSession(baseUrl: string, clientAddress: string): Promise<Session> {
  const answer = await send(baseUrl, { method: 'GET', url: '/sanctum/csrf-cookie', clientAddress });
  const setCookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const pairs = setCookies.map((line) => line.split(';')[0]!);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (answer.status !== 204 || !xsrf) throw new Error(`GET /sanctum/csrf-cookie answered ${answer.status} without XSRF-TOKEN`);
  return { cookie: pairs.join('; '), xsrfToken: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)), accessToken: undefined };
}

/** Sends JSON and expects `status`; for the set-up, where anything else is a broken world, not a finding. */
export async function call<T = unknown>(baseUrl: string, session: Session, method: string, url: string, body: unknown, status: number): Promise<T> {
  const answer = await send(baseUrl, { method, url, session, body: body === undefined ? undefined : JSON.stringify(body), contentType: body === undefined ? undefined : 'application/json' });
  if (answer.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${answer.status}: ${answer.body.slice(0, 500)}`);
  return (answer.body === '' ? undefined : JSON.parse(answer.body)) as T;
}
