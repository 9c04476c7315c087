// Delivery of mass and welcome messages, in the background (issue 14 item 3). The durable-scheduler pattern of
// the rebills (commands/subscriptions.ts): the read models are the queue (messages with work left, later
// subscribers whose copy is due), a timer runs a pass, and every decision is made again on the mass message's
// stream. So a restart or a crash mid-way resumes where the log stands: the audience snapshot is on the stream,
// each batch names its copies by deterministic ids, and the decider drops fans who already have a copy — no fan
// gets two, none is skipped. Two processes running passes at once (several nodes) only race on the expected
// revision; the loser decides again and finds nothing left to add.
import { startPeriodicPass } from './periodic-pass';
import { DomainError } from '../domain/shared/decider';
import { mediaDecider, mediaStream } from '../domain/media/media';
import { DELIVERY_APPEND, DELIVERY_BATCH, MEDIA_FAILED, massMessageDecider, massMessageStream, undelivered, type MassKind, type MassMessageState } from '../domain/chat/mass-message';
import { dueFutureCopies, reachesExisting, type FutureCandidate } from '../domain/chat/delivery';
import { DEFAULT_STAGGER_SETTINGS, type StaggerSettings } from '../domain/settings/chat-settings';
import type { MassSegment } from '../domain/chat/audience';
import type { EventStore } from '../infra/eventstore/port';
import { commandContext, handle, loadStream, type CommandContext } from './handle';
import { loadSettings } from './settings';
import { massCopyId } from './mass-messages';

/** What delivery reads from the read models (filled by the API wiring, api/delivery-reads.ts). */
export interface DeliveryReads {
  /** Messages with work left at `nowIso`: due scheduled ones, ones waiting for media, ones part-way sent. */
  pendingMassMessages(nowIso: string, limit: number): Promise<string[]>;
  /**
   * The fans subscribed at `nowIso` — or, with a segment, the fans its rule finds then (one query); for a mass
   * message without the muted ones.
   */
  currentAudience(nowIso: string, kind: MassKind, segment: MassSegment | null): Promise<string[]>;
  /** Later subscribers and the live messages that reach them (delivered or not, for the previous-message limit). */
  futureCandidates(nowIso: string, settings: StaggerSettings): Promise<FutureCandidate[]>;
}

/** The stagger settings among the site settings (domain/settings), with their defaults. */
export const staggerSettingsOf = (s: object): StaggerSettings => {
  const settings = s as Partial<StaggerSettings>;
  return {
  stagger_min_hours: settings.stagger_min_hours ?? DEFAULT_STAGGER_SETTINGS.stagger_min_hours,
  stagger_max_hours: settings.stagger_max_hours ?? DEFAULT_STAGGER_SETTINGS.stagger_max_hours,
  stagger_previous_limit: settings.stagger_previous_limit ?? DEFAULT_STAGGER_SETTINGS.stagger_previous_limit,
  mass_message_default_delay_hours: settings.mass_message_default_delay_hours ?? DEFAULT_STAGGER_SETTINGS.mass_message_default_delay_hours,
  };
};

/** Test hook (FANCLUB_FAILPOINT=mass-delivery-mid): the process kills itself once half the audience has copies. */
function failpoint(state: MassMessageState) {
  if (process.env.FANCLUB_FAILPOINT !== 'mass-delivery-mid' || !state.audience) return;
  if (state.deliveredToAudience * 2 >= state.audience.length && undelivered(state).length > 0) process.kill(process.pid, 'SIGKILL');
}

/** Media of the message: all ready, some still rendering, or one failed. */
async function mediaReadiness(ctx: CommandContext, state: MassMessageState): Promise<'ready' | 'processing' | 'error'> {
  const ids = [...(state.content?.media.map((m) => m.mediaId) ?? []), ...(state.content?.previewMediaId ? [state.content.previewMediaId] : [])];
  const states = await Promise.all(ids.map(async (id) => (await loadStream(ctx.store, mediaStream(id), mediaDecider)).state));
  if (states.some((s) => s.status === 'error' || s.removed)) return 'error';
  return states.some((s) => s.status === 'processing') ? 'processing' : 'ready';
}

/** After each append: steps aside so requests and the projection runner get the database (and the thread). */
export type DeliveryPause = () => Promise<void>;

/**
 * One turn of the event loop (setImmediate: the I/O that is waiting runs first). With appends of one event (500
 * copies) that is enough on PGlite, one connection on this thread: the send's answer and the console's requests
 * are served between appends (npm run bench -- mass-message measures both). A longer pause only lengthened delivery.
 */
export const yieldTurn: DeliveryPause = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs one message's send-time delivery as far as it can go: a due schedule, media ready, the audience chosen
 * once, then batches of copies until every fan of the audience has one. Returns the copies written.
 */
export async function deliverMassMessage(ctx: CommandContext, reads: DeliveryReads, massId: string, onBatch?: () => void, pause: DeliveryPause = yieldTurn): Promise<number> {
  const stream = massMessageStream(massId);
  let { state } = await loadStream(ctx.store, stream, massMessageDecider);
  const now = ctx.now();
  if (!['scheduled', 'processing', 'sending'].includes(state.status) || !state.content) return 0;
  if (state.status === 'scheduled' && state.scheduledAt && Date.parse(state.scheduledAt) > Date.parse(now)) return 0;
  if (!state.audience) {
    const media = await mediaReadiness(ctx, state);
    if (media === 'error') {
      await handle(ctx, stream, massMessageDecider, { type: 'FailMassMessage', error: MEDIA_FAILED, at: now });
      return 0;
    }
    if (media === 'processing') {
      await handle(ctx, stream, massMessageDecider, { type: 'WaitForMedia', at: now });
      return 0;
    }
    const fanIds = reachesExisting(state.sendTo) ? await reads.currentAudience(now, state.kind, state.segment) : [];
    await pause();
    state = (await handle(ctx, stream, massMessageDecider, { type: 'ChooseAudience', fanIds, at: now })).state;
    await pause();
  }
  let written = 0;
  for (;;) {
    failpoint(state);
    const missing = undelivered(state);
    if (!missing.length || state.status !== 'sending') break;
    const batch = missing.slice(0, DELIVERY_APPEND).map((fanId) => ({ fanId, messageId: massCopyId(massId, fanId) }));
    const r = await handle(ctx, stream, massMessageDecider, { type: 'DeliverCopies', copies: batch, at: ctx.now() });
    written += r.events.reduce((n, e) => n + (e.type === 'MassMessageCopiesDelivered' ? e.data.copies.length : 0), 0);
    state = r.state;
    onBatch?.();
    await pause();
  }
  await handle(ctx, stream, massMessageDecider, { type: 'CompleteSend', at: ctx.now() });
  return written;
}

/** Copies due to fans who subscribed after a message went out (stagger, delay, previous messages, welcome). */
export async function deliverToLaterSubscribers(ctx: CommandContext, reads: DeliveryReads, pause: DeliveryPause = yieldTurn): Promise<number> {
  const settings = staggerSettingsOf(await loadSettings(ctx.store));
  const now = ctx.now();
  const due = dueFutureCopies(await reads.futureCandidates(now, settings), now, settings);
  const byMessage = new Map<string, typeof due>();
  for (const d of due) byMessage.set(d.massId, [...(byMessage.get(d.massId) ?? []), d]);
  let written = 0;
  for (const [massId, list] of byMessage) {
    for (let i = 0; i < list.length; i += DELIVERY_BATCH) {
      const copies = list.slice(i, i + DELIVERY_BATCH).map((d) => ({ fanId: d.fanId, messageId: massCopyId(massId, d.fanId), massMessageType: d.type }));
      const r = await handle(ctx, massMessageStream(massId), massMessageDecider, { type: 'DeliverFutureCopies', copies, at: now });
      written += r.events.reduce((n, e) => n + (e.type === 'MassMessageCopiesDelivered' ? e.data.copies.length : 0), 0);
      await pause();
    }
  }
  return written;
}

export interface MessageDelivery {
  /** One pass: pending messages, then later subscribers' copies. Returns the copies written. */
  tick(): Promise<number>;
  /** Asks for a pass soon (a new message was recorded), without waiting for it. */
  kick(): void;
  stop(): Promise<void>;
}

export function startMessageDelivery(options: {
  store: EventStore;
  reads: DeliveryReads;
  /** Read on every pass (tests move the services clock). */
  now: () => Date;
  intervalMs?: number;
  log?: (message: string) => void;
  /** false: no timer, passes only when called or kicked (tests). */
  timer?: boolean;
  /** Called after each batch (the wiring wakes the projections). */
  onBatch?: () => void;
}): MessageDelivery {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `delivery-${options.now().toISOString()}` }, options.now);
    let written = 0;
    // A pass kicked by a request starts once that request's answer (and whatever else waits on I/O) is out.
    await yieldTurn();
    for (const massId of await options.reads.pendingMassMessages(ctx.now(), 50)) {
      if (periodic.stopped) break;
      try {
        written += await deliverMassMessage(ctx, options.reads, massId, options.onBatch);
      } catch (e) {
        log(`mass message ${massId}: ${(e as Error).message}`);
        if (!(e instanceof DomainError)) throw e;
      }
    }
    if (!periodic.stopped) written += await deliverToLaterSubscribers(ctx, options.reads);
    return written;
  };
  const periodic = startPeriodicPass({ name: 'delivery', pass, intervalMs: options.intervalMs ?? 5_000, log, timer: options.timer });
  return periodic;
}
