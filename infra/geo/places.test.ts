import { describe, expect, it } from 'vitest';
import { findCountry, listCities, listStates, pageOf, placeFacts, search } from './places';

describe('search and paging', () => {
  it('matches case- and accent-insensitively, names starting with the query first', () => {
    const names = ['Curaçao', 'Macau', 'Aruba', 'Ecuador', 'Cuba'];
    expect(search(names, 'cu', (n) => n)).toEqual(['Curaçao', 'Cuba', 'Ecuador']);
    expect(search(names, 'CURACAO', (n) => n)).toEqual(['Curaçao']);
    expect(search(names, '  ', (n) => n)).toEqual(names);
  });
  it('pages', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], total: 5, page: 2, per_page: 2 });
    expect(pageOf([1, 2, 3], 3, 2)).toEqual({ items: [], total: 3, page: 3, per_page: 2 });
  });
});

describe('the packaged data set (loaded in a worker)', () => {
  it('knows countries, their states and the cities of a state', async () => {
    expect(await findCountry('us')).toMatchObject({ code: 'US', name: 'United States' });
    expect(await findCountry('XX')).toBeNull();
    expect(await listStates('XX')).toBeNull();
    expect(await listStates('MO')).toEqual([]);
    expect(await listCities('US', 'ZZ')).toBeNull();
    expect(await listCities('US', 'NY', 'new york')).toContain('New York City');
  });
  it('answers the facts the billing rules need', async () => {
    const ny = await placeFacts('us', 'ny');
    expect(ny).toMatchObject({ countryKnown: true, citiesExist: true });
    expect(ny.stateCodes).toContain('NY');
    expect(await placeFacts('GB', 'ENG')).toMatchObject({ countryKnown: true, citiesExist: false });
    expect(await placeFacts('MO', '')).toEqual({ countryKnown: true, stateCodes: [], citiesExist: false });
    expect(await placeFacts('XX', 'NY')).toEqual({ countryKnown: false, stateCodes: [], citiesExist: false });
  });
});
