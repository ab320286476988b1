import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

// A real HTTP server on 127.0.0.1 for the client and store tests: it records every request and
// answers with whatever the test scripted for that method and path.

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
};

export type Reply = {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for bodies that are not JSON. */
  rawBody?: string;
  headers?: Record<string, string | string[]>;
  /** Holds the answer back, so parallel requests are still waiting when it arrives. */
  delayMs?: number;
};

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export type LocalApiServer = {
  url: string;
  requests: RecordedRequest[];
  /** Scripts the answer to `method path` (query ignored), replacing an earlier script. */
  on(method: string, path: string, handler: Handler): void;
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Forgets scripts and recorded requests. */
  reset(): void;
  close(): Promise<void>;
};

export async function startLocalApiServer(): Promise<LocalApiServer> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          rawBody,
          body: rawBody === '' ? null : parseJson(rawBody),
        };
        requests.push(recorded);
        const handler = handlers.get(`${recorded.method} ${recorded.path}`);
        const reply: Reply = handler
          ? await handler(recorded)
          : { status: 404, body: { message: 'Not found', code: 'not_found' } };
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const payload = reply.rawBody ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
        res.writeHead(reply.status, {
          ...(reply.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(payload);
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    requestsTo(method, path) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    reset() {
      handlers.clear();
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A URL on which nothing listens: a port that was free a moment ago. */
export async function unusedLocalUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server is not listening on TCP');
  return address.port;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
