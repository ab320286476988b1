import type { CityDataset } from './city-dataset.ts';
import cityTimezoneTable from './city-timezones.json' with { type: 'json' };

/** The generated file (scripts/generate-city-timezones.ts): one zone per place, run-length coded. */
export interface CityTimezoneTable {
  source: string;
  /** Fingerprint of the dataset the zones were computed for. */
  dataset: string;
  zones: string[];
  /** Pairs of (index into `zones`, number of consecutive places in that zone). */
  runs: number[];
}

export interface CityTimezones {
  zones: string[];
  /** Index into `zones` per place. */
  zoneOf: Uint16Array;
}

/** Expands the shipped table for `dataset`; refuses a table made for another version of it. */
export function cityTimezonesFor(dataset: CityDataset, table: CityTimezoneTable = cityTimezoneTable): CityTimezones {
  if (table.dataset !== dataset.fingerprint) {
    throw new Error(
      `city-timezones.json was generated for dataset ${table.dataset}, not ${dataset.fingerprint}: ` +
        'run apps/server/src/modules/geo/scripts/generate-city-timezones.ts',
    );
  }
  const zoneOf = new Uint16Array(dataset.count);
  let place = 0;
  for (let run = 0; run < table.runs.length; run += 2) {
    const end = place + table.runs[run + 1]!;
    zoneOf.fill(table.runs[run]!, place, end);
    place = end;
  }
  return { zones: table.zones, zoneOf };
}
