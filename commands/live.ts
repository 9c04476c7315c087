// Live streaming commands: start (a room on the media server with recording
// on, the publisher's token), stream data, viewer tokens (add / remove; every way a viewer loses access), comments,
// tips (the one tip kind, tipFrom 'live', card or wallet), stop (room destroyed, tokens revoked, the recording into
// the media library), presence (a media connection up or lost, as the relay saw it; the end of a session whose
// publisher is gone), and the supervisor's pass (per-minute billing, subscriptions that ended).
//
// The media server is reached only through its port (infra/live/port.ts). The session's events are written before
// the media server is told to let someone in, and the media server is told to let someone out after the events
// say so: a crash in between leaves a token that the events already revoked, and the stop (or the next pass)
// disallows it again; never the other way round.
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import {
  LIVE_PRESENCE_LAG_MS, LIVE_PUBLISHER_ROLES, LIVE_STUDIO_STREAM, NOT_A_PUBLISHER, NO_LIVE_STREAM, LIVE_DISABLED, billingRoom, checkLiveTip, liveSessionDecider,
  liveSessionStream, liveStudioDecider, publisherGone, recordingNameOf, sameSession, unconnectedTokens, unpaidMinutes, type LiveLeaveReason, type LiveLossCause, type LiveSessionState,
  type LiveStopReason, type ViewerFacts,
} from '../domain/live/live-session';
import type { LiveMediaServer, LiveRoom } from '../infra/live/port';
import type { CardGateway } from '../infra/payments/port';
import type { PlaceLookup } from '../infra/geo/port';
import type { AppStorage as FileStorage } from '../infra/storage/port';
import { handle, loadStream, type CommandContext } from './handle';
import { loadSettings } from './settings';
import { sendTipByCard, sendTipFromWallet } from './tips';
import { registerUpload, stagingKey } from './content';
import { pay } from './payment/pay';
import type { PurchaseKinds } from './payment/kind';
import { liveMinutePurchase } from './payment/kinds/live-minute';
import type { CardChoice, CardDeps } from './cards';
import type { PaymentState } from '../domain/payment/payment';

export interface LiveDeps {
  liveMedia: LiveMediaServer;
  gateway: CardGateway;
  /** A card typed for a tip has its billing address checked against these. */
  places: PlaceLookup;
  /** The purchase kinds' registry (a tip, a delivered minute). */
  kinds: PurchaseKinds;
  /** The billing fields the card form asks (commands/cards.ts CardDeps). */
  cardFormFields?: CardDeps['cardFormFields'];
  /** Where the recording goes (the media library's storage). */
  storage?: FileStorage;
  /** The site's host, for the recording's name. */
  host: string;
  log?: (message: string) => void;
  /**
   * When the media connections holding these tokens were last known alive (answered a heartbeat), the earliest of
   * them; null when one of them is not connected through this process (then only the clock and the presence lag tell).
   */
  lastSeenOf?: (tokens: string[]) => string | null;
}

/** A caller as the commands see them. */
export interface LiveCaller {
  userId: string;
  name: string;
  role: Role;
  proxy: boolean;
}

const newToken = () => randomBytes(24).toString('base64url');
export const newTabToken = () => randomBytes(6).toString('hex');

/** The session on air (its state), or null. */
export async function currentSession(ctx: CommandContext): Promise<LiveSessionState | null> {
  const studio = await loadStream(ctx.store, LIVE_STUDIO_STREAM, liveStudioDecider);
  const cur = studio.state.current;
  if (!cur) return null;
  const { state } = await loadStream(ctx.store, liveSessionStream(cur.sessionId), liveSessionDecider);
  return state.status === 'live' ? state : null;
}

async function requireCurrent(ctx: CommandContext): Promise<LiveSessionState> {
  const s = await currentSession(ctx);
  if (!s) throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
  return s;
}

const roomOf = (s: LiveSessionState): LiveRoom => s.room!;

export interface LiveStarted {
  sessionId: string;
  isGroup: boolean;
  fanId: string | null;
  room: number;
  pin: string;
  streamToken: string;
  tabToken: string;
  startedAt: string;
  /** The same session was already running (a reload): its tokens are answered again. */
  resumed: boolean;
}

/**
 * Goes live: the rules first (role, enable_live_streaming, the studio free or this very session), then a room
 * with recording on, the studio and the session's events, then the publisher's token on the room's allowed list.
 */
export async function startLive(ctx: CommandContext, deps: LiveDeps, caller: LiveCaller, input: { isGroup: boolean; fanId: string | null; tabToken?: string }): Promise<LiveStarted> {
  if (!LIVE_PUBLISHER_ROLES.includes(caller.role) || caller.proxy) throw new DomainError(NOT_A_PUBLISHER, 'NOT_A_PUBLISHER', 403);
  const settings = await loadSettings(ctx.store);
  if (!settings.enable_live_streaming) throw new DomainError(LIVE_DISABLED, 'LIVE_DISABLED', 403);
  const next = { isGroup: input.isGroup, fanId: input.isGroup ? null : input.fanId, publisherId: caller.userId };
  const running = await currentSession(ctx);
  if (running && sameSession({ sessionId: running.sessionId, isGroup: running.isGroup, fanId: running.fanId, publisherId: running.publisherId }, next)) {
    return answerStarted(running, true);
  }
  // Refused before a room is made when the studio is busy (the decider says it again under the lock below).
  const studio = await loadStream(ctx.store, LIVE_STUDIO_STREAM, liveStudioDecider);
  const sessionId = ctx.idFor('live-session');
  const onAir = { sessionId, isGroup: next.isGroup, fanId: next.fanId, publisherId: caller.userId };
  liveStudioDecider.decide({ type: 'TakeStudio', next: onAir, currentIsOver: !running, at: ctx.now() }, studio.state);
  const recordingName = recordingNameOf(deps.host, sessionId);
  const room = await deps.liveMedia.createRoom({ description: `${next.isGroup ? 'Group live' : 'Go Live'} ${sessionId}`, record: true, recordingName, maxPublishers: 1 });
  try {
    // The studio's session is over only if it is still the stale one seen above (a racer's new session is not).
    const stale = running ? null : studio.state.current?.sessionId ?? null;
    const taken = await handle(ctx, LIVE_STUDIO_STREAM, liveStudioDecider, (state) => ({ type: 'TakeStudio' as const, next: onAir, currentIsOver: !state.current || state.current.sessionId === stale, at: ctx.now() }));
    if (taken.events.length === 0) {
      // Another request started this very session meanwhile: answer that one.
      await deps.liveMedia.destroyRoom(room).catch(() => {});
      return answerStarted(await requireCurrent(ctx), true);
    }
    const publisherToken = newToken();
    const tabToken = input.tabToken ?? newTabToken();
    const r = await handle(ctx, liveSessionStream(sessionId), liveSessionDecider, {
      type: 'StartSession', sessionId, isGroup: next.isGroup, fanId: next.fanId, publisherId: caller.userId, publisherName: caller.name, publisherRole: caller.role,
      liveEnabled: settings.enable_live_streaming, room, recordingName, tabToken, publisherToken,
      pricePerMinuteCents: next.isGroup ? 0 : settings.live_price_per_minute_cents, at: ctx.now(),
    });
    await deps.liveMedia.allow(room, [publisherToken]);
    return answerStarted(r.state, false);
  } catch (e) {
    // Nothing of this session may stay on the media server when it did not start.
    const written = await loadStream(ctx.store, liveSessionStream(sessionId), liveSessionDecider);
    if (written.state.status === 'none') {
      await deps.liveMedia.destroyRoom(room).catch(() => {});
      await handle(ctx, LIVE_STUDIO_STREAM, liveStudioDecider, { type: 'ReleaseStudio', sessionId, at: ctx.now() }).catch(() => {});
    }
    throw e;
  }
}

function answerStarted(s: LiveSessionState, resumed: boolean): LiveStarted {
  return { sessionId: s.sessionId, isGroup: s.isGroup, fanId: s.fanId, room: s.room!.room, pin: s.room!.pin, streamToken: s.publisherToken, tabToken: s.tabToken, startedAt: s.startedAt, resumed };
}

export async function setStreamData(ctx: CommandContext, caller: LiveCaller, input: { room: number; pubId: string; pubPvtId: string }) {
  const s = await requireCurrent(ctx);
  await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'SetStreamData', by: caller.userId, ...input, at: ctx.now() });
  return { sessionId: s.sessionId };
}

export interface ViewerToken {
  sessionId: string;
  isGroup: boolean;
  streamToken: string;
  room: number;
  pin: string;
  publisherName?: string;
  /** The publisher's Janus feed to subscribe to (null until set_stream_data). */
  pubId: string | null;
}

/**
 * add_token: an entitled viewer gets a token of their own (one per tab), then the media server allows it. The fan of a
 * billed one-to-one names the price per minute they confirmed.
 */
export async function addViewerToken(ctx: CommandContext, deps: LiveDeps, facts: ViewerFacts, confirmedPriceCents: number | null = null): Promise<ViewerToken> {
  const s = await requireCurrent(ctx);
  const token = newToken();
  await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'AddViewer', viewer: facts, token, at: ctx.now(), confirmedPriceCents });
  try {
    await deps.liveMedia.allow(roomOf(s), [token]);
  } catch (e) {
    await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'RemoveViewer', userId: facts.userId, token, reason: 'left', at: ctx.now() });
    throw e;
  }
  return { sessionId: s.sessionId, isGroup: s.isGroup, streamToken: token, room: s.room!.room, pin: s.room!.pin, pubId: s.streamData?.pubId ?? null };
}

/**
 * Takes a viewer's token(s) away (one tab's, or all of theirs) in the events, then on the media server (which also
 * kicks whoever joined with them). No running session, or no such token: nothing to do.
 */
export async function revokeViewer(ctx: CommandContext, deps: Pick<LiveDeps, 'liveMedia' | 'log' | 'gateway' | 'places' | 'kinds'>, userId: string, token: string | null, reason: LiveLeaveReason): Promise<{ revoked: string[] }> {
  const s = await currentSession(ctx);
  if (!s) return { revoked: [] };
  const r = await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'RemoveViewer', userId, token, reason, at: ctx.now() });
  const revoked = r.events.flatMap((e) => (e.type === 'LiveViewerLeft' ? e.data.tokens : []));
  if (revoked.length) await deps.liveMedia.disallow(roomOf(s), revoked).catch((e) => deps.log?.(`[live] disallow failed (the room may be gone): ${(e as Error).message}`));
  // Leaving ends the call time: the whole minutes it held were delivered now and are paid for.
  if (r.events.some((e) => e.type === 'LiveMinuteDelivered')) await payDeliveredMinutes(ctx, deps, s.sessionId);
  return { revoked };
}

export async function postLiveComment(ctx: CommandContext, caller: LiveCaller, message: string): Promise<{ sessionId: string; commentId: string }> {
  const s = await requireCurrent(ctx);
  const commentId = ctx.idFor('comment');
  await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, {
    type: 'PostComment', commentId, userId: caller.userId, name: caller.name, role: caller.role, proxy: caller.proxy, message, at: ctx.now(),
  });
  return { sessionId: s.sessionId, commentId };
}

export interface LiveTipResult {
  sessionId: string;
  tipId: string;
  payment: PaymentState;
  accepted: boolean;
  totalCents: number;
  balanceCents?: number;
}

/**
 * A tip in a live stream: the live rules (watching, anonymous only in group, bounds) before anything is
 * written, then the one tip process (tipFrom 'live'; card or wallet) with the session noting the offer before the
 * money moves; once captured — now, or later by the provider's notice — the tip kind's grant has the session record
 * it and its running total (SET_TIP_AMOUNT to the publisher).
 */
export async function sendLiveTip(
  ctx: CommandContext, deps: LiveDeps, caller: LiveCaller,
  input: { amountCents: number; isAnonymous: boolean; message: string; method: 'card'; card: CardChoice } | { amountCents: number; isAnonymous: boolean; message: string; method: 'wallet' },
): Promise<LiveTipResult> {
  const s = await requireCurrent(ctx);
  const settings = await loadSettings(ctx.store);
  checkLiveTip(s, { userId: caller.userId, role: caller.role, proxy: caller.proxy, amountCents: input.amountCents, isAnonymous: input.isAnonymous, bounds: { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount } });
  const tipId = ctx.idFor('tip');
  const isAnonymous = input.isAnonymous && s.isGroup;
  const offer = async (id: string) => {
    await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'OfferTip', tipId: id, userId: caller.userId, name: caller.name, amountCents: input.amountCents, isAnonymous, at: ctx.now() });
  };
  const tip = { userId: caller.userId, role: caller.role, amountCents: input.amountCents, message: input.message, tipFrom: 'live' as const, isAnonymous, tipId, live: { sessionId: s.sessionId, offer } };
  let sent: { tipId: string; payment: PaymentState; balanceCents?: number };
  const tipDeps = { gateway: deps.gateway, places: deps.places, kinds: deps.kinds, cardFormFields: deps.cardFormFields };
  if (input.method === 'card') sent = await sendTipByCard(ctx, tipDeps, { ...tip, card: input.card });
  else sent = await sendTipFromWallet(ctx, tipDeps, tip);
  // The capture's grant recorded it in the session (RecordTip): the total as it stands now.
  const accepted = sent.payment.status === 'captured';
  const totalCents = (await loadStream(ctx.store, liveSessionStream(s.sessionId), liveSessionDecider)).state.tipsCents;
  return { sessionId: s.sessionId, tipId: sent.tipId, payment: sent.payment, accepted, totalCents, ...(sent.balanceCents !== undefined ? { balanceCents: sent.balanceCents } : {}) };
}

/**
 * Ends the session on air: the events (every token revoked, the studio free), then the media server (room
 * destroyed with its allowed list), then the recording — handed to the media library in the background (`recording`).
 */
export async function stopLive(
  ctx: CommandContext, deps: LiveDeps, caller: { userId: string | null; role: Role | null }, reason: LiveStopReason,
): Promise<{ sessionId: string; stopped: boolean; recording: Promise<void> }> {
  const s = await requireCurrent(ctx);
  // Someone other than the publisher ending it (an admin) is recorded as staff.
  const why: LiveStopReason = reason === 'publisher' && caller.userId !== s.publisherId ? 'staff' : reason;
  const r = await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, (state) => ({
    type: 'StopSession' as const, by: caller.userId, role: caller.role, reason: why, at: ctx.now(), billUpTo: presenceHorizon(state, ctx.now(), deps),
  }));
  const { recording } = await afterStop(ctx, deps, r.state);
  await payDeliveredMinutes(ctx, deps, s.sessionId);
  return { sessionId: s.sessionId, stopped: r.events.length > 0, recording };
}

/**
 * Up to when both sides of a billed call are known to have been connected: the last heartbeat their connections
 * answered here, or, when a connection goes through another process, the clock less the time a loss takes to show.
 */
export function presenceHorizon(s: LiveSessionState, at: string, deps: Pick<LiveDeps, 'lastSeenOf'>): string {
  const lagged = new Date(Date.parse(at) - LIVE_PRESENCE_LAG_MS).toISOString();
  const tokens = [s.publisherToken, ...Object.keys(s.tokens).filter((t) => s.tokens[t].userId === s.fanId && s.tokens[t].connectedAt)];
  const seen = deps.lastSeenOf?.(tokens) ?? null;
  if (!seen) return lagged;
  return seen < at ? seen : at;
}

/** A media connection as the relay reports it. */
export interface MediaConnection {
  room: number;
  userId: string;
  token: string;
  role: 'publisher' | 'viewer';
  /** Its handle on the media server. */
  handle: string;
}

/** A publisher's or a viewer tab's media connection came up (the media server said so). Another room's: nothing. */
export async function liveMediaUp(ctx: CommandContext, c: MediaConnection): Promise<void> {
  const s = await currentSession(ctx);
  if (!s || s.room?.room !== c.room) return;
  await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'ConnectMedia', role: c.role, userId: c.userId, token: c.token, handle: c.handle, at: ctx.now() });
}

/**
 * A media connection was lost (last known alive at `lastSeenAt`): a viewer's tab leaves at once (its token is taken
 * off the room, the whole minutes it watched are paid for); a publisher gets the grace — answered with when it ends
 * (null: nothing changed, or another of their connections is up).
 */
export async function liveMediaLost(
  ctx: CommandContext, deps: LiveDeps, c: MediaConnection, lost: { cause: LiveLossCause; lastSeenAt: string },
): Promise<{ graceUntil: string | null }> {
  const s = await currentSession(ctx);
  if (!s || s.room?.room !== c.room) return { graceUntil: null };
  const r = await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, {
    type: 'LoseMedia', role: c.role, userId: c.userId, token: c.token, handle: c.handle, cause: lost.cause, lastSeenAt: lost.lastSeenAt, at: ctx.now(),
  });
  const revoked = r.events.flatMap((e) => (e.type === 'LiveViewerLeft' ? e.data.tokens : []));
  if (revoked.length) await deps.liveMedia.disallow(roomOf(s), revoked).catch((e) => deps.log?.(`[live] disallow failed (the room may be gone): ${(e as Error).message}`));
  if (r.events.some((e) => e.type === 'LiveMinuteDelivered')) await payDeliveredMinutes(ctx, deps, s.sessionId);
  const gone = r.events.find((e) => e.type === 'LivePublisherLost');
  return { graceUntil: gone?.type === 'LivePublisherLost' ? gone.data.graceUntil : null };
}

/** Ends the session on air when nobody publishes any more (the grace ran out, or the publisher never came on air). */
export async function endIfPublisherGone(ctx: CommandContext, deps: LiveDeps): Promise<{ stopped: boolean; recording: Promise<void> }> {
  const s = await currentSession(ctx);
  if (!s || !publisherGone(s, ctx.now())) return { stopped: false, recording: Promise.resolve() };
  const r = await handle(ctx, liveSessionStream(s.sessionId), liveSessionDecider, { type: 'EndIfPublisherGone', at: ctx.now() });
  if (r.events.length === 0) return { stopped: false, recording: Promise.resolve() };
  const { recording } = await afterStop(ctx, deps, r.state);
  return { stopped: true, recording };
}

/** What follows a stop, whoever stopped it (the publisher, staff, the wallet running dry): idempotent. */
export async function afterStop(ctx: CommandContext, deps: LiveDeps, s: LiveSessionState): Promise<{ recording: Promise<void> }> {
  await handle(ctx, LIVE_STUDIO_STREAM, liveStudioDecider, { type: 'ReleaseStudio', sessionId: s.sessionId, at: ctx.now() });
  const room = roomOf(s);
  await deps.liveMedia.destroyRoom(room).catch((e) => deps.log?.(`[live] destroying room ${room.room} failed: ${(e as Error).message}`));
  return { recording: finishRecording(ctx, deps, s).catch((e) => deps.log?.(`[live] recording of ${s.sessionId} not kept: ${(e as Error).message}`)) };
}

/** The recording (janus-pp-rec + ffmpeg, by the port) becomes the creator's media in the library (a video upload). */
async function finishRecording(ctx: CommandContext, deps: LiveDeps, s: LiveSessionState): Promise<void> {
  if (s.recorded) return;
  const file = await deps.liveMedia.finishRecording(s.recordingName).catch((e) => {
    throw new Error(`finishRecording: ${(e as Error).message}`);
  });
  const stream = liveSessionStream(s.sessionId);
  if (!file) {
    await handle(ctx, stream, liveSessionDecider, { type: 'RecordRecordingMissing', reason: 'Nothing was recorded.', at: ctx.now() });
    return;
  }
  let mediaId: string | null = null;
  if (deps.storage) {
    const fileName = `${s.recordingName}.mp4`;
    const key = stagingKey(`live-${s.sessionId}`, fileName);
    await deps.storage.putStream(key, createReadStream(file.path), file.bytes);
    mediaId = (await registerUpload(ctx, deps.storage, { stagingKey: key, fileName, contentType: 'video/mp4', uploadedBy: s.publisherId }, { processInline: false })).mediaId;
  }
  await handle(ctx, stream, liveSessionDecider, { type: 'RecordRecording', mediaId, path: file.path, bytes: file.bytes, durationSeconds: file.durationSeconds, at: ctx.now() });
}

/** What the supervisor needs to know about the viewers of the session on air. */
export interface LiveSupervisorReads {
  /** The fans among `userIds` who may no longer watch: subscription ended, blocked or deleted. */
  lapsedViewers(userIds: string[], nowIso: string): Promise<Array<{ userId: string; reason: LiveLeaveReason }>>;
  walletBalanceCents(userId: string): Promise<number>;
}

/**
 * One pass of the supervisor (every few seconds, and on the events that end a viewer's access): viewers whose
 * subscription ended or who were blocked lose their tokens; viewer tabs that never connected in time leave; a
 * publisher the media server no longer has is lost; a
 * session nobody publishes any more ends; a billed one-to-one bills its delivered minutes and ends cleanly when the
 * wallet cannot pay the next one.
 */
export async function superviseLive(ctx: CommandContext, deps: LiveDeps, reads: LiveSupervisorReads): Promise<void> {
  const s = await currentSession(ctx);
  if (!s) return;
  const fans = [...new Set(Object.values(s.tokens).filter((v) => !v.staff).map((v) => v.userId))];
  if (fans.length) for (const lapsed of await reads.lapsedViewers(fans, ctx.now())) await revokeViewer(ctx, deps, lapsed.userId, null, lapsed.reason);
  await checkPublisherOnMediaServer(ctx, deps, s);
  await dropUnconnected(ctx, deps, s.sessionId);
  const ended = await endIfPublisherGone(ctx, deps);
  if (ended.stopped) return void (await ended.recording);
  if (!s.isGroup && s.pricePerMinuteCents > 0 && s.fanId) await billMinutes(ctx, deps, s.sessionId, s.fanId, reads);
}

/** Viewer tabs that never connected their media in the time they had leave (a browser that died before it could). */
async function dropUnconnected(ctx: CommandContext, deps: LiveDeps, sessionId: string) {
  const { state } = await loadStream(ctx.store, liveSessionStream(sessionId), liveSessionDecider);
  if (unconnectedTokens(state, ctx.now()).length === 0) return;
  const r = await handle(ctx, liveSessionStream(sessionId), liveSessionDecider, { type: 'DropUnconnected', at: ctx.now() });
  const revoked = r.events.flatMap((e) => (e.type === 'LiveViewerLeft' ? e.data.tokens : []));
  if (revoked.length) await deps.liveMedia.disallow(roomOf(state), revoked).catch((e) => deps.log?.(`[live] disallow failed (the room may be gone): ${(e as Error).message}`));
}

/**
 * The session believes its publisher is connected, but the media server's room has nobody publishing (a process that
 * relayed them went away without reporting it): every publisher connection counts as lost now.
 */
async function checkPublisherOnMediaServer(ctx: CommandContext, deps: LiveDeps, s: LiveSessionState) {
  if (s.publisherHandles.length === 0) return;
  const participants = await deps.liveMedia.listParticipants(roomOf(s)).catch(() => null);
  if (!participants || participants.some((p) => p.publisher)) return;
  const lastSeenAt = new Date(Date.parse(ctx.now()) - LIVE_PRESENCE_LAG_MS).toISOString();
  for (const handleId of s.publisherHandles)
    await liveMediaLost(ctx, deps, { room: s.room!.room, userId: s.publisherId, token: s.publisherToken, role: 'publisher', handle: handleId }, { cause: 'left', lastSeenAt });
}

/**
 * Per-minute billing (one-to-one with a price): the session delivers the whole minutes of call time that ended by the
 * presence horizon (no more than the wallet covers), then each delivered minute is one wallet payment through the
 * one payment process (kind 'live_minute', id live-<session>-minute-<n>, so a repeated pass never charges twice),
 * whose grant records LiveMinuteCharged. A debit that fails, or a wallet that cannot pay the minute under way, ends
 * the call cleanly (the minutes it cannot pay are not delivered).
 */
async function billMinutes(ctx: CommandContext, deps: LiveDeps, sessionId: string, fanId: string, reads: LiveSupervisorReads) {
  const stream = liveSessionStream(sessionId);
  const { state } = await loadStream(ctx.store, stream, liveSessionDecider);
  if (state.status !== 'live') return;
  const room = billingRoom(state, await reads.walletBalanceCents(fanId));
  const r = await handle(ctx, stream, liveSessionDecider, { type: 'DeliverMinutes', upTo: presenceHorizon(state, ctx.now(), deps), limit: room.limit, at: ctx.now() });
  const delivered = r.events.filter((e) => e.type === 'LiveMinuteDelivered').length;
  const paid = await payDeliveredMinutes(ctx, deps, sessionId);
  // While the call time is not running nothing is owed for the minute under way: the call goes on.
  if (paid && !(r.state.billing && room.stopAfter(delivered))) return;
  const stopped = await handle(ctx, stream, liveSessionDecider, { type: 'StopSession', by: null, role: null, reason: 'wallet_empty', at: ctx.now(), billUpTo: null });
  if (stopped.events.length) await (await afterStop(ctx, deps, stopped.state)).recording;
}

/** Pays every delivered minute not paid yet, in order; false when a payment was not captured (the wallet is dry). */
export async function payDeliveredMinutes(ctx: CommandContext, deps: Pick<LiveDeps, 'gateway' | 'places' | 'kinds'>, sessionId: string): Promise<boolean> {
  const { state } = await loadStream(ctx.store, liveSessionStream(sessionId), liveSessionDecider);
  if (!state.fanId) return true;
  for (const m of unpaidMinutes(state)) {
    const { payment } = await pay(ctx, deps, liveMinutePurchase, {
      userId: state.fanId, role: 'user', sessionId, minute: m.minute, paymentId: m.paymentId, amountCents: m.amountCents,
    }, { method: 'wallet' });
    if (payment.status !== 'captured') return false;
  }
  return true;
}
