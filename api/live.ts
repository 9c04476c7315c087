// Live streaming wiring: the commands' dependencies from the services, what the read models say about a
// viewer (ViewerFacts), presence (what the relay sees of media connections, turned into the session's events, and
// the end of a session when its publisher's grace runs out), and the live supervisor — a pass every few seconds and
// on the events that end a viewer's access (block, logout, deletion, a membership taken back), which revokes tokens,
// ends sessions nobody publishes and bills one-to-one minutes.
import { commandContext, type CommandContext } from '../commands/handle';
import {
  currentSession, endIfPublisherGone, liveMediaLost, liveMediaUp, revokeViewer, superviseLive, type LiveCaller, type LiveDeps, type LiveSupervisorReads, type MediaConnection,
} from '../commands/live';
import { walletBalance } from '../commands/payment/wallet-stream';
import type { LiveLeaveReason, ViewerFacts } from '../domain/live/live-session';
import { findMember } from '../projections/members';
import { findSubscriber, statusOfRow } from '../projections/subscribers';
import type { RecordedEvent } from '../infra/eventstore/port';
import type { LiveJoinPolicy, LiveMediaConnection, LivePresence } from '../infra/live/port';
import type { Stops } from './stops';
import type { Caller } from './auth';
import type { Services } from './services';

export function liveDeps(services: Services): LiveDeps {
  const host = (() => {
    try {
      return new URL(services.config.FANCLUB_PUBLIC_URL ?? `http://localhost:${services.config.PORT}`).host;
    } catch {
      return 'fanclub';
    }
  })();
  const presence = services.livePresence as LocalPresence | undefined;
  return {
    liveMedia: services.liveMedia, gateway: services.purchases.gateway, places: services.places, kinds: services.purchases.kinds, cardFormFields: services.purchases.cardFormFields, storage: services.storage, host, log: (m) => console.warn(m),
    ...(presence?.lastSeenOf ? { lastSeenOf: presence.lastSeenOf } : {}),
  };
}

/** This process' presence: what the relay reports, plus when the connections it relays last answered. */
export type LocalPresence = LivePresence & { lastSeenOf(tokens: string[]): string | null };

/**
 * Presence (set on the services for the relay): a media connection that comes up or is lost becomes the session's
 * event, one report at a time in the order they came; a lost publisher's grace is timed here and the session ends
 * when it runs out (the supervisor's pass ends it too, should this process go away meanwhile). A connection lost
 * by its socket closing or the media server hanging it up was alive until then; one whose heartbeat went unanswered
 * was last seen at its last answer.
 */
export function livePresence(services: Services, stops?: Stops): LocalPresence {
  const system = () => commandContext(services.store, { userId: null, role: 'system' }, services.clock);
  const now = () => services.clock().toISOString();
  /** token → handle → the last time it answered. */
  const seen = new Map<string, Map<string, string>>();
  const graceTimers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (what: string, fn: () => Promise<unknown>) => {
    if (stopped) return;
    chain = chain.then(fn).catch((e) => console.error(`[live] presence (${what}) failed:`, e));
  };
  const asCommand = (c: LiveMediaConnection): MediaConnection => ({ room: c.room, userId: c.userId, token: c.token, role: c.ptype === 'publisher' ? 'publisher' : 'viewer', handle: c.handle });
  const note = (c: LiveMediaConnection, at: string) => {
    const handles = seen.get(c.token) ?? new Map<string, string>();
    handles.set(c.handle, at);
    seen.set(c.token, handles);
  };
  const endAfterGrace = (graceUntil: string) => {
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      // The recording is handed to the library in the background: other reports do not wait for it.
      serial('grace', async () => void (await endIfPublisherGone(system(), liveDeps(services))).recording);
    }, Math.max(0, Date.parse(graceUntil) - services.clock().getTime()) + 50);
    timer.unref();
    graceTimers.add(timer);
  };
  stops?.add('liveSupervisor', async () => {
    stopped = true;
    for (const t of graceTimers) clearTimeout(t);
    await chain;
  });
  return {
    connected(c) {
      note(c, now());
      serial('up', () => liveMediaUp(system(), asCommand(c)));
    },
    alive(c) {
      note(c, now());
    },
    lost(c, cause) {
      const at = now();
      const lastSeenAt = cause === 'heartbeat' ? seen.get(c.token)?.get(c.handle) ?? at : at;
      const handles = seen.get(c.token);
      handles?.delete(c.handle);
      if (handles && handles.size === 0) seen.delete(c.token);
      serial('lost', async () => {
        const r = await liveMediaLost(system(), liveDeps(services), asCommand(c), { cause, lastSeenAt });
        if (r.graceUntil) endAfterGrace(r.graceUntil);
      });
    },
    lastSeenOf(tokens) {
      // A token is alive while any of its connections is; the horizon is the least alive of the tokens.
      let earliest: string | null = null;
      for (const t of tokens) {
        const handles = seen.get(t);
        if (!handles || handles.size === 0) return null;
        const latest = [...handles.values()].reduce((a, b) => (a > b ? a : b));
        if (!earliest || latest < earliest) earliest = latest;
      }
      return earliest;
    },
  };
}

export const liveCaller = (c: Caller): LiveCaller => ({ userId: c.userId, name: c.name, role: c.role, proxy: !!c.proxyAdminId });

export async function viewerFacts(services: Services, ctx: CommandContext, c: Caller): Promise<ViewerFacts> {
  const db = services.database.db;
  const now = services.clock().toISOString();
  const [sub, member, balance] = await Promise.all([findSubscriber(db, c.userId), findMember(db, c.userId), walletBalance(ctx, c.userId)]);
  const status = statusOfRow(sub, now);
  return {
    userId: c.userId, name: c.name, role: c.role, proxy: !!c.proxyAdminId, subscribed: status === '1' || status === '2',
    blocked: c.blocked || !!member.blocked, walletBalanceCents: balance,
  };
}

export function liveSupervisorReads(services: Services, ctx: CommandContext): LiveSupervisorReads {
  const db = services.database.db;
  return {
    async lapsedViewers(userIds, nowIso) {
      const out: Array<{ userId: string; reason: LiveLeaveReason }> = [];
      for (const userId of userIds) {
        const member = await findMember(db, userId);
        if (member.blocked || member.deleted) out.push({ userId, reason: 'blocked' });
        else {
          const status = statusOfRow(await findSubscriber(db, userId), nowIso);
          if (status !== '1' && status !== '2') out.push({ userId, reason: 'subscription_ended' });
        }
      }
      return out;
    },
    walletBalanceCents: (userId) => walletBalance(ctx, userId),
  };
}

/** Events after which a viewer loses their tokens at once (the pass would find most of them a few seconds later). */
const ACCESS_ENDING: Record<string, LiveLeaveReason> = {
  MemberBlocked: 'blocked',
  MemberDeleted: 'blocked',
  UserLoggedOut: 'logged_out',
  SubscriptionRevoked: 'subscription_ended',
};

export interface LiveSupervisor {
  /** One pass now (tests call it with a moved clock). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** Started by the server; `intervalMs` 0 or `timer: false`: no timer (tests call tick()). */
export function startLiveSupervisor(services: Services, options: { intervalMs?: number; timer?: boolean } = {}): LiveSupervisor {
  const system = () => commandContext(services.store, { userId: null, role: 'system' }, services.clock);
  let running: Promise<void> = Promise.resolve();
  const serial = (fn: () => Promise<void>) => (running = running.then(fn, fn).catch((e) => console.error('[live] supervisor pass failed:', e)));
  const tick = () =>
    serial(async () => {
      if (!services.liveMedia.status().available) return;
      const ctx = system();
      await superviseLive(ctx, liveDeps(services), liveSupervisorReads(services, ctx));
    });
  const interval = options.intervalMs ?? 10_000;
  const timer = options.timer === false || interval <= 0 ? null : setInterval(() => void tick(), interval);
  timer?.unref();
  // Access that ends (cancelled, blocked, deleted…) drops the viewer at once; the runner hands on what it applied,
  // so `$all` is not read a second time for this.
  const unfollow = services.runner.onApplied(async (events: RecordedEvent[]) => {
    for (const e of events) {
      const reason = Object.hasOwn(ACCESS_ENDING, e.type) ? ACCESS_ENDING[e.type] : undefined;
      const userId = (e.data as { userId?: unknown }).userId;
      if (reason && typeof userId === 'string') await serial(() => revokeViewer(system(), liveDeps(services), userId, null, reason).then(() => {}));
    }
  });
  return {
    tick,
    async stop() {
      unfollow();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/**
 * The relay asks before every join (infra/live/port.ts LiveJoinPolicy): the room must be the session on air's; a
 * publisher join needs the session's publisher with the publisher token; a viewer join needs a token the session
 * issued to this very caller (a token handed to someone else, or guessed, gets nothing).
 */
export function liveJoinPolicy(services: Services): LiveJoinPolicy {
  return async (caller, join) => {
    const s = await currentSession(commandContext(services.store, { userId: caller.userId, role: caller.role }, services.clock));
    if (!s || s.room?.room !== join.room) return 'No live stream is running.';
    if (join.ptype === 'publisher') return caller.userId === s.publisherId && join.token === s.publisherToken ? null : 'Only the publisher of a live stream can publish.';
    if (join.token === s.publisherToken && caller.userId === s.publisherId) return null;
    return s.tokens[join.token]?.userId === caller.userId ? null : 'This stream token is not yours.';
  };
}
