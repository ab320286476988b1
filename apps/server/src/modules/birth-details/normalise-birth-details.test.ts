import type { BirthDetails } from '@app/contract/account';
import { birthDetails } from '@app/contract/account';
import { describe, expect, it } from 'vitest';
import { birthDetailsOfUser, normaliseBirthDetails } from './normalise-birth-details.ts';

const zurich: BirthDetails = {
  birth_date: '1990-05-17',
  birth_time: '14:30:00',
  birth_city: 'Zürich',
  birth_country: 'Switzerland',
  latitude: 47.36667,
  longitude: 8.55,
  country_code: 'CH',
  timezone: 'Europe/Zurich',
  ts_accurate: true,
};

describe('normaliseBirthDetails', () => {
  describe('the current shape', () => {
    it('reads the account object’s birth_details as they are', () => {
      expect(normaliseBirthDetails({ locale: 'en', birth_details: zurich })).toEqual(zurich);
    });

    it('reads a birth_details object passed on its own', () => {
      expect(normaliseBirthDetails(zurich)).toEqual(zurich);
    });

    it('answers what the contract’s schema accepts', () => {
      expect(birthDetails.parse(normaliseBirthDetails(zurich))).toEqual(zurich);
    });

    it('keeps an unknown birth time as null with ts_accurate false', () => {
      expect(normaliseBirthDetails({ ...zurich, birth_time: null, ts_accurate: false })).toEqual({
        ...zurich,
        birth_time: null,
        ts_accurate: false,
      });
    });

    it('derives ts_accurate from the time when the flag is missing', () => {
      const { ts_accurate: _flag, ...withoutFlag } = zurich;
      expect(normaliseBirthDetails(withoutFlag)?.ts_accurate).toBe(true);
      expect(normaliseBirthDetails({ ...withoutFlag, birth_time: null })?.ts_accurate).toBe(false);
    });

    it('is null when the account has no birth details yet', () => {
      expect(normaliseBirthDetails({ locale: 'en', birth_details: null })).toBeNull();
      expect(
        normaliseBirthDetails({
          birth_date: null,
          birth_time: null,
          birth_city: null,
          birth_country: null,
          latitude: null,
          longitude: null,
          country_code: null,
          timezone: null,
          ts_accurate: false,
        }),
      ).toBeNull();
    });
  });

  describe('the legacy dob / birth_time / birth_location shape', () => {
    it('reads date, time and place', () => {
      expect(
        normaliseBirthDetails({
          dob: '1990-05-17',
          birth_time: '14:30:00',
          birth_location: { city: 'Zürich', country: 'Switzerland', latitude: 47.36667, longitude: 8.55, country_code: 'ch', timezone: 'Europe/Zurich' },
        }),
      ).toEqual(zurich);
    });

    it('reads a Laravel date cast, decimal strings, an HH:mm time and a tz next to the location', () => {
      expect(
        normaliseBirthDetails({
          dob: '1990-05-17T00:00:00.000000Z',
          birth_time: '14:30',
          birth_location: { city: ' Zürich ', country: 'Switzerland', latitude: '47.36667', longitude: '8.55' },
          tz: 'Europe/Zurich',
        }),
      ).toEqual({ ...zurich, country_code: null });
    });

    it('reads a 12-hour time', () => {
      expect(normaliseBirthDetails({ dob: '1990-05-17', birth_time: '2:30 PM' })?.birth_time).toBe('14:30:00');
      expect(normaliseBirthDetails({ dob: '1990-05-17', birth_time: '12:05 am' })?.birth_time).toBe('00:05:00');
    });

    it('reads a date with no time and no place', () => {
      expect(normaliseBirthDetails({ dob: '1990-05-17', birth_time: null, birth_location: null })).toEqual({
        birth_date: '1990-05-17',
        birth_time: null,
        birth_city: null,
        birth_country: null,
        latitude: null,
        longitude: null,
        country_code: null,
        timezone: null,
        ts_accurate: false,
      });
    });
  });

  describe('the legacy birth { location.coordinates, tz, ts_accurate } shape', () => {
    const legacy = {
      birth: {
        date: '1990-05-17',
        time: '14:30:00',
        location: { city: 'Zürich', country: 'Switzerland', country_code: 'CH', coordinates: { latitude: 47.36667, longitude: 8.55 } },
        tz: 'Europe/Zurich',
        ts_accurate: true,
      },
    };

    it('reads date, time, coordinates and zone', () => {
      expect(normaliseBirthDetails(legacy)).toEqual(zurich);
    });

    it('reads tz and ts_accurate placed next to birth, and a 0/1 flag', () => {
      const { tz, ts_accurate: _flag, ...birth } = legacy.birth;
      expect(normaliseBirthDetails({ birth, tz, ts_accurate: 1 })).toEqual(zurich);
    });

    it('drops the placeholder time of a record whose time is not accurate', () => {
      const result = normaliseBirthDetails({ birth: { ...legacy.birth, time: '12:00:00', ts_accurate: false } });
      expect(result).toEqual({ ...zurich, birth_time: null, ts_accurate: false });
    });

    it('reads the tinyint flag stored as a string', () => {
      expect(normaliseBirthDetails({ birth: { ...legacy.birth, ts_accurate: '0' } })?.birth_time).toBeNull();
    });
  });

  describe('garbage', () => {
    it.each([
      ['undefined', undefined],
      ['null', null],
      ['a string', '1990-05-17'],
      ['a number', 42],
      ['an array', [zurich]],
      ['an empty object', {}],
      ['an unrelated object', { name: 'Ada', email: 'ada@example.com' }],
      ['birth that is not an object', { birth: '1990-05-17' }],
      ['birth_details that is a string', { birth_details: 'soon' }],
    ])('is null for %s', (_label, input) => {
      expect(normaliseBirthDetails(input)).toBeNull();
    });

    it.each([
      ['an impossible date', '1990-02-30'],
      ['a date in another format', '17.05.1990'],
      ['a number', 19900517],
      ['an empty text', ''],
    ])('is null when the birth date is %s', (_label, date) => {
      expect(normaliseBirthDetails({ ...zurich, birth_date: date })).toBeNull();
      expect(normaliseBirthDetails({ dob: date })).toBeNull();
    });

    it('drops an unreadable time and keeps the rest', () => {
      for (const time of ['25:00:00', '14:60', 'noon', '13:00 PM', 1430]) {
        expect(normaliseBirthDetails({ ...zurich, birth_time: time })).toEqual({ ...zurich, birth_time: null, ts_accurate: false });
      }
    });

    it('drops out-of-range or non-numeric coordinates, both together', () => {
      for (const [lat, lng] of [
        [91, 8.55],
        [47.3, -180.5],
        ['north', 8.55],
        [Number.NaN, 8.55],
        [47.3, null],
      ]) {
        expect(normaliseBirthDetails({ ...zurich, latitude: lat, longitude: lng })).toMatchObject({ latitude: null, longitude: null, birth_city: 'Zürich' });
      }
    });

    it('drops a time zone that is not an IANA zone', () => {
      for (const timezone of ['Mars/Olympus_Mons', '+01:00', 'GMT+1 (CET)', 7200]) {
        expect(normaliseBirthDetails({ ...zurich, timezone })?.timezone).toBeNull();
      }
    });

    it('drops a country code that is not two letters, and blank names', () => {
      expect(normaliseBirthDetails({ ...zurich, country_code: 'CHE', birth_city: '   ', birth_country: 3 })).toMatchObject({
        country_code: null,
        birth_city: null,
        birth_country: null,
      });
    });
  });

  it('prefers the current shape when a record holds several', () => {
    expect(normaliseBirthDetails({ birth_details: zurich, dob: '1980-01-01', birth: { date: '1970-01-01' } })?.birth_date).toBe('1990-05-17');
  });

  it('falls back to a legacy shape when the current one holds no date', () => {
    expect(normaliseBirthDetails({ birth_details: null, dob: '1980-01-01' })?.birth_date).toBe('1980-01-01');
  });
});

describe('birthDetailsOfUser', () => {
  const row = {
    birthDate: '1990-05-17',
    birthTime: '14:30:00',
    tsAccurate: true,
    birthCity: 'Zürich',
    birthCountry: 'Switzerland',
    countryCode: 'CH',
    latitude: 47.36667,
    longitude: 8.55,
    timezone: 'Europe/Zurich',
  };

  it('maps the users columns to birth_details', () => {
    expect(birthDetailsOfUser(row)).toEqual(zurich);
  });

  it('shows no birth time when the time is not known, and drops fractions of a second', () => {
    expect(birthDetailsOfUser({ ...row, tsAccurate: false })).toMatchObject({ birth_time: null, ts_accurate: false });
    expect(birthDetailsOfUser({ ...row, birthTime: '14:30:00.250' })?.birth_time).toBe('14:30:00');
  });

  it('shows no coordinates when one of the two is missing', () => {
    expect(birthDetailsOfUser({ ...row, longitude: null })).toMatchObject({ latitude: null, longitude: null, birth_city: 'Zürich' });
  });

  it('is null for a user who has not given a birth date', () => {
    expect(
      birthDetailsOfUser({
        birthDate: null,
        birthTime: null,
        tsAccurate: false,
        birthCity: null,
        birthCountry: null,
        countryCode: null,
        latitude: null,
        longitude: null,
        timezone: null,
      }),
    ).toBeNull();
  });
});
