// A small in-process cache for the hottest reads (the session behind a token, the shared part of a feed page).
// An entry is served only while the read models are exactly as they were when it was read — this process's
// projection runner has not applied anything since — and, on the Postgres server, for at most `ttlMs` (a
// process whose runner is not the one applying events still sees changes within that time); on PGlite (one
// process) the version alone decides. `validUntilMs` adds a clock-based limit (a session's expiry, the next
// scheduled post). Nothing here decides who may see what: entitlement checks run on every request, on top of
// what is cached.
import type { ProjectionRunner } from '../projections/runner';

interface Entry<V> {
  value: V;
  version: string;
  storedAt: number;
  validUntilMs: number;
}

export interface ReadCache<V> {
  /** Take this before reading the value that will be stored: a change applied meanwhile then misses. */
  version(): string;
  get(key: string, nowMs: number): V | undefined;
  set(key: string, value: V, version: string, nowMs: number, validUntilMs?: number): void;
  clear(): void;
  readonly size: number;
}

/** The read models' version as this process knows it: the runner's position. */
export function readModelVersion(runner: Pick<ProjectionRunner, 'position'>): () => string {
  return () => {
    const p = runner.position();
    return p ? `${p.tx}/${p.seq}` : '-';
  };
}

/**
 * The version and switch of this app's caches (FANCLUB_READ_CACHE=false: every read goes to the database). On
 * PGlite this process is the only one with the database, so its runner applies every change and the version
 * alone says when an entry is stale: no time limit is needed.
 */
export function readCacheOptions(services: {
  runner: Pick<ProjectionRunner, 'position'>;
  config: { FANCLUB_READ_CACHE?: boolean };
  database: { kind: string };
}) {
  return {
    version: readModelVersion(services.runner),
    enabled: () => services.config.FANCLUB_READ_CACHE !== false,
    onlyProcess: services.database.kind === 'pglite',
  };
}

export function createReadCache<V>(options: {
  version: () => string;
  enabled?: () => boolean;
  /** How long an entry may be served while the version is unchanged (other processes' writes). */
  ttlMs: number;
  /** No other process writes the read models: the version alone decides (ttlMs is not applied). */
  onlyProcess?: boolean;
  maxEntries: number;
}): ReadCache<V> {
  const enabled = options.enabled ?? (() => true);
  const ttlMs = options.onlyProcess ? Number.POSITIVE_INFINITY : options.ttlMs;
  const entries = new Map<string, Entry<V>>();
  return {
    version: options.version,
    get(key, nowMs) {
      if (!enabled()) return undefined;
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== options.version() || Date.now() - e.storedAt > ttlMs || nowMs >= e.validUntilMs) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key, value, version, nowMs, validUntilMs = Number.POSITIVE_INFINITY) {
      if (!enabled() || nowMs >= validUntilMs || version !== options.version()) return;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, version, storedAt: Date.now(), validUntilMs });
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
