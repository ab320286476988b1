import type { Answer } from './http-client.ts';
import type { FuzzRequest } from './requests.ts';

// What every answer of the run must be (issue 14, "Bad input"): never a 5xx, only a status that
// fits, no trace of the server's insides in the body, and quick.

/**
 * Client errors the API gives for bad input (spec section 8, plus 410 for a used invitation and 419
 * for CSRF), and Node's own 414 and 431 for a path or query string longer than it reads.
 */
const clientErrorStatuses = new Set([400, 401, 403, 404, 405, 409, 410, 413, 414, 415, 419, 422, 431]);

/**
 * Operations whose rate limit is the point: 429 is their right answer to a fuzzing client. The
 * per-address limits are lifted for the run (server-process.ts); these count per account or e-mail.
 */
export const rateLimitedOperations = new Set([
  'POST /api/login',
  'POST /api/register',
  'POST /api/forgot-password',
  'POST /api/email/verification-notification',
  'POST /api/checkout',
  'POST /api/reports/{type}/{id}/narrative',
  'GET /api/user/export',
]);

/** An error body shows none of this: a stack frame, a source path, SQL or a driver's words. */
const leakPatterns: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>[\] ]+ \(?[^\s()]*:\d+:\d+\)?/],
  ['source path', /(?:\/(?:work|home|usr|root|tmp|app|srv|opt)\/[\w./-]+)|(?:[\w-]+\.(?:ts|js|mjs|cjs):\d+)|node_modules/],
  ['SQL', /\b(?:select\s+[\w*",. ]+\s+from|insert\s+into|update\s+\w+\s+set|delete\s+from)\b|syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|relation "\w+"|column "\w+"|invalid input syntax for|invalid byte sequence/i],
  ['error class', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError: (?!Unexpected token|Unexpected end|Expected|Bad control|Unterminated))|Cannot read propert|is not a function|ECONNREFUSED|DrizzleQueryError|PostgresError/],
];
/** A successful answer may carry user text (reports quote interpretation texts), so only what no text looks like. */
const successLeakPatterns: [string, RegExp][] = [
  ['stack frame', /\n\s+at [\w$.<>[\] ]+ \([^\s()]+:\d+:\d+\)/],
  ['source path', /node_modules\/|\/apps\/server\/(?:src|dist)\//],
];

export interface CheckContext {
  operation: string;
  slowMs: number;
}

/** The reason the answer is wrong, or undefined. */
export function answerProblem(request: FuzzRequest, answer: Answer, context: CheckContext): string | undefined {
  const { status } = answer;
  if (status >= 500) return `${status} answer`;
  const success = status >= 200 && status < 300;
  if (success && request.mustFail) return `${status} to a request that cannot be valid (${request.mutation})`;
  const allowed = success || clientErrorStatuses.has(status) || (status === 429 && rateLimitedOperations.has(context.operation));
  if (!allowed) return `unexpected status ${status}`;
  for (const [what, pattern] of success ? successLeakPatterns : leakPatterns) {
    const match = pattern.exec(answer.body);
    if (match) return `${what} in the body: ${JSON.stringify(match[0].slice(0, 200))}`;
  }
  if (!success && answer.body !== '') {
    // Spec section 8: an error is JSON with a message (405 from the framework included).
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `a ${status} whose body is not JSON`;
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { message?: unknown }).message !== 'string') return `a ${status} without a message`;
  }
  if (answer.durationMs > context.slowMs) return `slow: ${Math.round(answer.durationMs)} ms`;
  return undefined;
}
