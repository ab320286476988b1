import type { CityDataset } from './city-dataset.ts';
import type { CityTimezones } from './city-timezones.ts';
import { germanTransliteration, normalisePlaceName } from './normalise-place-name.ts';

/**
 * Every place under its normalised name (and its ASCII and German spellings), sorted, so that the
 * names starting with a prefix form one contiguous range found by binary search; plus the
 * alternate names of larger places ('wien' for Vienna) for exact lookup.
 */
export interface LocationIndex {
  /** Normalised names in UTF-16 code-unit order (the order `<` compares in). */
  keys: string[];
  /** The place (row of the dataset) each key names. */
  placeOfKey: Int32Array;
  /** Normalised alternate name -> place (or places). Matched only in full: see findPlaces. */
  aliases: Map<string, number | number[]>;
  names: string[];
  countryOf: Uint8Array;
  countryCodes: string[];
  /** English country name per entry of `countryCodes`. */
  countryNames: string[];
  latitudeE5: Int32Array;
  longitudeE5: Int32Array;
  population: Uint32Array;
  timezones: CityTimezones;
  /** Places in the dataset, before removing duplicates. */
  datasetPlaces: number;
  /** Places that can be found (duplicates removed). */
  places: number;
  buildMs: number;
}

const ownName = 0;
const otherSpelling = 1;

export function buildLocationIndex(dataset: CityDataset, timezones: CityTimezones): LocationIndex {
  const startedAt = performance.now();

  const entryKeys: string[] = [];
  const entryPlaces: number[] = [];
  const entryKinds: number[] = [];
  for (let place = 0; place < dataset.count; place += 1) {
    const name = dataset.names[place]!;
    const key = normalisePlaceName(name);
    if (key === '') continue;
    entryKeys.push(key);
    entryPlaces.push(place);
    entryKinds.push(ownName);
    const asciiName = dataset.asciiNames[place]!;
    const asciiKey = asciiName === name ? key : normalisePlaceName(asciiName);
    if (asciiKey !== key && asciiKey !== '') {
      entryKeys.push(asciiKey);
      entryPlaces.push(place);
      entryKinds.push(otherSpelling);
    }
    const german = germanTransliteration(name);
    if (german !== null && german !== key && german !== asciiKey) {
      entryKeys.push(german);
      entryPlaces.push(place);
      entryKinds.push(otherSpelling);
    }
  }
  const order = Array.from(entryKeys.keys()).sort((a, b) => compareCodeUnits(entryKeys[a]!, entryKeys[b]!));

  // The same name twice in one first-level division would show twice with the same label: keep
  // the more populous (GeoNames lists some places both as a town and as a seat of administration).
  // Equal names are neighbours once sorted.
  const duplicate = new Uint8Array(dataset.count);
  for (let runStart = 0; runStart < order.length; ) {
    let runEnd = runStart + 1;
    while (runEnd < order.length && entryKeys[order[runEnd]!] === entryKeys[order[runStart]!]) runEnd += 1;
    for (let i = runStart; i < runEnd; i += 1) {
      if (entryKinds[order[i]!] !== ownName) continue;
      const a = entryPlaces[order[i]!]!;
      for (let j = i + 1; j < runEnd; j += 1) {
        if (entryKinds[order[j]!] !== ownName) continue;
        const b = entryPlaces[order[j]!]!;
        if (dataset.countryOf[a] !== dataset.countryOf[b] || dataset.adminCodes[a] !== dataset.adminCodes[b]) continue;
        if (dataset.population[a]! >= dataset.population[b]!) duplicate[b] = 1;
        else duplicate[a] = 1;
      }
    }
    runStart = runEnd;
  }
  const kept = order.filter((entry) => duplicate[entryPlaces[entry]!] === 0);

  // Most alternate names belong to one place; an array only where several share one.
  const aliases = new Map<string, number | number[]>();
  for (let alias = 0; alias < dataset.aliasNames.length; alias += 1) {
    const place = dataset.aliasPlaces[alias]!;
    if (duplicate[place] === 1) continue;
    const key = normalisePlaceName(dataset.aliasNames[alias]!);
    if (key === '') continue;
    const places = aliases.get(key);
    if (places === undefined) aliases.set(key, place);
    else if (typeof places === 'number') {
      if (places !== place) aliases.set(key, [places, place]);
    } else if (!places.includes(place)) places.push(place);
  }

  let places = 0;
  for (let place = 0; place < dataset.count; place += 1) if (duplicate[place] === 0) places += 1;
  const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return {
    keys: kept.map((entry) => entryKeys[entry]!),
    placeOfKey: Int32Array.from(kept, (entry) => entryPlaces[entry]!),
    aliases,
    names: dataset.names,
    countryOf: dataset.countryOf,
    countryCodes: dataset.countryCodes,
    countryNames: dataset.countryCodes.map((code) => englishRegionNames.of(code) ?? code),
    latitudeE5: dataset.latitudeE5,
    longitudeE5: dataset.longitudeE5,
    population: dataset.population,
    timezones,
    datasetPlaces: dataset.count,
    places,
    buildMs: performance.now() - startedAt,
  };
}

/**
 * The places whose name starts with `query` (accents, case and punctuation ignored), each once,
 * at most `limit`, most populous first. An alternate name counts only when typed in full
 * ('wien', 'den haag', 'munchen'): big cities have hundreds, and their starts would crowd out
 * the places people mean ('lun' would offer Zürich for 'Lungsod ng Zürich' before Lund).
 */
export function findPlaces(index: LocationIndex, query: string, limit: number): number[] {
  const prefix = normalisePlaceName(query);
  if (prefix === '' || limit < 1) return [];
  const best: number[] = [];
  const consider = (place: number) => {
    if (best.length === limit && !ranksBefore(index, place, best[limit - 1]!)) return;
    // A place found under several spellings ('zurich', 'zuerich') counts once.
    if (best.includes(place)) return;
    // Top `limit` by a partial insertion sort: a prefix can match thousands of names ('sa').
    let position = best.length === limit ? limit - 1 : best.length;
    while (position > 0 && ranksBefore(index, place, best[position - 1]!)) {
      best[position] = best[position - 1]!;
      position -= 1;
    }
    best[position] = place;
  };

  const aliased = index.aliases.get(prefix);
  if (typeof aliased === 'number') consider(aliased);
  else aliased?.forEach(consider);
  const start = lowerBound(index.keys, prefix, 0);
  // No key continues a prefix with U+FFFF, so this bounds every key that starts with the prefix.
  const end = lowerBound(index.keys, `${prefix}\uffff`, start);
  for (let key = start; key < end; key += 1) consider(index.placeOfKey[key]!);
  return best;
}

// Most populous first; among equals the shorter name (the closer match), then alphabetical, so
// that the order never depends on how the scan happened to run.
function ranksBefore(index: LocationIndex, a: number, b: number): boolean {
  const populationA = index.population[a]!;
  const populationB = index.population[b]!;
  if (populationA !== populationB) return populationA > populationB;
  const nameA = index.names[a]!;
  const nameB = index.names[b]!;
  if (nameA.length !== nameB.length) return nameA.length < nameB.length;
  return nameA < nameB || (nameA === nameB && a < b);
}

function lowerBound(sorted: string[], value: string, from: number): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
