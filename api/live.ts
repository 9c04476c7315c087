// Live streaming wiring (issue 15): the commands' dependencies from the services, what the read models say about a
// viewer (ViewerFacts), and the live supervisor — a pass every few seconds and on the events that end a viewer's
// access (block, logout, deletion, a membership taken back), which revokes tokens and bills one-to-one minutes.
import { commandContext, type CommandContext } from '../commands/handle';
import { currentSession, revokeViewer, superviseLive, type LiveCaller, type LiveDeps, type LiveSupervisorReads } from '../commands/live';
import { walletBalance } from '../commands/payment/wallet-stream';
import type { LiveLeaveReason, ViewerFacts } from '../domain/live/live-session';
import { findMember } from '../projections/members';
import { findSubscriber, statusOfRow } from '../projections/subscribers';
import type { RecordedEvent } from '../infra/eventstore/port';
import type { LiveJoinPolicy } from '../infra/live/port';
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
  return { liveMedia: services.liveMedia, gateway: services.gateway, places: services.places, storage: services.storage, host, log: (m) => console.warn(m) };
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
