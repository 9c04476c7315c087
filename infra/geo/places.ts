// Country, state and city lookups from the data set packaged with countries-states-cities-service (no network
// lookups). The package is large (cities alone are 7 MB of JavaScript, ~70 MB of heap once loaded, and a couple
// of seconds of parsing), so it is read in a short-lived worker thread that hands back a compact index
// (codes and names only) and exits: the server's event loop never stalls on it and the big objects are not kept.
// Loaded on first use; `warmPlaces()` starts the loading early (when a billing form opens).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PlaceFacts } from '../../domain/card/card-form';

export interface CountryPlace {
  code: string; // ISO 3166 alpha-2
  name: string;
  emoji: string;
}

export interface StatePlace {
  code: string; // the data set's state code (unique within its country)
  name: string;
}

interface GeoIndex {
  countries: CountryPlace[];
  byCode: Map<string, CountryPlace>;
  states: Map<string, StatePlace[]>;
}

/** "CC/SS" → city names, sorted. */
type CityIndex = Map<string, string[]>;

const require = createRequire(import.meta.url);

// Plain CommonJS run in the worker (eval), so it needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const trim = (s) => String(s ?? '').trim();
if (workerData.kind === 'geo') {
  const { Countries } = require(workerData.countries);
  const { States } = require(workerData.states);
  const countries = Countries.getCountries().map((c) => [trim(c.iso2).toUpperCase(), trim(c.name), c.emoji || '']);
  const states = States.getStates().map((s) => [trim(s.country_code).toUpperCase(), trim(s.state_code).toUpperCase(), trim(s.name)]);
  parentPort.postMessage({ countries, states });
} else {
  const { Cities } = require(workerData.cities);
  const out = {};
  for (const c of Cities.getCities()) {
    const key = trim(c.country_code).toUpperCase() + '/' + trim(c.state_code).toUpperCase();
    (out[key] ??= []).push(trim(c.name));
  }
  parentPort.postMessage(out);
}
`;

function runWorker<T>(kind: 'geo' | 'cities'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        kind,
        countries: require.resolve('countries-states-cities-service/countries'),
        states: require.resolve('countries-states-cities-service/states'),
        cities: require.resolve('countries-states-cities-service/cities'),
      },
    });
    let done = false;
    worker.once('message', (m) => {
      done = true;
      resolve(m as T);
      void worker.terminate();
    });
    worker.once('error', (e) => {
      done = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`places worker (${kind}) exited with code ${code}`));
    });
  });
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

let geo: Promise<GeoIndex> | null = null;
let cities: Promise<CityIndex> | null = null;

function loadGeo(): Promise<GeoIndex> {
  geo ??= runWorker<{ countries: [string, string, string][]; states: [string, string, string][] }>('geo').then(
    (raw) => {
      const countries = raw.countries.map(([code, name, emoji]) => ({ code, name, emoji })).sort(byName);
      const states = new Map<string, StatePlace[]>();
      for (const [country, code, name] of raw.states) {
        let list = states.get(country);
        if (!list) states.set(country, (list = []));
        list.push({ code, name });
      }
      for (const list of states.values()) list.sort(byName);
      return { countries, byCode: new Map(countries.map((c) => [c.code, c])), states };
    },
    (e) => {
      geo = null; // try again on the next call
      throw e;
    },
  );
  return geo;
}

function loadCities(): Promise<CityIndex> {
  cities ??= runWorker<Record<string, string[]>>('cities').then(
    (raw) => {
      const index: CityIndex = new Map();
      for (const [key, names] of Object.entries(raw)) index.set(key, [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en')));
      return index;
    },
    (e) => {
      cities = null;
      throw e;
    },
  );
  return cities;
}

/** Starts loading the data set in the background (idempotent). */
export function warmPlaces(): void {
  loadGeo().catch(() => {});
  loadCities().catch(() => {});
}

const norm = (code: string | undefined | null) => (code ?? '').trim().toUpperCase();
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Matches of `q` (case- and accent-insensitive): names starting with it first, then names containing it. */
export function search<T>(items: readonly T[], q: string | undefined, name: (t: T) => string): T[] {
  const query = fold((q ?? '').trim());
  if (!query) return [...items];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const n = fold(name(item));
    if (n.startsWith(query)) starts.push(item);
    else if (n.includes(query)) contains.push(item);
  }
  return [...starts, ...contains];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

export function pageOf<T>(items: readonly T[], page: number, perPage: number): Page<T> {
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), total: items.length, page, per_page: perPage };
}

export async function listCountries(q?: string): Promise<CountryPlace[]> {
  return search((await loadGeo()).countries, q, (c) => c.name);
}

export async function findCountry(code: string | null | undefined): Promise<CountryPlace | null> {
  if (!code) return null;
  return (await loadGeo()).byCode.get(norm(code)) ?? null;
}

/** null for an unknown country; [] for a known one without states. */
export async function listStates(country: string, q?: string): Promise<StatePlace[] | null> {
  const g = await loadGeo();
  const code = norm(country);
  if (!g.byCode.has(code)) return null;
  return search(g.states.get(code) ?? [], q, (s) => s.name);
}

/** City names of a state; null when the country or the state is unknown. */
export async function listCities(country: string, state: string, q?: string): Promise<string[] | null> {
  const g = await loadGeo();
  const c = norm(country);
  const s = norm(state);
  if (!(g.states.get(c) ?? []).some((x) => x.code === s)) return null;
  return search((await loadCities()).get(`${c}/${s}`) ?? [], q, (n) => n);
}

/** What the billing rules need to know about a chosen country and state (domain/card/card-form.ts). */
export async function placeFacts(country: string | undefined, state: string | undefined): Promise<PlaceFacts> {
  const g = await loadGeo();
  const c = norm(country);
  const countryKnown = g.byCode.has(c);
  const stateCodes = countryKnown ? (g.states.get(c) ?? []).map((s) => s.code) : [];
  const s = norm(state);
  const citiesExist = stateCodes.includes(s) ? ((await loadCities()).get(`${c}/${s}`)?.length ?? 0) > 0 : false;
  return { countryKnown, stateCodes, citiesExist };
}
