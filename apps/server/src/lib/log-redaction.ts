// What must never reach a log line: credentials and tokens, wherever they sit in a logged object.

export const redactedValue = '[Redacted]';

/** Field names whose values are secrets, compared in lower case. */
const sensitiveKeys = new Set([
  'password',
  'password_confirmation',
  'current_password',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'set-cookie',
  'x-xsrf-token',
]);

/** Paths for pino's own redaction (fast, exact); scrubSecrets catches the rest at any depth. */
export const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.headers["x-xsrf-token"]'];

const maxDepth = 8;

/**
 * A copy of `value` with every sensitive field replaced. Only plain objects and arrays are walked:
 * requests, sockets and errors keep their own serializers.
 */
export function scrubSecrets<T>(value: T, depth = 0): T {
  if (depth > maxDepth || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubSecrets(item, depth + 1)) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = sensitiveKeys.has(key.toLowerCase()) ? redactedValue : scrubSecrets(field, depth + 1);
  }
  return copy as T;
}

// Links in e-mails carry tokens in the path or the query; the request log must not keep them.
const secretPathPatterns: RegExp[] = [/^(\/reset-password\/)[^/?#]+/, /^(\/verify-email\/[^/?#]+\/)[^/?#]+/];

/** The URL with token-like query values and path segments replaced. */
export function redactUrl(url: string): string {
  let result = url;
  for (const pattern of secretPathPatterns) result = result.replace(pattern, `$1${redactedValue}`);
  const queryStart = result.indexOf('?');
  if (queryStart === -1) return result;
  const query = result
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = safeDecode(pair.split('=')[0] ?? '').toLowerCase();
      return sensitiveKeys.has(name) || name === 'hash' || name === 'signature' ? `${pair.split('=')[0]}=${redactedValue}` : pair;
    })
    .join('&');
  return `${result.slice(0, queryStart)}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
