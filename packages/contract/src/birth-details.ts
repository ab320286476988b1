import { z } from 'zod';
import { isoDate, isoTime, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';

// Spec 5 leaves the year range open: nobody alive was born before 1900, and birth dates in the
// future are impossible.
export const birthYearMin = 1900;
export function birthYearMax(today = new Date()): number {
  return today.getUTCFullYear();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `PUT /api/user/birth-details` (the signup-data step): dates yyyy-MM-dd, times HH:mm:ss. */
export const birthDetailsRequest = z.object({
  birth_date: isoDate.refine((value) => value <= new Date().toISOString().slice(0, 10), {
    error: 'Birth date cannot be in the future',
  }),
  /** Null when the time of birth is unknown (stored as `ts_accurate` false). */
  birth_time: isoTime.nullable(),
  birth_city: requiredString,
  birth_country: requiredString,
  country_code: z.string().regex(/^[A-Z]{2}$/, { error: 'Must be a two-letter country code' }),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timezone: requiredString,
});
export type BirthDetailsRequest = z.infer<typeof birthDetailsRequest>;

const requiredNumber = z.number({ error: validationMessages.required });

/** Day/month/year inputs of the birth-data form (spec 5). */
export const birthDateParts = z
  .object({
    day: requiredNumber.int(),
    month: requiredNumber.int().min(1, { error: 'Month must be between 1 and 12' }).max(12, { error: 'Month must be between 1 and 12' }),
    year: requiredNumber
      .int()
      .min(birthYearMin, { error: `Year must be between ${birthYearMin} and ${birthYearMax()}` })
      .max(birthYearMax(), { error: `Year must be between ${birthYearMin} and ${birthYearMax()}` }),
  })
  .superRefine((value, context) => {
    const month = value.month >= 1 && value.month <= 12 ? value.month : 1;
    const maxDay = daysInMonth(value.year, month);
    if (value.day < 1 || value.day > maxDay) {
      context.addIssue({ code: 'custom', path: ['day'], message: `Day must be between 1 and ${maxDay}` });
    }
  });

/** 12-hour birth time with AM/PM (spec 5 and 9). */
export const birthTimeParts = z.object({
  hour: requiredNumber.int().min(1, { error: 'Hour must be between 1 and 12' }).max(12, { error: 'Hour must be between 1 and 12' }),
  minute: requiredNumber.int().min(0, { error: 'Minute must be between 0 and 59' }).max(59, { error: 'Minute must be between 0 and 59' }),
  period: z.enum(['AM', 'PM'], { error: validationMessages.required }),
});

/** 12-hour parts to the wire's HH:mm:ss. */
export function toIsoTime(parts: z.infer<typeof birthTimeParts>): string {
  const hour24 = (parts.hour % 12) + (parts.period === 'PM' ? 12 : 0);
  return `${String(hour24).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:00`;
}
