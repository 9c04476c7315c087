import { describe, expect, it } from 'vitest';
import { resolveRange } from './range';

describe('resolveRange (RFC 9110 single byte ranges)', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=0-0', 1, { start: 0, end: 0 }],
  ])('%s of %i bytes → partial', (header, size, range) => expect(resolveRange(header, size)).toEqual({ kind: 'partial', range }));

  it.each([['bytes=1000-', 1000], ['bytes=1000-2000', 1000], ['bytes=-0', 1000], ['bytes=0-', 0]])('%s of %i bytes → unsatisfiable', (header, size) =>
    expect(resolveRange(header, size)).toEqual({ kind: 'unsatisfiable' }),
  );

  it.each([undefined, '', 'bytes=5-2', 'items=0-5', 'bytes=0-5,10-20', 'bytes=-', 'bytes=a-b'])('%j → the whole object', (header) =>
    expect(resolveRange(header, 1000)).toEqual({ kind: 'full' }),
  );
});
