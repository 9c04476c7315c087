// Country, state and city lookups for the billing form, from the server's packaged data set
// (GET /api/places/*), kept in the query cache for the page's lifetime. The data set itself never ships to the browser.
import { useEffect, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MyCountry, PlaceOption, PlacePage } from '../../../domain/card/wire';
import { api } from '../api';
import { queryClient } from '../realtime';

/** A lookup's query: the data set does not change while the page is open, so an answer is kept (a failure is not). */
function place<T>(name: string, read: () => Promise<T>) {
  return { queryKey: ['places', name] as const, queryFn: read, staleTime: Infinity, gcTime: Infinity };
}

const countries = () => place('countries', async () => (await api.get<PlacePage<PlaceOption>>('/api/places/countries', { per_page: 300 })).data.items);
const states = (country: string) => place(`states:${country}`, async () => (await api.get<PlacePage<PlaceOption>>('/api/places/states', { country, per_page: 300 })).data.items);
const cities = (country: string, state: string, q: string) =>
  place(`cities:${country}:${state}:${q.trim().toLowerCase()}`, async () => (await api.get<PlacePage<PlaceOption>>('/api/places/cities', { country, state, q: q.trim(), per_page: 50 })).data);

export const loadCountries = () => queryClient.fetchQuery(countries());

/** The caller's country from their IP (server GeoIP), asked once per page load. */
export const loadMyCountry = () => queryClient.fetchQuery(place('my-country', async () => (await api.get<MyCountry>('/api/places/my-country')).data.country));

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

function lookup<T>(query: UseQueryResult<T>, on = true): Lookup<T> {
  return {
    data: on ? (query.data ?? null) : null,
    loading: on && query.data === undefined && (query.isPending || query.isFetching),
    error: on && query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

export const useCountries = () => lookup(useQuery(countries()));

export function useStates(country: string): Lookup<PlaceOption[]> {
  return lookup(useQuery({ ...states(country), enabled: !!country }), !!country);
}

/** Cities of a state matching `q` (50 at most), and how many the state has in all when `q` is empty. */
export function useCities(country: string, state: string, q: string): Lookup<PlacePage<PlaceOption>> {
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), 200);
    return () => clearTimeout(t);
  }, [q]);
  const on = !!country && !!state;
  return lookup(useQuery({ ...cities(country, state, debounced), enabled: on }), on);
}
