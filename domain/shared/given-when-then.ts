// Test support for Deciders: given(decider, events).when(command).then(events) / .thenThrows(message, extra).
// Imported only by *.test.ts files; pure apart from vitest's `expect`.
import { expect } from 'vitest';
import { DomainError, fold, type Decider, type DomainEvent } from './decider';

export function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: NoInfer<E>[] = []) {
  const state = fold(decider, events);
  return {
    state,
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        /** Asserts the exact events and returns the state after applying them. */
        then(expected: E[]): S {
          const actual = run();
          expect(actual).toEqual(expected);
          return actual.reduce(decider.evolve, state);
        },
        /** `message`: the exact text, or a pattern it must match. */
        thenThrows(message: string | RegExp, extra: { code?: string; status?: number; details?: Record<string, unknown> } = {}): DomainError {
          let caught: unknown;
          try {
            run();
          } catch (e) {
            caught = e;
          }
          expect(caught, 'expected a DomainError').toBeInstanceOf(DomainError);
          const err = caught as DomainError;
          expect({ message: err.message, ...pick(err, extra) }).toEqual({ message: typeof message === 'string' ? message : expect.stringMatching(message), ...extra });
          return err;
        },
      };
    },
  };
}

const pick = (err: DomainError, extra: object) =>
  Object.fromEntries(Object.keys(extra).map((k) => [k, err[k as keyof DomainError]]));
