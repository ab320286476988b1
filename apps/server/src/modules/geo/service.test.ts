import { describe, expect, it } from 'vitest';
import { getLocationIndex, searchLocations } from './service.ts';

describe('searchLocations', () => {
  it('indexes at least 100,000 places', () => {
    expect(getLocationIndex().places).toBeGreaterThanOrEqual(100_000);
  });

  it('finds Zürich first for "zurich", with its country and time zone', () => {
    const [first] = searchLocations('zurich', 10);
    expect(first).toMatchObject({
      city: 'Zürich',
      region: null,
      country: { code: 'CH', name: 'Switzerland' },
      timezone: 'Europe/Zurich',
    });
    expect(first?.latitude).toBeCloseTo(47.37, 1);
    expect(first?.longitude).toBeCloseTo(8.55, 1);
    expect(first?.population).toBeGreaterThan(300_000);
  });

  it('ignores accents and case in what is typed', () => {
    for (const query of ['zurich', 'ZURICH', 'Zürich', 'zür', 'zuerich']) {
      expect(searchLocations(query, 1)[0]?.city, query).toBe('Zürich');
    }
    expect(searchLocations('lodz', 1)[0]?.city).toBe('Łódź');
    expect(searchLocations('krakow', 1)[0]?.city).toBe('Kraków');
  });

  it('finds São Paulo for "sao p", in the America/Sao_Paulo time zone', () => {
    expect(searchLocations('sao p', 5)[0]).toMatchObject({
      city: 'São Paulo',
      country: { code: 'BR', name: 'Brazil' },
      timezone: 'America/Sao_Paulo',
    });
  });

  it('matches a prefix spanning several words', () => {
    expect(searchLocations('new y', 5)[0]?.city).toBe('New York City');
    expect(searchLocations('saint etienne', 1)[0]?.city).toBe('Saint-Étienne');
  });

  it('ranks the places that match by population, most populous first', () => {
    const results = searchLocations('lon', 10);
    expect(results[0]).toMatchObject({ city: 'London', country: { code: 'GB' } });
    const populations = results.map((location) => location.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('returns at most `limit` places', () => {
    expect(searchLocations('sa', 3)).toHaveLength(3);
    expect(searchLocations('sa', 20)).toHaveLength(20);
  });

  it('returns each place once even when several spellings match', () => {
    const results = searchLocations('zu', 20);
    const places = results.map((location) => `${location.city}|${location.latitude}|${location.longitude}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('finds a city by an alternate name typed in full', () => {
    expect(searchLocations('münchen', 1)[0]).toMatchObject({ city: 'Munich', country: { code: 'DE' } });
    expect(searchLocations('wien', 1)[0]).toMatchObject({ city: 'Vienna', country: { code: 'AT' } });
    expect(searchLocations('den haag', 1)[0]?.city).toBe('The Hague');
  });

  it('does not let the start of an alternate name crowd out the places that start that way', () => {
    // Zürich's alternate names include 'Lungsod ng Zürich'.
    expect(searchLocations('lun', 20).map((location) => location.city)).not.toContain('Zürich');
  });

  it('finds nothing for a name no place has', () => {
    expect(searchLocations('xqzvw', 10)).toEqual([]);
    expect(searchLocations('!!', 10)).toEqual([]);
  });

  it('names every country in English and gives every place a time zone that Intl knows', () => {
    const index = getLocationIndex();
    index.countryCodes.forEach((code, country) => {
      expect(index.countryNames[country], code).not.toBe(code);
    });
    for (const zone of index.timezones.zones) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    }
  });
});
