import { randomBytes } from 'node:crypto';
import { startFakeJsonEndpoint } from './fake-json-endpoint.ts';

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

  const endpoint = await startFakeJsonEndpoint<FakeViesRequest>({
    path: '/check-vat-number',
    notFoundBody: { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] },
    read: (raw) => {
      const question = JSON.parse(raw) as FakeViesRequest;
      requests.push(question);
      return question;
    },
    answer,
    delayMs: () => (mode === 'slow' ? slowMs : 0),
  });

  return {
    url: endpoint.origin,
    requests,
    register: (vatNumber, trader = { name: 'Registered Trader', address: 'Somewhere 1' }) => void registered.set(vatNumber, trader),
    setMode: (next, ms) => {
      mode = next;
      if (ms !== undefined) slowMs = ms;
    },
    close: endpoint.close,
  };
}
