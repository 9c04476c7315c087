// HTTP byte ranges (RFC 9110 §14) for serving stored objects, so a video can seek without downloading it all.
import type { ByteRange } from './port';

export type RangeAnswer =
  | { kind: 'full' } // no usable Range: 200 with the whole object
  | { kind: 'partial'; range: ByteRange } // 206 with Content-Range
  | { kind: 'unsatisfiable' }; // 416 with Content-Range: bytes */size

const SINGLE = /^bytes=(\d*)-(\d*)$/i;

/**
 * What to answer to `Range: <header>` for an object of `size` bytes. Only one range is served: a multi-range or
 * malformed header is ignored (the whole object), which the RFC allows.
 */
export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = SINGLE.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [, first, last] = m;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix: the last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (!Number.isSafeInteger(start) || end < start) return { kind: 'full' }; // malformed: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
