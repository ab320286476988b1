import { z } from 'zod';
import { validationMessages } from './messages.ts';

// Field schemas shared by the web forms and the server, each with the spec's message.

/** A string that must hold something besides spaces. */
export const requiredString = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, { error: validationMessages.required });

export const emailField = requiredString.pipe(z.email({ error: validationMessages.email }));

/** Dates travel as yyyy-MM-dd (spec section 7). */
export const isoDate = z.iso.date({ error: 'Must be a date as yyyy-MM-dd' });

/** Times travel as HH:mm:ss (spec section 7). */
export const isoTime = z.iso.time({ precision: 0, error: 'Must be a time as HH:mm:ss' });
