// An event store that reports how long each append took (the /metrics page's append latency), and otherwise is
// the store it wraps: every other member, getter and error passes through untouched, so the event-store contract
// holds for the wrapped store exactly as for the bare one (tests/eventstore/timed.test.ts runs it).
import { WrongExpectedRevisionError, type EventStore } from './port';

/** How an append ended: written (or an idempotent repeat), refused on its expected revision, or failed. */
export type AppendOutcome = 'ok' | 'conflict' | 'error';

export type AppendObserver = (seconds: number, outcome: AppendOutcome) => void;

export function appendOutcomeOf(error: unknown): AppendOutcome {
  return error instanceof WrongExpectedRevisionError ? 'conflict' : 'error';
}

/** `store` with its appends timed; `observe` must not throw (a failing observer never fails the append). */
export function timeAppends(store: EventStore, observe: AppendObserver): EventStore {
  const report = (started: bigint, outcome: AppendOutcome) => {
    try {
      observe(Number(process.hrtime.bigint() - started) / 1e9, outcome);
    } catch {
      /* metrics are never worth a lost append */
    }
  };
  const appendToStream: EventStore['appendToStream'] = async (streamId, events, options) => {
    const started = process.hrtime.bigint();
    try {
      const result = await store.appendToStream(streamId, events, options);
      report(started, 'ok');
      return result;
    } catch (e) {
      report(started, appendOutcomeOf(e));
      throw e;
    }
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'appendToStream') return appendToStream;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
