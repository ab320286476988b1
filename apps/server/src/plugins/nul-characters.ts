import { errorMessages } from '@app/contract/messages';
import fp from 'fastify-plugin';
import { NotFoundError, ValidationError, type FieldErrors } from '../lib/domain-errors.ts';

/** Under the field that holds one (422). */
export const nulCharacterMessage = 'May not contain a NUL character.';

/**
 * PostgreSQL's text cannot hold U+0000: a NUL in any value that reached a query failed it with a
 * 500 (issue 14's fuzz run: a county in billing details, a report type in a path). No field of ours
 * has a use for one, so it is refused before any route reads the request: in the path, 404 (no
 * such thing exists); in the query string or a JSON body, 422 under the field that holds it (a key
 * with one is named as is). A route that reads its body as raw text (Stripe's webhook) checks its
 * own. The walk is iterative: a body nested thousands deep must not overflow the stack.
 */
export const nulCharactersPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (firstNulPath(request.params) !== undefined) throw new NotFoundError();
      const errors: FieldErrors = {};
      const inQuery = firstNulPath(request.query);
      if (inQuery !== undefined) errors[inQuery || 'query'] = [nulCharacterMessage];
      const inBody = typeof request.body === 'object' ? firstNulPath(request.body) : undefined;
      if (inBody !== undefined) errors[inBody || 'body'] = [nulCharacterMessage];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors, errorMessages.invalidData);
    });
  },
  { name: 'nul-characters' },
);

/** The dotted path (`items.0.name`) of the first string or key holding U+0000, '' for the value itself, or undefined. */
export function firstNulPath(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path === '' ? key : `${path}.${key}`;
        if (key.includes('\u0000')) return itemPath;
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}
