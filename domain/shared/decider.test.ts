import { describe, expect, it } from 'vitest';
import { DomainError, fold, type Decider, type DomainEvent } from './decider';
import { given } from './given-when-then';

type CounterEvent = DomainEvent<'Added', { n: number }>;
const counter: Decider<{ type: 'Add'; n: number }, CounterEvent, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.n }),
  decide: (c, s) => {
    if (c.n <= 0) throw new DomainError('Invalid request.', 'BAD_N', 422, { field: 'n' });
    if (s.total >= 10) return [];
    return [{ type: 'Added', data: { n: c.n } }];
  },
};

describe('DomainError', () => {
  it('carries the user-facing message, a stable code, status and details', () => {
    const e = new DomainError('Something went wrong', 'X', 404, { field: 'id' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('DomainError');
    expect(e.message).toBe('Something went wrong');
    expect(e.code).toBe('X');
    expect(e.status).toBe(404);
    expect(e.details).toEqual({ field: 'id' });
  });

  it('defaults to status 400 and empty details', () => {
    const e = new DomainError('Invalid request.', 'Y');
    expect(e.status).toBe(400);
    expect(e.details).toEqual({});
  });
});

describe('fold', () => {
  it('returns the initial state for no events', () => {
    expect(fold(counter, [])).toEqual({ total: 0 });
  });

  it('applies events in order', () => {
    expect(fold(counter, [{ type: 'Added', data: { n: 2 } }, { type: 'Added', data: { n: 3 } }])).toEqual({ total: 5 });
  });

  it('does not mutate a shared initial state between folds', () => {
    fold(counter, [{ type: 'Added', data: { n: 2 } }]);
    expect(fold(counter, [])).toEqual({ total: 0 });
  });
});

describe('given/when/then helper', () => {
  it('then() checks events and returns the evolved state', () => {
    const s = given(counter, [{ type: 'Added', data: { n: 1 } }]).when({ type: 'Add', n: 4 }).then([{ type: 'Added', data: { n: 4 } }]);
    expect(s).toEqual({ total: 5 });
  });

  it('then([]) for a no-op', () => {
    given(counter, [{ type: 'Added', data: { n: 10 } }]).when({ type: 'Add', n: 1 }).then([]);
  });

  it('thenThrows() checks message, code, status and details', () => {
    given(counter).when({ type: 'Add', n: 0 }).thenThrows('Invalid request.', { code: 'BAD_N', status: 422, details: { field: 'n' } });
  });

  it('thenThrows() fails when nothing is thrown', () => {
    expect(() => given(counter).when({ type: 'Add', n: 1 }).thenThrows('Invalid request.')).toThrow();
  });

  it('thenThrows() fails on a different message', () => {
    expect(() => given(counter).when({ type: 'Add', n: 0 }).thenThrows('Other')).toThrow();
  });
});
