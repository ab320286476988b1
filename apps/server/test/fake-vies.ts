import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the EU Commission's VIES REST service (POST /check-vat-number), on
// 127.0.0.1. It answers as VIES does: `valid` with the trader's name and address, a consultation
// number (`requestIdentifier`) when a registered requester asks, `errorWrappers` for refusals and
// outages. Tests switch it to an outage or to answering too late.

export interface FakeViesRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

export interface FakeVies {
  url: string;
  /** Every question asked, in order. */
  requests: FakeViesRequest[];
  /** Registers a VAT number (with its prefix, e.g. "FR40303265045"). */
  register: (vatNumber: string, trader?: { name: string; address: string }) => void;
  /** 'up' answers; 'down' answers 500 SERVICE_UNAVAILABLE; 'member-state-down' says MS_UNAVAILABLE; 'slow' answers after `slowMs`. */
  setMode: (mode: 'up' | 'down' | 'member-state-down' | 'slow', slowMs?: number) => void;
  close: () => Promise<void>;
}

export async function startFakeVies(): Promise<FakeVies> {
  const registered = new Map<string, { name: string; address: string }>();
  const requests: FakeViesRequest[] = [];
  let mode: 'up' | 'down' | 'member-state-down' | 'slow' = 'up';
  let slowMs = 2000;
  const pending = new Set<NodeJS.Timeout>();

  function answer(request: FakeViesRequest): { status: number; body: object } {
    if (mode === 'down') return { status: 500, body: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: 'the service is down' }] } };
    if (mode === 'member-state-down') return { status: 200, body: { countryCode: request.countryCode, vatNumber: request.vatNumber, valid: false, userError: 'MS_UNAVAILABLE' } };
    const requester = request.requesterMemberStateCode && request.requesterNumber ? `${request.requesterMemberStateCode}${request.requesterNumber}` : undefined;
    if (requester && !registered.has(requester)) {
      return { status: 400, body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_REQUESTER_INFO' }] } };
    }
    const trader = registered.get(`${request.countryCode}${request.vatNumber}`);
    return {
      status: 200,
      body: {
        countryCode: request.countryCode,
        vatNumber: request.vatNumber,
        requestDate: new Date().toISOString(),
        valid: trader !== undefined,
        requestIdentifier: requester && trader ? `WAPI${randomBytes(6).toString('hex').toUpperCase()}` : '',
        name: trader?.name ?? '---',
        address: trader?.address ?? '---',
      },
    };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/check-vat-number') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] }));
        return;
      }
      const question = JSON.parse(raw) as FakeViesRequest;
      requests.push(question);
      const { status, body } = answer(question);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (mode !== 'slow') return send();
      const timer = setTimeout(() => {
        pending.delete(timer);
        send();
      }, slowMs);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    register: (vatNumber, trader = { name: 'Registered Trader', address: 'Somewhere 1' }) => void registered.set(vatNumber, trader),
    setMode: (next, ms) => {
      mode = next;
      if (ms !== undefined) slowMs = ms;
    },
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
