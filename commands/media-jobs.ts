// Media processing (a process manager): turns an upload recorded as MediaUploaded into its renditions and records
// MediaProcessed, or, after MAX_PROCESSING_ATTEMPTS failed attempts with backoff, MediaProcessingFailed.
//
// Durable by construction: the queue is the read model (media in status 'processing' whose next attempt is due),
// so nothing is lost when the process dies; on start-up every such media item is processed again. A repeat is
// harmless: renditions go to the keys of the media's version (a put replaces the object whole), MediaProcessed
// is a no-op once recorded, and a failed attempt is recorded under its number, so a repeat does not use up an
// attempt. A reprocess request (Send Video Process Request) bumps the version, so it renders under new keys.
//
// The creator's watermark is read at rendering time: by the server's worker from the settings read model,
// otherwise (inline processing of an upload) from the settings stream. The renders themselves (sharp, ffmpeg) and
// the worker's reads of the media read model come in as parameters (the infra/media port, MediaWorkerReads).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_PROCESSING_ATTEMPTS, mediaDecider, mediaStream, processingRetryDelayMs, renditionKeys, type MediaState, type Renditions } from '../domain/media/media';
import { watermarkOf, type Watermark } from '../domain/media/watermark';
import { SETTINGS_STREAM, settingsDecider } from '../domain/settings/settings';
import type { MediaKind } from '../domain/media/wire';
import type { EventStore } from '../infra/eventstore/port';
import { StorageNotFoundError, type ByteStore } from '../infra/storage/port';
import type { MediaRenderer } from '../infra/media/port';
import { commandContext, handle, loadStream, type CommandContext } from './handle';

export interface MediaJobDeps {
  store: EventStore;
  storage: Pick<ByteStore, 'read' | 'readStream' | 'put'>;
  /** Draws the renditions (sharp, ffmpeg). */
  renderer: Pick<MediaRenderer, 'renderImage' | 'renderVideo'>;
  /** The watermark to draw now (null: none). Default: from the settings stream. */
  watermark?: () => Promise<Watermark | null>;
  now?: () => Date;
  /** Base of the retry backoff: attempt n waits base * 4^(n-1). Default 5 s. */
  retryBaseMs?: number;
  /** Longest a video conversion may run. Default 30 minutes. */
  videoTimeoutMs?: number;
  log?: (message: string) => void;
  /** Stops a render in progress (the worker is stopping): nothing is recorded, the media stays 'processing'. */
  signal?: AbortSignal;
}

export type MediaJobOutcome =
  | 'ready' // renditions recorded
  | 'retry' // this attempt failed; another is scheduled
  | 'failed' // the last attempt failed: MediaProcessingFailed recorded
  | 'skipped' // not (or no longer) waiting for processing
  | 'deferred' // waiting for its retry time
  | 'busy' // already being processed in this process
  | 'aborted'; // stopped through deps.signal; left 'processing' for the next run

/** Media being processed in this process (by a worker or inline), so the same item is never rendered twice at once. */
const claimed = new Set<string>();

export { renditionKeys };

/** The watermark as the settings stream has it now (for callers without the read model). */
export async function watermarkFromStream(store: EventStore): Promise<Watermark | null> {
  const events = await store.readStream(SETTINGS_STREAM);
  return watermarkOf(events.reduce((s, e) => settingsDecider.evolve(s, { type: e.type, data: e.data } as never), settingsDecider.initialState()));
}

const missingUpload = (e: unknown) => {
  throw e instanceof StorageNotFoundError ? new Error('The uploaded file is missing.') : e;
};

/** Copies a stored object to a temp file (ffmpeg reads files), streaming: videos may be large. */
export async function withTempCopy<T>(storage: Pick<ByteStore, 'readStream'>, key: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fanclub-media-'));
  try {
    const file = path.join(dir, 'upload');
    const { stream } = await storage.readStream(key).catch(missingUpload);
    await pipeline(stream, fs.createWriteStream(file));
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function render(deps: MediaJobDeps, mediaId: string, state: MediaState): Promise<Renditions> {
  if (!state.stagingKey) throw new Error('The upload was recorded without its file.');
  const watermark = await (deps.watermark ?? (() => watermarkFromStream(deps.store)))();
  const version = state.version ?? 0;
  if (state.kind === 'photo') {
    const bytes = await deps.storage.read(state.stagingKey).catch(missingUpload);
    const r = await deps.renderer.renderImage(bytes, { rotation: state.rotation ?? 0, watermark });
    const keys = renditionKeys(mediaId, 'photo', version);
    await Promise.all([deps.storage.put(keys.originalKey, r.original), deps.storage.put(keys.thumbnailKey, r.thumbnail), deps.storage.put(keys.blurKey, r.blur)]);
    return { ...keys, width: r.width, height: r.height };
  }
  return withTempCopy(deps.storage, state.stagingKey, async (input) => {
    const r = await deps.renderer.renderVideo(input, { timeoutMs: deps.videoTimeoutMs, signal: deps.signal, watermark });
    const keys = renditionKeys(mediaId, 'video', version) as ReturnType<typeof renditionKeys> & { posterKey: string };
    await Promise.all([
      deps.storage.put(keys.originalKey, r.video),
      deps.storage.put(keys.posterKey, r.poster),
      deps.storage.put(keys.thumbnailKey, r.thumbnail),
      deps.storage.put(keys.blurKey, r.blur),
    ]);
    return { ...keys, videoKey: keys.originalKey, width: r.width, height: r.height, durationSeconds: r.durationSeconds };
  });
}

/**
 * One processing attempt of one media item. Safe to call again at any time (see the top of the file).
 * `ctx` (inline processing in a request) attributes the outcome to that request and advances its lastPosition;
 * the worker acts as 'system'.
 */
export async function processMedia(deps: MediaJobDeps, mediaId: string, ctx?: CommandContext): Promise<MediaJobOutcome> {
  if (claimed.has(mediaId)) return 'busy';
  claimed.add(mediaId);
  try {
    const now = deps.now ?? (() => new Date());
    const stream = mediaStream(mediaId);
    const { state } = await loadStream(deps.store, stream, mediaDecider);
    if (state.status !== 'processing') return 'skipped';
    if (state.retryAt && Date.parse(state.retryAt) > now().getTime()) return 'deferred';
    const attempt = state.attempts + 1;
    ctx ??= commandContext(deps.store, { userId: null, role: 'system', correlationId: `media-${mediaId}` }, now);
    const t0 = Date.now();
    try {
      const renditions = await render(deps, mediaId, state);
      if (deps.signal?.aborted) return 'aborted';
      await handle(ctx, stream, mediaDecider, { type: 'RecordRenditions', renditions, version: state.version ?? 0 });
      deps.log?.(`media ${mediaId} (${state.kind}) ready in ${Date.now() - t0} ms`);
      return 'ready';
    } catch (e) {
      if (deps.signal?.aborted) return 'aborted';
      const reason = ((e as Error)?.message || String(e)).slice(0, 500);
      const at = now();
      const retryAt = new Date(at.getTime() + processingRetryDelayMs(attempt, deps.retryBaseMs ?? 5_000)).toISOString();
      const r = await handle(ctx, stream, mediaDecider, { type: 'RecordProcessingAttemptFailure', attempt, reason, at: at.toISOString(), retryAt, version: state.version ?? 0 });
      const failed = r.events.some((ev) => ev.type === 'MediaProcessingFailed');
      deps.log?.(`media ${mediaId} attempt ${attempt}/${MAX_PROCESSING_ATTEMPTS} failed${failed ? ' (giving up)' : ''}: ${reason}`);
      return failed ? 'failed' : 'retry';
    }
  } finally {
    claimed.delete(mediaId);
  }
}

/** What the worker reads from the media read model (the API passes them: api/media-reads.ts). */
export interface MediaWorkerReads {
  /** Media waiting for processing whose next attempt is due at `nowIso`, oldest first, at most `limit`. */
  dueForProcessing(nowIso: string, limit: number): Promise<string[]>;
  /** Whether any media is still processing (including media waiting for a retry). */
  anyProcessing(): Promise<boolean>;
}

export interface MediaWorkerOptions extends MediaJobDeps {
  reads: MediaWorkerReads;
  /** How often the read model is scanned for due work. Default 2 s. */
  intervalMs?: number;
  /** Jobs at once per kind. Default: photos 2, videos 1 (ffmpeg uses every core). */
  concurrency?: Partial<Record<MediaKind, number>>;
  /**
   * Called once a render in this worker ended (ready, or failed for good): whatever already shows the media (a chat
   * message sent while it rendered) is told. Best effort: a miss only means a screen shows it on its next read.
   */
  onProcessed?: (mediaId: string) => Promise<void>;
}

export interface MediaWorker {
  /** Looks for work now; `mediaId` is taken even before the read model shows it. */
  nudge(mediaId?: string): void;
  /**
   * Resolves true once nothing is in flight and no media known to the worker is still processing (including
   * media waiting for a retry), false after timeoutMs. Needs the projections running to see the outcome.
   */
  drain(timeoutMs?: number): Promise<boolean>;
  /** Stops scanning, stops the renders in flight (their media stay 'processing' for the next start) and waits for them. */
  stop(): Promise<void>;
}

const workers = new Set<MediaWorker>();

/** Where nudges also go: media workers in other processes (several nodes: the bus, set up by the API wiring). */
const forwarders = new Set<(mediaId?: string) => void>();

/** Also sends every nudge to `forward` (e.g. publishes it for `npm run worker` processes); returns the undo. */
export function forwardMediaNudges(forward: (mediaId?: string) => void): () => void {
  forwarders.add(forward);
  return () => void forwarders.delete(forward);
}

/** Tells the media workers of this process, and any forwarded to, that `mediaId` was uploaded. */
export function nudgeMediaWorkers(mediaId?: string) {
  for (const w of workers) w.nudge(mediaId);
  for (const f of forwarders) f(mediaId);
}

export function startMediaWorker(options: MediaWorkerOptions): MediaWorker {
  const log = options.log ?? (() => {});
  const limits: Record<MediaKind, number> = { photo: options.concurrency?.photo ?? 2, video: options.concurrency?.video ?? 1 };
  const now = options.now ?? (() => new Date());
  const abort = new AbortController();
  const jobDeps: MediaJobDeps = { ...options, signal: abort.signal };
  const nudged = new Set<string>();
  const inFlight = new Map<string, { kind: MediaKind; done: Promise<void> }>();
  let stopped = false;
  let scanning: Promise<void> | null = null;
  let rescan = false;

  const running = (kind: MediaKind) => [...inFlight.values()].filter((j) => j.kind === kind).length;

  const dispatch = (mediaId: string, kind: MediaKind) => {
    const done = processMedia(jobDeps, mediaId)
      .then(async (outcome) => {
        if (outcome !== 'busy' && outcome !== 'deferred' && outcome !== 'aborted') nudged.delete(mediaId);
        if (outcome === 'ready' || outcome === 'failed') await options.onProcessed?.(mediaId);
      })
      .catch((e) => log(`media ${mediaId}: ${(e as Error).message}`)) // e.g. the store is unreachable: the next scan retries
      .finally(() => {
        inFlight.delete(mediaId);
        if (!stopped) void scan();
      });
    inFlight.set(mediaId, { kind, done });
  };

  const scanOnce = async () => {
    const due = await options.reads.dueForProcessing(now().toISOString(), 100).catch((e) => {
      log(`media scan failed: ${(e as Error).message}`);
      return [] as string[];
    });
    for (const mediaId of new Set([...nudged, ...due])) {
      if (stopped) return;
      if (inFlight.has(mediaId) || claimed.has(mediaId)) continue; // claimed: processed inline by a request right now
      const { state } = await loadStream(options.store, mediaStream(mediaId), mediaDecider);
      if (state.status !== 'processing') {
        nudged.delete(mediaId);
        continue;
      }
      if (state.retryAt && Date.parse(state.retryAt) > now().getTime()) continue;
      const kind = state.kind ?? 'photo';
      if (running(kind) >= limits[kind]) continue; // picked up when a job of that kind finishes
      dispatch(mediaId, kind);
    }
  };

  const scan = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (scanning) {
      rescan = true;
      return scanning;
    }
    scanning = (async () => {
      try {
        do {
          rescan = false;
          await scanOnce();
        } while (rescan && !stopped);
      } catch (e) {
        log(`media scan failed: ${(e as Error).message}`);
      } finally {
        scanning = null;
      }
    })();
    return scanning;
  };

  const timer = setInterval(() => void scan(), options.intervalMs ?? 2_000);
  timer.unref();

  const worker: MediaWorker = {
    nudge(mediaId) {
      if (stopped) return;
      if (mediaId) nudged.add(mediaId);
      void scan();
    },
    async drain(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !stopped) {
        await scan();
        if (inFlight.size > 0) {
          await Promise.race([Promise.all([...inFlight.values()].map((j) => j.done)), new Promise((r) => setTimeout(r, 50))]);
          continue;
        }
        if (!(await options.reads.anyProcessing()) && nudged.size === 0) return true;
        await new Promise((r) => setTimeout(r, 25));
      }
      return false;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      abort.abort();
      workers.delete(worker);
      await scanning?.catch(() => {});
      await Promise.all([...inFlight.values()].map((j) => j.done));
    },
  };
  workers.add(worker);
  // Start-up: whatever a crash or a restart left in 'processing' is due now.
  void scan();
  return worker;
}
