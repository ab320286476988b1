// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { birthDetailsFixture } from '../../../test/account-fixture.ts';
import { birthDateErrors, formValuesFromBirthDetails, placeLabel } from '../birth-details/birth-details-form';

const saved = birthDetailsFixture();

describe('birth details form', () => {
  it('reads a saved 12:05:00 back as 12:05 PM and 00:30:00 as 12:30 AM', () => {
    expect(formValuesFromBirthDetails(saved)).toMatchObject({ day: '7', month: '3', year: '1990', hour: '12', minute: '05', period: 'PM' });
    expect(formValuesFromBirthDetails({ ...saved, birth_time: '00:30:00' })).toMatchObject({ hour: '12', minute: '30', period: 'AM' });
  });

  it('reads a saved date without an accurate time as "I don\'t know my birth time"', () => {
    expect(formValuesFromBirthDetails({ ...saved, birth_time: null, ts_accurate: false })).toMatchObject({ time_unknown: true, hour: '', period: '' });
  });

  it('leaves the place empty when the saved one lacks coordinates or a time zone', () => {
    expect(formValuesFromBirthDetails({ ...saved, timezone: null }).location).toBeNull();
    expect(formValuesFromBirthDetails({ ...saved, latitude: null }).location).toBeNull();
  });

  it('names the region only when it differs from the city', () => {
    expect(placeLabel({ city: 'Zürich', region: 'Zurich', country: 'Switzerland' })).toBe('Zürich, Zurich, Switzerland');
    expect(placeLabel({ city: 'Berlin', region: 'Berlin', country: 'Germany' })).toBe('Berlin, Germany');
    expect(placeLabel({ city: 'Zurrieq', region: null, country: 'Malta' })).toBe('Zurrieq, Malta');
  });

  it('still checks the day when the month or the year is missing', () => {
    expect(birthDateErrors({ day: '40', month: '', year: '1990' }).get('day')).toBe('Day must be between 1 and 31');
    expect(birthDateErrors({ day: '30', month: '2', year: '' }).get('day')).toBe('Day must be between 1 and 29');
    expect(birthDateErrors({ day: '29', month: '2', year: '' }).has('day')).toBe(false);
    expect(birthDateErrors({ day: '30', month: '2', year: '1800' }).get('day')).toBe('Day must be between 1 and 28');
  });
});
