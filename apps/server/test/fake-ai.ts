import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
// on 127.0.0.1. It answers as OpenAI does (`choices[0].message.content`, errors as
// `{ error: { message, type } }`) and keeps every request with its headers. Tests switch it to an
// outage (500) or to answering later than the server waits.

export interface FakeAiRequest {
  authorization: string | undefined;
  /** The raw body, to search for what must not be there. */
  raw: string;
  body: { model?: string; max_tokens?: number; messages?: { role: string; content: string }[] };
}

export type FakeAiMode = 'up' | 'down' | 'slow';

export interface FakeAi {
  /** The full chat-completions URL (REPORT_AI_URL). */
  url: string;
  requests: FakeAiRequest[];
  /** 'up' answers with `reply`; 'down' answers 500; 'slow' answers after `slowMs`. */
  setMode: (mode: FakeAiMode, slowMs?: number) => void;
  /** What the assistant says when up. */
  setReply: (text: string) => void;
  close: () => Promise<void>;
}

export const fakeAiPath = '/v1/chat/completions';

export async function startFakeAi(): Promise<FakeAi> {
  const requests: FakeAiRequest[] = [];
  let mode: FakeAiMode = 'up';
  let slowMs = 2000;
  let reply = 'You are curious and steady.\n\nYou like to understand before you act.';
  const pending = new Set<NodeJS.Timeout>();

  function answer(request: FakeAiRequest): { status: number; body: object } {
    if (mode === 'down') return { status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error' } } };
    return {
      status: 200,
      body: {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 },
      },
    };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== fakeAiPath) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const received: FakeAiRequest = { authorization: request.headers.authorization, raw, body: JSON.parse(raw) as FakeAiRequest['body'] };
      requests.push(received);
      const { status, body } = answer(received);
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
    url: `http://127.0.0.1:${port}${fakeAiPath}`,
    requests,
    setMode: (next, ms) => {
      mode = next;
      if (ms !== undefined) slowMs = ms;
    },
    setReply: (text) => void (reply = text),
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
