// The metrics of one Fanclub server (GET /metrics, docs/metrics.md): one prom-client registry per server, never
// the library's global one, so several servers in one process (the tests) each count only their own. Counters and
// histograms are fed as things happen; gauges are read when a scrape asks (./gauges.ts).
import { Counter, Histogram, Registry } from 'prom-client';
import type { AppendOutcome } from '../../infra/eventstore/timed';

/** Seconds: from a cached read (a few ms) to a slow export or upload (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an append is one transaction, ~1 ms on PGlite; anything near a second is a problem. */
const APPEND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface Metrics {
  registry: Registry;
  /** Each answered request, by method, route pattern (never the raw URL) and status class. */
  httpRequest: Histogram<'method' | 'route' | 'status_class'>;
  /** Each event-store append, by outcome (ok, conflict, error). */
  eventAppend: Histogram<'outcome'>;
  /** Payment outcomes seen on the event log by this node, by outcome and purchase kind (./payments.ts). */
  paymentOutcomes: Counter<'outcome' | 'kind'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    httpRequest: new Histogram({
      name: 'fanclub_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class (2xx, 4xx, ...).',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    eventAppend: new Histogram({
      name: 'fanclub_event_store_append_duration_seconds',
      help: 'Time of one append to the event store, by outcome (ok, conflict: wrong expected revision, error).',
      labelNames: ['outcome'] as const,
      buckets: APPEND_BUCKETS,
      registers: [registry],
    }),
    paymentOutcomes: new Counter({
      name: 'fanclub_payment_outcomes_total',
      help: 'Payment outcomes recorded in the event log since this node started (captured, declined, refunded, voided, chargeback; wallet top-ups: captured, declined, underpaid, expired), by purchase kind.',
      labelNames: ['outcome', 'kind'] as const,
      registers: [registry],
    }),
  };
}

/** '2xx', '4xx', ...: the status class keeps the series few. */
export const statusClassOf = (status: number): string => `${Math.floor(status / 100)}xx`;

/** The append observer the event store is wrapped with (infra/eventstore/timed.ts). */
export const observeAppend = (metrics: Metrics) => (seconds: number, outcome: AppendOutcome) => metrics.eventAppend.observe({ outcome }, seconds);
