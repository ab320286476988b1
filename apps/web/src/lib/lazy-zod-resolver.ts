import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { AnySchema } from './http-client.ts';

/**
 * A react-hook-form resolver whose zod schema and @hookform/resolvers load on first use, for forms
 * on the start-up path (the login page: issue 3's 150 KB budget, where classic zod alone costs
 * 25 KB gzipped). Validation is the same as `zodResolver(schema)`'s; call `preload` when the user
 * starts on the form (first focus) so that submitting does not wait for the download.
 */
export type LazyResolver<Values extends FieldValues, Output> = Resolver<Values, unknown, Output> & { preload: () => void };

export function lazyZodResolver<Values extends FieldValues, Output = Values>(
  loadSchema: () => Promise<AnySchema>,
): LazyResolver<Values, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | null = null;

  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      // zodResolver types its result from the schema's input type, which is not always the form's
      // (a checkbox holds false where the schema accepts only true; refinements type it unknown).
      // The schema parses whatever the form holds, so its resolver is this form's resolver.
      .then(([{ zodResolver }, schema]) => zodResolver(schema as z.core.$ZodType<unknown, FieldValues>) as unknown as Resolver<Values, unknown, Output>)
      .catch((error: unknown) => {
        // A failed download (offline) may succeed on the next submit.
        loading = null;
        throw error;
      });
    return loading;
  };

  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
