import { z } from 'zod';
import type { ReportAiConfig } from '../../../config.ts';
import type { ChatMessage } from './narrative-prompt.ts';

/** The longest narrative kept; the prompt asks for about a third of it. */
export const narrativeMaxLength = 3000;
/** Enough for the 200 words asked for, with room for a model that runs over. */
const maxTokens = 600;

/** A failed call: its message names what went wrong (a status, a timeout), never the key. */
export class NarrativeEndpointError extends Error {
  override name = 'NarrativeEndpointError';
}

// The part of an OpenAI chat-completions answer we read.
const chatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

/**
 * One request to the OpenAI-compatible chat-completions endpoint (`POST {url}` with the model, the
 * messages and max_tokens; the key as a Bearer token), given up after `timeoutMs`. Returns the
 * reply's text, cleaned; throws NarrativeEndpointError for a failure, a timeout or an empty reply.
 */
export async function requestNarrative(ai: ReportAiConfig, messages: ChatMessage[]): Promise<string> {
  const parsed = chatCompletion.safeParse(await post(ai, { model: ai.model, messages, max_tokens: maxTokens }));
  if (!parsed.success) throw new NarrativeEndpointError('the AI endpoint’s answer is not a chat completion');
  const text = cleanNarrative(parsed.data.choices[0]?.message.content ?? '');
  if (text === '') throw new NarrativeEndpointError('the AI endpoint answered without text');
  return text;
}

/** The answer's JSON body; the timeout also bounds reading it. */
async function post(ai: ReportAiConfig, request: object): Promise<unknown> {
  try {
    const response = await fetch(ai.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${ai.key}` },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new NarrativeEndpointError(`the AI endpoint answered ${response.status}`);
    }
    return (await response.json()) as unknown;
  } catch (error) {
    if (error instanceof NarrativeEndpointError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') throw new NarrativeEndpointError(`the AI endpoint did not answer within ${ai.timeoutMs} ms`);
    if (error instanceof SyntaxError) throw new NarrativeEndpointError('the AI endpoint answered with something other than JSON');
    const cause = error instanceof Error ? error.cause : undefined;
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : 'network error';
    throw new NarrativeEndpointError(`the AI endpoint could not be reached (${code})`);
  }
}

/**
 * The reply as the web shows it, as plain text: control characters dropped, Markdown emphasis and
 * heading marks removed, at most one blank line between paragraphs, trimmed, and cut at a sentence's
 * end when it runs past narrativeMaxLength.
 */
export function cleanNarrative(raw: string): string {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // Control characters other than the line feed.
    .replace(/[^\P{Cc}\n]/gu, '')
    .replace(/^#{1,6}[ ]+/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/^[ ]+|[ ]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= narrativeMaxLength) return text;
  const cut = text.slice(0, narrativeMaxLength);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  return sentenceEnd > narrativeMaxLength / 2 ? cut.slice(0, sentenceEnd + 1) : `${cut.trimEnd()}…`;
}
