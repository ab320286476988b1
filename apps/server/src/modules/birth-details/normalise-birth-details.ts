import type { BirthDetails } from '@app/contract/account';
import { z } from 'zod';
import type { users } from '../../db/schema/users.ts';
import { isIanaTimeZone } from '@app/contract/birth-details';

// Spec section 3: the account's `birth_details` has one current shape and two legacy ones that
// still occur in data carried over from the old product:
//   current:  birth_details { birth_date, birth_time, birth_city, birth_country, latitude,
//             longitude, country_code, timezone, ts_accurate } (or those fields on their own)
//   legacy 1: dob, birth_time, birth_location { city, country, latitude, longitude, ... }
//   legacy 2: birth { date, time, location { city, country, coordinates { latitude, longitude } },
//             tz, ts_accurate } (tz and ts_accurate also seen next to `birth`)
// Every value is parsed; one unreadable field becomes null instead of hiding the others.

/** The value when `schema` accepts it, otherwise null (also when the key is missing). */
function lenient<Output>(schema: z.ZodType<Output>) {
  return schema.nullable().catch(null);
}

const text = z.string().trim().min(1);

/** yyyy-MM-dd, also the date part of a stored timestamp such as `1990-05-17T00:00:00.000000Z`. */
const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]|$)/)
  .transform((value) => value.slice(0, 10))
  .pipe(z.iso.date());

/** HH:mm:ss from `HH:mm`, `HH:mm:ss`, `HH:mm:ss.ffffff` or a 12-hour `h:mm AM`. */
const clockTime = z
  .string()
  .trim()
  .transform((value, context) => {
    const time = toIsoTime(value);
    if (time === null) {
      context.addIssue({ code: 'custom', message: 'not a time of day' });
      return z.NEVER;
    }
    return time;
  });

function toIsoTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?$/.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? '0');
  const period = match[4]?.toUpperCase();
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'PM' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return [hour, minute, second].map((part) => String(part).padStart(2, '0')).join(':');
}

/** Degrees as a number or as the decimal string old databases serialise them as. */
function degrees(limit: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[-+]?\d+(?:\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));
}
const latitude = degrees(90);
const longitude = degrees(180);

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase());

const timeZone = text.refine(isIanaTimeZone);

/** Booleans, and the 0/1 (number or string) of a MySQL tinyint. */
const flag = z.union([
  z.boolean(),
  z.literal([0, 1, '0', '1', 'true', 'false']).transform((value) => value === 1 || value === '1' || value === 'true'),
]);

/** What every shape is read into before the common rules of `finish` apply. */
interface BirthFields {
  date: string | null;
  time: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  /** Null when the shape says nothing about it. */
  timeKnown: boolean | null;
}

const currentShape = z
  .object({
    birth_date: lenient(calendarDate),
    birth_time: lenient(clockTime),
    birth_city: lenient(text),
    birth_country: lenient(text),
    country_code: lenient(countryCode),
    latitude: lenient(latitude),
    longitude: lenient(longitude),
    timezone: lenient(timeZone),
    ts_accurate: lenient(flag),
  })
  .transform(
    (value): BirthFields => ({
      date: value.birth_date,
      time: value.birth_time,
      city: value.birth_city,
      country: value.birth_country,
      countryCode: value.country_code,
      latitude: value.latitude,
      longitude: value.longitude,
      timezone: value.timezone,
      timeKnown: value.ts_accurate,
    }),
  );

const legacyLocation = z.object({
  city: lenient(text),
  country: lenient(text),
  country_code: lenient(countryCode),
  latitude: lenient(latitude),
  longitude: lenient(longitude),
  timezone: lenient(timeZone),
  tz: lenient(timeZone),
});

const dobShape = z
  .object({
    dob: lenient(calendarDate),
    birth_time: lenient(clockTime),
    birth_location: lenient(legacyLocation),
    timezone: lenient(timeZone),
    tz: lenient(timeZone),
    ts_accurate: lenient(flag),
  })
  .transform(
    (value): BirthFields => ({
      date: value.dob,
      time: value.birth_time,
      city: value.birth_location?.city ?? null,
      country: value.birth_location?.country ?? null,
      countryCode: value.birth_location?.country_code ?? null,
      latitude: value.birth_location?.latitude ?? null,
      longitude: value.birth_location?.longitude ?? null,
      timezone: value.birth_location?.timezone ?? value.birth_location?.tz ?? value.timezone ?? value.tz,
      timeKnown: value.ts_accurate,
    }),
  );

const birthLocation = z.object({
  city: lenient(text),
  country: lenient(text),
  country_code: lenient(countryCode),
  coordinates: lenient(z.object({ latitude: lenient(latitude), longitude: lenient(longitude) })),
});

const birthShape = z
  .object({
    birth: z.object({
      date: lenient(calendarDate),
      dob: lenient(calendarDate),
      time: lenient(clockTime),
      city: lenient(text),
      country: lenient(text),
      country_code: lenient(countryCode),
      location: lenient(birthLocation),
      tz: lenient(timeZone),
      ts_accurate: lenient(flag),
    }),
    tz: lenient(timeZone),
    ts_accurate: lenient(flag),
  })
  .transform(({ birth, ...outer }): BirthFields => ({
    date: birth.date ?? birth.dob,
    time: birth.time,
    city: birth.location?.city ?? birth.city,
    country: birth.location?.country ?? birth.country,
    countryCode: birth.location?.country_code ?? birth.country_code,
    latitude: birth.location?.coordinates?.latitude ?? null,
    longitude: birth.location?.coordinates?.longitude ?? null,
    timezone: birth.tz ?? outer.tz,
    timeKnown: birth.ts_accurate ?? outer.ts_accurate,
  }));

const accountWithDetails = z.object({ birth_details: z.unknown() });

/**
 * The account's `birth_details` from any shape spec section 3 lists, or null when no birth date
 * can be read (the signup-data step always saves one, so without it nothing else means much).
 * `source` is either the account-like object (holding `birth_details`, `dob`... or `birth`) or a
 * `birth_details` object itself. The first shape that yields a birth date wins.
 */
export function normaliseBirthDetails(source: unknown): BirthDetails | null {
  const candidates: Array<() => BirthFields | undefined> = [
    () => {
      const nested = accountWithDetails.safeParse(source);
      return nested.success ? currentShape.safeParse(nested.data.birth_details).data : undefined;
    },
    () => currentShape.safeParse(source).data,
    () => dobShape.safeParse(source).data,
    () => birthShape.safeParse(source).data,
  ];
  for (const read of candidates) {
    const fields = read();
    if (fields?.date) return finish({ ...fields, date: fields.date });
  }
  return null;
}

function finish(fields: BirthFields & { date: string }): BirthDetails {
  // A legacy record that says the time is not accurate may still hold a placeholder time (noon);
  // it is not the person's birth time, so it is not shown as one.
  const time = fields.timeKnown === false ? null : fields.time;
  // One coordinate without the other places nobody.
  const located = fields.latitude !== null && fields.longitude !== null;
  return {
    birth_date: fields.date,
    birth_time: time,
    birth_city: fields.city,
    birth_country: fields.country,
    latitude: located ? fields.latitude : null,
    longitude: located ? fields.longitude : null,
    country_code: fields.countryCode,
    timezone: fields.timezone,
    ts_accurate: time !== null,
  };
}

type UserBirthColumns = Pick<
  typeof users.$inferSelect,
  'birthDate' | 'birthTime' | 'tsAccurate' | 'birthCity' | 'birthCountry' | 'countryCode' | 'latitude' | 'longitude' | 'timezone'
>;

/**
 * The account's `birth_details` from a `users` row (what the account view calls, on every GET
 * /api/user). The columns are typed and were validated when saved, so they map directly; only
 * data of unknown shape goes through normaliseBirthDetails.
 */
export function birthDetailsOfUser(user: UserBirthColumns): BirthDetails | null {
  if (user.birthDate === null) return null;
  return finish({
    date: user.birthDate,
    // PostgreSQL's time type may carry fractions of a second; the account shows HH:mm:ss.
    time: user.birthTime === null ? null : user.birthTime.slice(0, 8),
    city: user.birthCity,
    country: user.birthCountry,
    countryCode: user.countryCode,
    latitude: user.latitude,
    longitude: user.longitude,
    timezone: user.timezone,
    timeKnown: user.tsAccurate,
  });
}
