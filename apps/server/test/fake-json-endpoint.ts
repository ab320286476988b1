import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The HTTP side of the local stand-ins for outside JSON services (fake-vies.ts, fake-ai.ts): one
// POST path on 127.0.0.1, 404 for anything else, each request's body handed to `answer`, and an
// answer held back for a while when the stand-in plays a slow service.

export interface FakeJsonEndpointOptions<Request> {
  path: string;
  /** The body of the 404 for any other method or path. */
  notFoundBody: object;
  /** Parses what was posted (and may keep it); headers for stand-ins that check them. */
  read: (raw: string, request: IncomingMessage) => Request;
  answer: (request: Request) => { status: number; body: object };
  /** How long to hold the answer back; 0 answers at once. Asked per request. */
  delayMs: () => number;
}

export interface FakeJsonEndpoint {
  /** The server's origin, e.g. http://127.0.0.1:41234 (without the path). */
  origin: string;
  close: () => Promise<void>;
}

export async function startFakeJsonEndpoint<Request>(options: FakeJsonEndpointOptions<Request>): Promise<FakeJsonEndpoint> {
  const pending = new Set<NodeJS.Timeout>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== options.path) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(options.notFoundBody));
        return;
      }
      const { status, body } = options.answer(options.read(raw, request));
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const delay = options.delayMs();
      if (delay === 0) return send();
      const timer = setTimeout(() => {
        pending.delete(timer);
        send();
      }, delay);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
