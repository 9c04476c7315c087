import { describe, expect, it } from 'vitest';
import { API_ACCESS } from './routes';

describe('exports', () => {
  it('each export route lets in exactly the roles of the list it exports', () => {
    const exports = Object.keys(API_ACCESS).filter((k) => k.endsWith('/export'));
    expect(exports.length).toBeGreaterThan(0);
    for (const key of exports) expect(API_ACCESS[key], key).toEqual(API_ACCESS[key.replace(/\/export$/, '')]);
  });
});
