import type { BirthDetails } from '@app/contract/account';
import {
  birthDateParts,
  birthDetailsRequest,
  birthTimeParts,
  birthYearMax,
  birthYearMin,
  daysInMonth,
  toIsoTime,
  type BirthDetailsRequest,
} from '@app/contract/birth-details';
import type { Location } from '@app/contract/locations';
import { validationMessages } from '@app/contract/messages';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { translateValidationMessage } from '@/lib/validation-message';

// The RegisterFinish form (signup-data): what the inputs hold, how the contract's rules check
// them, and how they become the PUT /api/user/birth-details body.

/** The chosen birth place: what the request needs, plus the region to tell namesakes apart. */
export type BirthPlace = {
  city: string;
  region: string | null;
  country: string;
  country_code: string;
  latitude: number;
  longitude: number;
  timezone: string;
};

export type BirthDetailsFormValues = {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  period: '' | 'AM' | 'PM';
  time_unknown: boolean;
  location: BirthPlace | null;
};

export type BirthFormField = keyof BirthDetailsFormValues;

/** Fields in the order the form shows them: the first invalid one gets the focus. */
export const birthFormFieldOrder = ['day', 'month', 'year', 'hour', 'minute', 'period', 'location'] as const satisfies readonly BirthFormField[];

export const emptyBirthDetailsForm: BirthDetailsFormValues = {
  day: '',
  month: '',
  year: '',
  hour: '',
  minute: '',
  period: '',
  time_unknown: false,
  location: null,
};

export function placeFromLocation(location: Location): BirthPlace {
  return {
    city: location.city,
    region: location.region,
    country: location.country.name,
    country_code: location.country.code,
    latitude: location.latitude,
    longitude: location.longitude,
    timezone: location.timezone,
  };
}

/** 'Zürich, Zurich, Switzerland': the region is left out when it only repeats the city. */
export function placeLabel(place: Pick<BirthPlace, 'city' | 'region' | 'country'>): string {
  const region = place.region && place.region !== place.city ? place.region : null;
  return [place.city, region, place.country].filter(Boolean).join(', ');
}

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

function firstIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Map<string, string> {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return byField;
}

/**
 * The contract's day / month / year rules (birthDateParts). The contract skips its day check when
 * the month or the year is missing altogether; the day is then still checked against the longest
 * month it could be in (31, or 29 in February), so every wrong part is named in one go.
 */
export function birthDateErrors(values: Pick<BirthDetailsFormValues, 'day' | 'month' | 'year'>): Map<string, string> {
  const parts = { day: toNumber(values.day), month: toNumber(values.month), year: toNumber(values.year) };
  const parsed = birthDateParts.safeParse(parts);
  if (parsed.success) return new Map();
  const errors = firstIssues(parsed.error.issues);
  const { day, month, year } = parts;
  if (!errors.has('day') && day !== undefined) {
    const monthKnown = month !== undefined && month >= 1 && month <= 12;
    const yearKnown = year !== undefined && !errors.has('year');
    // A leap year when the year is not known yet, so 29 February is not refused too early.
    const maxDay = monthKnown ? daysInMonth(yearKnown ? year : 2000, month) : 31;
    if (day < 1 || day > maxDay) errors.set('day', `Day must be between 1 and ${maxDay}`);
  }
  return errors;
}

/** The contract's 12-hour time rules (birthTimeParts). */
export function birthTimeErrors(values: Pick<BirthDetailsFormValues, 'hour' | 'minute' | 'period'>): Map<string, string> {
  const parsed = birthTimeParts.safeParse({
    hour: toNumber(values.hour),
    minute: toNumber(values.minute),
    period: values.period === '' ? undefined : values.period,
  });
  return parsed.success ? new Map() : firstIssues(parsed.error.issues);
}

/** react-hook-form resolver: the date, the time unless it is unknown, and a chosen place. */
export const birthDetailsResolver: Resolver<BirthDetailsFormValues> = (values) => {
  const messages = new Map<string, string>([
    ...birthDateErrors(values),
    ...(values.time_unknown ? [] : birthTimeErrors(values)),
  ]);
  if (values.location === null) messages.set('location', validationMessages.required);

  if (messages.size === 0) return { values, errors: {} };
  const errors: FieldErrors<BirthDetailsFormValues> = {};
  for (const field of birthFormFieldOrder) {
    const message = messages.get(field);
    if (message !== undefined) errors[field] = { type: 'validate', message };
  }
  return { values: {}, errors };
};

export function birthDateOf(values: Pick<BirthDetailsFormValues, 'day' | 'month' | 'year'>): string {
  return `${values.year.trim()}-${pad2(Number(values.month))}-${pad2(Number(values.day))}`;
}

/**
 * The request body (dates yyyy-MM-dd, times HH:mm:ss; spec 7), for values the resolver accepted.
 * The contract's request schema checks it once more (a birth date in the future).
 */
export function toBirthDetailsRequest(values: BirthDetailsFormValues, place: BirthPlace) {
  const body: BirthDetailsRequest = {
    birth_date: birthDateOf(values),
    birth_time: values.time_unknown
      ? null
      : toIsoTime({ hour: Number(values.hour), minute: Number(values.minute), period: values.period === 'PM' ? 'PM' : 'AM' }),
    birth_city: place.city,
    birth_country: place.country,
    country_code: place.country_code,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: place.timezone,
  };
  return birthDetailsRequest.safeParse(body);
}

/** The form, filled from the account's saved birth details (the page then edits them). */
export function formValuesFromBirthDetails(details: BirthDetails | null): BirthDetailsFormValues {
  if (details === null) return emptyBirthDetailsForm;
  const values: BirthDetailsFormValues = { ...emptyBirthDetailsForm };

  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(details.birth_date ?? '');
  if (date) {
    values.year = date[1] ?? '';
    values.month = String(Number(date[2]));
    values.day = String(Number(date[3]));
  }

  const time = /^(\d{2}):(\d{2})/.exec(details.birth_time ?? '');
  if (time && details.ts_accurate) {
    const hour24 = Number(time[1]);
    values.hour = String(hour24 % 12 === 0 ? 12 : hour24 % 12);
    values.minute = time[2] ?? '';
    values.period = hour24 >= 12 ? 'PM' : 'AM';
  } else if (date) {
    // Saved before, without a time: the person said they do not know it.
    values.time_unknown = true;
  }

  const { birth_city: city, birth_country: country, country_code: countryCode, latitude, longitude, timezone } = details;
  if (city && country && countryCode && latitude !== null && longitude !== null && timezone) {
    values.location = { city, region: null, country, country_code: countryCode, latitude, longitude, timezone };
  }
  return values;
}

/** Where each of the server's 422 fields is shown. */
export type BirthErrorTarget = 'date' | 'time' | 'location';

export function birthErrorTarget(serverField: string): BirthErrorTarget | null {
  switch (serverField) {
    case 'birth_date':
      return 'date';
    case 'birth_time':
      return 'time';
    case 'birth_city':
    case 'birth_country':
    case 'country_code':
    case 'latitude':
    case 'longitude':
    case 'timezone':
      return 'location';
    default:
      return null;
  }
}

// The contract's own wording of the date and time rules, each with its i18n key.
const birthMessageKeys = new Map<string, { key: string; values?: Record<string, number> }>([
  ['Month must be between 1 and 12', { key: 'validation.monthRange' }],
  [`Year must be between ${birthYearMin} and ${birthYearMax()}`, { key: 'validation.yearRange', values: { min: birthYearMin, max: birthYearMax() } }],
  ['Hour must be between 1 and 12', { key: 'validation.hourRange' }],
  ['Minute must be between 0 and 59', { key: 'validation.minuteRange' }],
  ['Birth date cannot be in the future', { key: 'validation.birthDateInFuture' }],
  ...[28, 29, 30, 31].map((max) => [`Day must be between 1 and ${max}`, { key: 'validation.dayRange', values: { max } }] as const),
]);

/** A date, time or place message as the user reads it; a server's own text is shown as sent. */
export function translateBirthMessage(
  message: string | undefined,
  translate: (key: string, values?: Record<string, number>) => string,
): string | undefined {
  if (message === undefined) return undefined;
  const known = birthMessageKeys.get(message);
  if (known) return translate(known.key, known.values);
  return translateValidationMessage(message, translate);
}
