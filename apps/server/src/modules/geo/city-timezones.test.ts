import { describe, expect, it } from 'vitest';
import { readCityDataset } from './city-dataset.ts';
import { cityTimezonesFor } from './city-timezones.ts';

const dataset = readCityDataset({ aliasMinPopulation: Number.POSITIVE_INFINITY });

function zoneOf(name: string, country: string): string | undefined {
  const timezones = cityTimezonesFor(dataset);
  const place = dataset.names.findIndex((candidate, row) => candidate === name && dataset.countryCodes[dataset.countryOf[row]!] === country);
  return place === -1 ? undefined : timezones.zones[timezones.zoneOf[place]!];
}

describe('cityTimezonesFor', () => {
  it('gives every place of the shipped dataset a zone', () => {
    const timezones = cityTimezonesFor(dataset);
    expect(timezones.zoneOf).toHaveLength(dataset.count);
    expect(timezones.zoneOf.every((zone) => zone < timezones.zones.length)).toBe(true);
  });

  it('places border cities in their own country’s zone, where an approximate lookup fails', () => {
    // tz-lookup answers Asia/Pyongyang, America/Nassau, Pacific/Port_Moresby and Europe/London.
    expect(zoneOf('Dandong', 'CN')).toBe('Asia/Shanghai');
    expect(zoneOf('Holguín', 'CU')).toBe('America/Havana');
    expect(zoneOf('Jayapura', 'ID')).toBe('Asia/Jayapura');
    expect(zoneOf('Dundalk', 'IE')).toBe('Europe/Dublin');
  });

  it('refuses a table generated for another version of the dataset', () => {
    expect(() => cityTimezonesFor(dataset, { source: 'test', dataset: '1:00000000', zones: ['UTC'], runs: [0, 1] })).toThrow(
      /generate-city-timezones/,
    );
  });
});
