import { z } from 'zod';
import { validationMessages } from './messages.ts';

// Birth-place search (our design, issue 3): GET /api/locations (accountApiPaths.locations).

export const locationSearchBounds = {
  minQueryLength: 2,
  maxQueryLength: 100,
  defaultLimit: 10,
  maxLimit: 20,
} as const;

export const locationSearchMessages = {
  queryTooShort: `Type at least ${locationSearchBounds.minQueryLength} characters`,
  queryTooLong: `Type at most ${locationSearchBounds.maxQueryLength} characters`,
  limitOutOfRange: `Must be a whole number from 1 to ${locationSearchBounds.maxLimit}`,
} as const;

export const locationSearchQuery = z.object({
  q: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { error: validationMessages.required, abort: true })
    .min(locationSearchBounds.minQueryLength, { error: locationSearchMessages.queryTooShort })
    .max(locationSearchBounds.maxQueryLength, { error: locationSearchMessages.queryTooLong }),
  // Query strings carry text, so the number is coerced; '', 'abc' and 2.5 are refused.
  limit: z.coerce
    .number({ error: locationSearchMessages.limitOutOfRange })
    .int({ error: locationSearchMessages.limitOutOfRange })
    .min(1, { error: locationSearchMessages.limitOutOfRange })
    .max(locationSearchBounds.maxLimit, { error: locationSearchMessages.limitOutOfRange })
    .default(locationSearchBounds.defaultLimit),
});
export type LocationSearchQuery = z.input<typeof locationSearchQuery>;

/** One place a person can be born in, with what the birth data needs (issue 3). */
export const location = z.object({
  city: z.string(),
  /** Name of the first-level administrative division; null when the dataset has no name for it. */
  region: z.string().nullable(),
  country: z.object({
    /** ISO 3166-1 alpha-2 (`CH`). */
    code: z.string().length(2),
    /** English name (`Switzerland`). */
    name: z.string(),
  }),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** IANA time zone (`Europe/Zurich`). */
  timezone: z.string(),
  population: z.number().int().nonnegative(),
});
export type Location = z.infer<typeof location>;

/** Most populous first; empty when nothing matches. */
export const locationSearchResponse = z.object({ data: z.array(location) });
export type LocationSearchResponse = z.infer<typeof locationSearchResponse>;
