// Country, state and city lookups for the billing form, from the server's packaged data set
// (GET /api/places/*), cached for the page's lifetime. The data set itself never ships to the browser.
import { useEffect, useState } from 'react';
import type { MyCountry, PlaceOption, PlacePage } from '../../../domain/card/wire';
import { api } from '../api';

const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key)); // a failure is retried next time
  }
  return p;
}

export const loadCountries = () =>
  cached('countries', async () => (await api.get<PlacePage<PlaceOption>>('/api/places/countries', { per_page: 300 })).data.items);

export const loadStates = (country: string) =>
  cached(`states:${country}`, async () => (await api.get<PlacePage<PlaceOption>>('/api/places/states', { country, per_page: 300 })).data.items);

export const loadCities = (country: string, state: string, q: string) =>
  cached(`cities:${country}:${state}:${q.trim().toLowerCase()}`, async () => (await api.get<PlacePage<PlaceOption>>('/api/places/cities', { country, state, q: q.trim(), per_page: 50 })).data);

/** The caller's country from their IP (server GeoIP), asked once per page load. */
export const loadMyCountry = () => cached('my-country', async () => (await api.get<MyCountry>('/api/places/my-country')).data.country);

/** A guess from the browser's language (en-US → US), used only when the IP lookup has no answer. */
export function countryFromLocale(): string {
  try {
    const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
    for (const lang of langs) {
      const region = new Intl.Locale(lang).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    }
  } catch {
    /* ignore */
  }
  return '';
}

export interface Lookup<T> {
  data: T | null;
  loading: boolean;
  error: boolean;
  retry: () => void;
}

function useLookup<T>(key: string | null, load: () => Promise<T>): Lookup<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: boolean }>({ key: null, data: null, error: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!key) return;
    let alive = true;
    load().then(
      (data) => alive && setState({ key, data, error: false }),
      () => alive && setState({ key, data: null, error: true }),
    );
    return () => {
      alive = false;
    };
    // `key` names what `load` fetches; `load` itself is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const current = state.key === key;
  return {
    data: key && current ? state.data : null,
    loading: !!key && (!current || (state.data === null && !state.error)),
    error: !!key && current && state.error,
    retry: () => {
      setState((s) => ({ ...s, key: null }));
      setAttempt((a) => a + 1);
    },
  };
}

export const useCountries = () => useLookup('countries', loadCountries);

export function useStates(country: string): Lookup<PlaceOption[]> {
  return useLookup(country ? `states:${country}` : null, () => loadStates(country));
}

/** Cities of a state matching `q` (50 at most), and how many the state has in all when `q` is empty. */
export function useCities(country: string, state: string, q: string): Lookup<PlacePage<PlaceOption>> {
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), 200);
    return () => clearTimeout(t);
  }, [q]);
  return useLookup(country && state ? `cities:${country}:${state}:${debounced.trim().toLowerCase()}` : null, () => loadCities(country, state, debounced));
}
