// The gauges of /metrics, each read when a scrape asks (prom-client's collect), so nothing polls between scrapes:
// projection lag, open sockets, the delivery and media queues (their read models are the queues), live rooms.
// A gauge whose read fails is left empty for that scrape rather than showing a stale number.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { pendingMassMessages } from '../../projections/mass-messages';
import { allProjections } from '../../projections';
import type { Database } from '../../infra/db/database';
import type { EventStore } from '../../infra/eventstore/port';
import type { LiveMediaServer } from '../../infra/live/port';
import type { ProjectionRunner } from '../../projections/runner';
import type { Metrics } from './registry';
import { readProjectionLags } from './projection-lag';

/** Rows counted per queue on one scrape: a depth at this cap means "at least this many". */
const QUEUE_COUNT_CAP = 100_000;

type Read = (gauge: Gauge<string>) => Promise<void> | void;

/** What the gauges read: the server's parts, not the whole services bag (which itself holds the metrics). */
export interface GaugeSources {
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  clock: () => Date;
  liveMedia: Pick<LiveMediaServer, 'status'>;
}

export function registerGauges(app: FastifyInstance, services: GaugeSources, metrics: Metrics) {
  const { registry } = metrics;
  const db = services.database.db;
  const gauge = (name: string, help: string, labelNames: string[], read: Read) =>
    new Gauge({
      name, help, labelNames, registers: [registry],
      async collect() {
        this.reset();
        try {
          await read(this);
        } catch (e) {
          this.reset();
          app.log.warn({ err: e, metric: name }, 'a metric could not be read');
        }
      },
    });
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);

  // The two lag gauges are collected together (prom-client reads a registry's metrics at once): one read serves both.
  let reading: ReturnType<typeof readProjectionLags> | null = null;
  const projectionNames = allProjections.map((p) => p.name);
  const lags = () => (reading ??= readProjectionLags(db, services.store, projectionNames, Date.now()).finally(() => { reading = null; }));
  gauge('fanclub_projection_lag_events', 'Events of $all after each projection\'s checkpoint (10000: at least that many).', ['projection'], async (g) => {
    for (const l of await lags()) g.set({ projection: l.name }, l.events);
  });
  gauge('fanclub_projection_lag_seconds', 'Seconds the oldest event a projection has not applied has waited (0: up to date).', ['projection'], async (g) => {
    for (const l of await lags()) g.set({ projection: l.name }, l.seconds);
  });
  gauge('fanclub_projection_runner_up', '1 while this node\'s projection runner is running, 0 once it stopped (on an error or a shutdown).', [], (g) => {
    g.set(services.runner.running && !services.runner.error ? 1 : 0);
  });

  gauge('fanclub_websocket_open_sockets', 'WebSocket connections open on this node (the real-time gateway and the live relay, signed in or not).', [], (g) => {
    g.set(app.websocketServer?.clients.size ?? 0);
  });
  gauge('fanclub_realtime_signed_in_sockets', 'Real-time gateway sockets (GET /ws) on this node that finished AUTH.', [], (g) => {
    g.set(app.realtime?.hub.connections.size ?? 0);
  });

  gauge('fanclub_delivery_queue_depth', 'Work waiting to go out: mass/welcome messages with copies left, web push notifications pending, mails queued.', ['queue'], async (g) => {
    const nowIso = services.clock().toISOString();
    const [mass, push, mail] = await Promise.all([
      pendingMassMessages(db, nowIso, QUEUE_COUNT_CAP).then((ids) => ids.length),
      count(sql<{ n: string }>`SELECT count(*) AS n FROM rm.push_jobs WHERE status = 'pending'`),
      // Without SMTP every mail stays queued in the outbox (staff read it in the console): then this only grows.
      count(sql<{ n: string }>`SELECT count(*) AS n FROM app.outbox WHERE status = 'queued'`),
    ]);
    g.set({ queue: 'mass_messages' }, mass);
    g.set({ queue: 'push_notifications' }, push);
    g.set({ queue: 'mail' }, mail);
  });
  gauge('fanclub_media_queue_depth', 'Uploads waiting for their renditions: due now, or waiting for a retry after a failed attempt.', ['state'], async (g) => {
    const nowIso = services.clock().toISOString();
    const r = await sql<{ due: string; waiting: string }>`SELECT
        count(*) FILTER (WHERE next_attempt_at IS NULL OR next_attempt_at <= ${nowIso}::timestamptz) AS due,
        count(*) FILTER (WHERE next_attempt_at > ${nowIso}::timestamptz) AS waiting
      FROM rm.media WHERE status = 'processing'`.execute(db);
    g.set({ state: 'due' }, Number(r.rows[0]?.due ?? 0));
    g.set({ state: 'waiting_retry' }, Number(r.rows[0]?.waiting ?? 0));
  });

  gauge('fanclub_live_rooms_open', 'Live sessions on air, each with its room on the media server (Janus).', [], async (g) => {
    g.set(await count(sql<{ n: string }>`SELECT count(*) AS n FROM rm.live_sessions WHERE status = 'live'`));
  });
  gauge('fanclub_live_media_available', '1 when the live media server (Janus) is available, 0 when live streaming is off or unavailable.', [], (g) => {
    g.set(services.liveMedia.status().available ? 1 : 0);
  });
}
