import type { Queryable } from '../../db/client.ts';
import { DISTANCE_BANDS, WEIGHTS, WIDER_KM, distanceKm, distanceShare } from '#shared/matching.ts';

// The seeker's area, precomputed (decision 020): for a city, the cities within the distance
// bands (the main feed's "area", nearest first), the cities further out up to WIDER_KM (the
// wider section) and the distance points of every city, as an int[] indexed by city id. The
// cities are reference data loaded by migration 002 and never written afterwards, so they are
// read once per process (572 rows) and each city's bands are computed once, in JavaScript with
// the same rules as the reasons on the cards (`scoreJob`), instead of per query in SQL.

export interface CityBands {
  /** Distance points of each city id for this seeker (index = city id; 0 beyond the bands). */
  points: number[];
  /** City ids within the last distance band (the seeker's own city first), nearest first. */
  near: number[];
  /** City ids beyond the bands and within WIDER_KM, nearest first. */
  further: number[];
}

interface City {
  id: number;
  lat: number;
  lon: number;
}

let cities: Promise<City[]> | null = null;
const bandsOf = new Map<number, CityBands>();
const NO_CITY: CityBands = { points: [], near: [], further: [] };
const AREA_KM = DISTANCE_BANDS.at(-1)!.maxKm;

function loadCities(q: Queryable): Promise<City[]> {
  cities ??= q
    .query<City>('SELECT id, lat, lon FROM cities ORDER BY id')
    .then((rows) => rows.map((c) => ({ id: c.id, lat: Number(c.lat), lon: Number(c.lon) })))
    .catch((err: unknown) => {
      cities = null;
      throw err;
    });
  return cities;
}

/** The bands around a seeker's city (none without a city). */
export async function cityBands(q: Queryable, cityId: number | null): Promise<CityBands> {
  if (cityId === null) return NO_CITY;
  const known = bandsOf.get(cityId);
  if (known) return known;
  const all = await loadCities(q);
  const home = all.find((c) => c.id === cityId);
  if (!home) return NO_CITY;
  const maxId = all.at(-1)?.id ?? 0;
  const points = Array.from({ length: maxId }, () => 0);
  const near: { id: number; km: number }[] = [];
  const further: { id: number; km: number }[] = [];
  for (const c of all) {
    const km = distanceKm(home.lat, home.lon, c.lat, c.lon);
    points[c.id - 1] = Math.round(WEIGHTS.distance * distanceShare(km));
    if (km <= AREA_KM) near.push({ id: c.id, km });
    else if (km <= WIDER_KM) further.push({ id: c.id, km });
  }
  const byKm = (a: { km: number }, b: { km: number }) => a.km - b.km;
  const bands: CityBands = {
    points,
    near: near.sort(byKm).map((c) => c.id),
    further: further.sort(byKm).map((c) => c.id),
  };
  bandsOf.set(cityId, bands);
  return bands;
}
