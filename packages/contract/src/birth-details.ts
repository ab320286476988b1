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

export const birthDetailsMessages = {
  future: 'Birth date cannot be in the future',
  /** The same words as the form's year input (birthDateParts). */
  tooEarly: `Year must be between ${birthYearMin} and ${birthYearMax()}`,
  timeZone: 'Must be a valid time zone',
  countryCode: 'Must be a two-letter country code',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
} as const;

// An IANA zone name such as `Europe/Zurich`, `America/Argentina/Buenos_Aires`, `UTC` or `Etc/GMT+1`.
// Offsets (`+01:00`), which newer ICU versions also accept as a time zone, are not zone names.
const zoneNameShape = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * True when this runtime's ICU knows `name` as an IANA time zone. Aliases count (`US/Eastern`, or
 * `Europe/Kyiv` on an ICU that still calls it `Europe/Kiev`), which `Intl.supportedValuesOf`,
 * listing canonical names only, would refuse.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!zoneNameShape.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Range rules speak only of a value that is a date at all; otherwise the format message is enough. */
function isWellFormed(payload: { issues: readonly unknown[] }): boolean {
  return payload.issues.length === 0;
}

/** `PUT /api/user/birth-details` (the signup-data step): dates yyyy-MM-dd, times HH:mm:ss. */
export const birthDetailsRequest = z.object({
  birth_date: isoDate
    .refine((value) => value <= new Date().toISOString().slice(0, 10), { error: birthDetailsMessages.future, when: isWellFormed })
    .refine((value) => value >= `${birthYearMin}-01-01`, { error: birthDetailsMessages.tooEarly, when: isWellFormed }),
  /** Null when the time of birth is unknown (stored as `ts_accurate` false). */
  birth_time: isoTime.nullable(),
  birth_city: requiredString,
  birth_country: requiredString,
  country_code: z.string({ error: validationMessages.required }).regex(/^[A-Z]{2}$/, { error: birthDetailsMessages.countryCode }),
  latitude: z
    .number({ error: validationMessages.required })
    .min(-90, { error: birthDetailsMessages.latitude })
    .max(90, { error: birthDetailsMessages.latitude }),
  longitude: z
    .number({ error: validationMessages.required })
    .min(-180, { error: birthDetailsMessages.longitude })
    .max(180, { error: birthDetailsMessages.longitude }),
  timezone: requiredString.refine(isIanaTimeZone, { error: birthDetailsMessages.timeZone }),
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
