// Checks for the few values the app reads before any page needs zod: localStorage, cookies, the
// HTTP client's error envelopes, navigation state. Why not zod here: the login page must load at
// most 150 KB of JavaScript (issue 3), and zod in any form costs 8-25 KB gzipped on that path.
// Classic zod ships whole (25 KB); zod/mini shares zod/v4/core's modules with the contract's
// classic schemas that later pages load, so those modules arrive tree-shaken for both (15 KB).
// Everything else is parsed with the contract's zod schemas, loaded where first needed
// (docs/decisions.md). These checks parse, they never cast: each returns the value or null.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string with at least one character, as it is; null otherwise. */
export function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A string with something besides whitespace, trimmed; null otherwise. */
export function trimmedString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** `value` when it is one of `allowed`; null otherwise. */
export function oneOf<const T extends string>(allowed: readonly T[], value: unknown): T | null {
  return allowed.find((item) => item === value) ?? null;
}

/** A positive safe integer written in decimal digits only ('1900000000'); null otherwise. */
export function positiveIntegerString(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** `{ field: ['message', ...] }`, as a 422 carries it; null for anything else. */
export function stringListRecord(value: unknown): Record<string, string[]> | null {
  if (!isRecord(value)) return null;
  const result: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return null;
    result[key] = list;
  }
  return result;
}
