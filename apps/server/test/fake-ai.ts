import { startFakeJsonEndpoint } from './fake-json-endpoint.ts';

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

  const endpoint = await startFakeJsonEndpoint<FakeAiRequest>({
    path: fakeAiPath,
    notFoundBody: { error: { message: 'Not found', type: 'invalid_request_error' } },
    read: (raw, request) => {
      const received: FakeAiRequest = { authorization: request.headers.authorization, raw, body: JSON.parse(raw) as FakeAiRequest['body'] };
      requests.push(received);
      return received;
    },
    answer,
    delayMs: () => (mode === 'slow' ? slowMs : 0),
  });

  return {
    url: `${endpoint.origin}${fakeAiPath}`,
    requests,
    setMode: (next, ms) => {
      mode = next;
      if (ms !== undefined) slowMs = ms;
    },
    setReply: (text) => void (reply = text),
    close: endpoint.close,
  };
}
