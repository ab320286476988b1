import type { Location } from '@app/contract/locations';
import { readCityDataset } from './city-dataset.ts';
import { cityTimezonesFor } from './city-timezones.ts';
import { buildLocationIndex, findPlaces, type LocationIndex } from './location-index.ts';

// Built on first use (about 1 s of CPU, during which the event loop waits; 20 MB of heap) and kept
// for the life of the process. main.ts can call warmLocationIndex() before listening, so that no
// user's first keystroke pays for it.
let locationIndex: LocationIndex | undefined;

export function getLocationIndex(): LocationIndex {
  if (locationIndex === undefined) {
    const dataset = readCityDataset();
    locationIndex = buildLocationIndex(dataset, cityTimezonesFor(dataset));
  }
  return locationIndex;
}

export function warmLocationIndex(): { places: number; buildMs: number } {
  const index = getLocationIndex();
  return { places: index.places, buildMs: index.buildMs };
}

/** Places whose name starts with `query`, ignoring accents and case, most populous first. */
export function searchLocations(query: string, limit: number): Location[] {
  const index = getLocationIndex();
  return findPlaces(index, query, limit).map((place) => toLocation(index, place));
}

function toLocation(index: LocationIndex, place: number): Location {
  const country = index.countryOf[place]!;
  return {
    city: index.names[place]!,
    // The dataset carries the admin1 code only ('ZH', '27'), and a code is not a name.
    region: null,
    country: { code: index.countryCodes[country]!, name: index.countryNames[country]! },
    latitude: index.latitudeE5[place]! / 1e5,
    longitude: index.longitudeE5[place]! / 1e5,
    timezone: index.timezones.zones[index.timezones.zoneOf[place]!]!,
    population: index.population[place]!,
  };
}
