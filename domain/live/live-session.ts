// Live streaming (issue 15; spec 3 §2.2, §4, §5, §6, §9; gaps LV-01..LV-33). Two aggregates:
//
//  - the studio (stream `live-studio`): which session is on air right now. One creator, one camera: at most one
//    session runs at a time. Starting while another runs is "Stream already started with another user."; starting
//    the same session again (same kind, same partner) resumes it (a publisher's reload).
//  - a live session (stream `live-session-<id>`): group (every subscriber may watch) or one-to-one (the invited fan
//    only). Its room on the media server, the publisher's token and tab token, the viewers' tokens (one per viewer
//    tab: a viewer with several connections holds several), comments, tips, per-minute billing, the stop and the
//    recording.
//
// Who may join is decided here, never by the media server's defaults: a token is issued only to an entitled viewer
// (group: a fan whose subscription status is '1' or '2', or staff; one-to-one: the invited fan) and is revoked when
// they leave, are removed, blocked, logged out, their subscription ends, their wallet runs dry, or the session stops.
//
// Decision on admins (LV-09): D3 §6 says "start for model and live_stream_manager"; D1 §6 says "Admins … can go
// live". Both hold here: model, live_stream_manager, admin and super_admin may publish. sub_admin, content_manager
// and support may not.
//
// Pure: times, ids, tokens and what the read models say about a viewer (subscribed, blocked, wallet) arrive in the
// command.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';
import { validateTip, type TipBounds } from '../tip/tip';
import { insufficientFunds } from '../pricing/pricing';

export const LIVE_STUDIO_STREAM = 'live-studio';
export const liveSessionStream = (sessionId: string) => `live-session-${sessionId}`;

// ---- the spec's texts (D3 §5, §8) and ours ---------------------------------------------------------------
export const STREAM_ALREADY_STARTED = 'Stream already started with another user.';
export const LIVE_MESSAGE_EMPTY = 'Please type message.';
export const liveMessageTooLong = (max: number) => `Maximum ${max} characters allowed.`;
export const GROUP_LIVE_MESSAGE_MAX = 500;
export const ONE_TO_ONE_LIVE_MESSAGE_MAX = 1000;
export const GROUP_LIVE_CONFIRM = 'You are about to start a Go Live Session with all online subscribers';
export const END_LIVE_CONFIRM = 'Are you sure that you want to end the Go Live session?';
export const CLOSE_LIVE_CONFIRM = 'Are you sure that you want to close the Go Live session?';
export const LIVE_CONNECTING = 'Go Live Stream is connecting...';
/** Live views default the tip amount to 5 (D3 §5, §9). */
export const LIVE_DEFAULT_TIP_DOLLARS = 5;
export const LIVE_DISABLED = 'Live streaming is turned off.';
export const NOT_A_PUBLISHER = 'Only the model or the live stream manager can go live.';
export const NO_LIVE_STREAM = 'No live stream is running.';
export const NOT_INVITED = 'This live stream is for another user.';
export const SUBSCRIBERS_ONLY = 'Only subscribers can join the live stream.';
export const NOT_IN_STREAM = 'Join the live stream first.';
export const ANONYMOUS_GROUP_ONLY = 'Anonymous tips are only possible in a group live stream.';
export const NO_COMMENT_BOX = 'The live stream manager does not comment in the live stream.';
export const ONLY_FANS_TIP = 'Only fans can send tips.';
export const LIVE_LOW_BALANCE = 'Your wallet balance is low. Please add funds to join the live stream.';

/** Who publishes (see the decision above). */
export const LIVE_PUBLISHER_ROLES: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin'];
/** Staff who may watch any session (group or one-to-one) without a subscription. */
export const LIVE_STAFF_VIEWER_ROLES: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin', 'sub_admin'];
/** Staff who see who sent an anonymous tip (D3 §6 "Admins see real names and images of anonymous tippers"). */
export const SEES_ANONYMOUS_TIPPERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
/** Staff who see the running tip total (D3 §6 "Model and live_stream_manager publish and see tip totals"; admins too). */
export const SEES_LIVE_TIP_TOTAL: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin', 'sub_admin'];

export const TAB_TOKEN = /^[0-9a-f]{12}$/;
export const MINUTE_MS = 60_000;

export type LiveLeaveReason = 'left' | 'removed' | 'blocked' | 'logged_out' | 'subscription_ended' | 'wallet_empty' | 'stopped';
export type LiveStopReason = 'publisher' | 'staff' | 'wallet_empty' | 'media_server';

export interface LiveRoomRef {
  room: number;
  secret: string;
  pin: string;
}

export interface LiveViewer {
  userId: string;
  name: string;
  /** Staff watching (admins, the model…): they get staff frames, never counted as paying viewers. */
  staff: boolean;
  joinedAt: string;
}

// ---- the studio -----------------------------------------------------------------------------------------

export interface OnAir {
  sessionId: string;
  isGroup: boolean;
  fanId: string | null;
  publisherId: string;
}

export type LiveStudioEvent =
  | DomainEvent<'LiveStudioTaken', OnAir & { at: string }>
  | DomainEvent<'LiveStudioReleased', { sessionId: string; at: string }>;

export type LiveStudioCommand =
  /** `currentIsOver`: the session on air has in fact stopped (or never got its first event: a crash mid-start). */
  | { type: 'TakeStudio'; next: OnAir; currentIsOver: boolean; at: string }
  | { type: 'ReleaseStudio'; sessionId: string; at: string };

export interface LiveStudioState {
  current: OnAir | null;
}

/** The same session asked for again: the same publisher, the same kind and, one-to-one, the same fan. */
export const sameSession = (a: OnAir, b: Pick<OnAir, 'isGroup' | 'fanId' | 'publisherId'>) =>
  a.publisherId === b.publisherId && a.isGroup === b.isGroup && (a.isGroup || a.fanId === b.fanId);

export const liveStudioDecider: Decider<LiveStudioCommand, LiveStudioEvent, LiveStudioState> = {
  initialState: () => ({ current: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'LiveStudioTaken': {
        const { at: _at, ...onAir } = event.data;
        return { current: onAir };
      }
      case 'LiveStudioReleased':
        return state.current?.sessionId === event.data.sessionId ? { current: null } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'TakeStudio': {
        const cur = state.current;
        if (cur && !command.currentIsOver) {
          // The publisher reloading the same session resumes it (the command answers the running session).
          if (sameSession(cur, command.next)) return [];
          throw new DomainError(STREAM_ALREADY_STARTED, 'STREAM_ALREADY_STARTED', 409, { sessionId: cur.sessionId });
        }
        return [{ type: 'LiveStudioTaken', data: { ...command.next, at: command.at } }];
      }
      case 'ReleaseStudio':
        if (state.current?.sessionId !== command.sessionId) return [];
        return [{ type: 'LiveStudioReleased', data: { sessionId: command.sessionId, at: command.at } }];
    }
  },
};

// ---- the session ----------------------------------------------------------------------------------------

interface Base {
  sessionId: string;
}

export type LiveSessionEvent =
  | DomainEvent<'LiveSessionStarted', Base & {
      isGroup: boolean; fanId: string | null; publisherId: string; publisherName: string; room: LiveRoomRef; recordingName: string;
      tabToken: string; publisherToken: string; pricePerMinuteCents: number; startedAt: string;
    }>
  /** `isGroup`, `fanId`, `viewerIds`: who is told the publisher's feed is up (viewers subscribe to `pubId`). */
  | DomainEvent<'LiveStreamDataSet', Base & { room: number; pubId: string; pubPvtId: string; isGroup?: boolean; fanId?: string | null; viewerIds?: string[]; setAt: string }>
  /** `viewerIds`: the fans watching after this join (frames go to them); `viewers`: distinct people watching. */
  | DomainEvent<'LiveViewerJoined', Base & { userId: string; name: string; staff: boolean; token: string; connections: number; viewers: number; viewerIds: string[]; joinedAt: string }>
  | DomainEvent<'LiveViewerLeft', Base & { userId: string; tokens: string[]; reason: LiveLeaveReason; connections: number; viewers: number; viewerIds: string[]; leftAt: string }>
  | DomainEvent<'LiveCommentPosted', Base & { commentId: string; userId: string; name: string; fromAdmin: boolean; message: string; isGroup: boolean; viewerIds: string[]; postedAt: string }>
  /**
   * A fan offered a tip in this session: recorded before any money moves, so that whenever the payment is captured (at
   * once, or later by the card provider's notice or the payment recovery) the session knows whose tip it is.
   */
  | DomainEvent<'LiveTipOffered', Base & { tipId: string; userId: string; name: string; amountCents: number; isAnonymous: boolean; offeredAt: string }>
  /** A live tip whose payment was captured (the tip itself is `tip-<tipId>`, tipFrom 'live'). */
  | DomainEvent<'LiveTipReceived', Base & { tipId: string; userId: string; name: string; amountCents: number; isAnonymous: boolean; totalCents: number; isGroup: boolean; viewerIds: string[]; receivedAt: string }>
  /** One delivered minute of a one-to-one session billed to the fan's wallet (the debit is `paymentId`'s). */
  | DomainEvent<'LiveMinuteCharged', Base & { fanId: string; minute: number; paymentId: string; amountCents: number; from: string; to: string; chargedAt: string }>
  | DomainEvent<'LiveSessionStopped', Base & {
      reason: LiveStopReason; by: string | null; isGroup: boolean; fanId: string | null; publisherId: string;
      /** Every token that could still join (viewers' and the publisher's): the command disallows them. */
      tokens: string[]; viewerIds: string[]; durationSeconds: number; stoppedAt: string;
    }>
  | DomainEvent<'LiveRecordingReady', Base & { mediaId: string | null; path: string; bytes: number; durationSeconds: number; readyAt: string }>
  | DomainEvent<'LiveRecordingMissing', Base & { reason: string; at: string }>;

export interface LiveStartInput {
  sessionId: string;
  isGroup: boolean;
  fanId: string | null;
  publisherId: string;
  publisherName: string;
  publisherRole: Role;
  liveEnabled: boolean;
  room: LiveRoomRef;
  recordingName: string;
  tabToken: string;
  publisherToken: string;
  pricePerMinuteCents: number;
  at: string;
}

/** What the read models say about someone who asks to watch. */
export interface ViewerFacts {
  userId: string;
  name: string;
  role: Role;
  /** A proxy view of a fan (an admin behind it): watches nothing, pays nothing. */
  proxy: boolean;
  /** Subscription status '1' or '2'. */
  subscribed: boolean;
  blocked: boolean;
  walletBalanceCents: number;
}

export type LiveSessionCommand =
  | ({ type: 'StartSession' } & LiveStartInput)
  | { type: 'SetStreamData'; by: string; room: number; pubId: string; pubPvtId: string; at: string }
  | { type: 'AddViewer'; viewer: ViewerFacts; token: string; at: string }
  | { type: 'RemoveViewer'; userId: string; token: string | null; reason: LiveLeaveReason; at: string }
  | { type: 'PostComment'; commentId: string; userId: string; name: string; role: Role; proxy: boolean; message: string; at: string }
  /** Before the money moves (after checkLiveTip and the tip process' own checks). */
  | { type: 'OfferTip'; tipId: string; userId: string; name: string; amountCents: number; isAnonymous: boolean; at: string }
  /** The offered tip's payment was captured (the tip kind's grant, however the capture came). */
  | { type: 'RecordTip'; tipId: string; at: string }
  /** A delivered minute whose wallet debit was captured (see dueMinutes): recorded once, in order. */
  | { type: 'ChargeMinute'; minute: number; from: string; to: string; paymentId: string; amountCents: number; at: string }
  | { type: 'StopSession'; by: string | null; role: Role | null; reason: LiveStopReason; at: string }
  | { type: 'RecordRecording'; mediaId: string | null; path: string; bytes: number; durationSeconds: number; at: string }
  | { type: 'RecordRecordingMissing'; reason: string; at: string };

export interface LiveSessionState {
  status: 'none' | 'live' | 'stopped';
  sessionId: string;
  isGroup: boolean;
  fanId: string | null;
  publisherId: string;
  room: LiveRoomRef | null;
  recordingName: string;
  tabToken: string;
  publisherToken: string;
  startedAt: string;
  stoppedAt: string | null;
  streamData: { room: number; pubId: string; pubPvtId: string } | null;
  /** Active tokens → who holds them. */
  tokens: Record<string, LiveViewer>;
  /** Everyone who ever joined (distinct), and the most watching at once. */
  everJoined: string[];
  peakViewers: number;
  comments: number;
  /** Tips offered whose payment is not captured yet (a declined one stays here: it never counts). */
  offeredTips: Record<string, { userId: string; name: string; amountCents: number; isAnonymous: boolean }>;
  tipIds: string[];
  tipsCents: number;
  pricePerMinuteCents: number;
  /** Billing of a one-to-one session: the fan's current stay is billed up to here (null: the fan is not in). */
  billedUntil: string | null;
  minutesCharged: number;
  chargedCents: number;
  recorded: boolean;
}

export const emptyLiveSession = (): LiveSessionState => ({
  status: 'none', sessionId: '', isGroup: false, fanId: null, publisherId: '', room: null, recordingName: '', tabToken: '', publisherToken: '',
  startedAt: '', stoppedAt: null, streamData: null, tokens: {}, everJoined: [], peakViewers: 0, comments: 0, offeredTips: {}, tipIds: [], tipsCents: 0,
  pricePerMinuteCents: 0, billedUntil: null, minutesCharged: 0, chargedCents: 0, recorded: false,
});

/** Distinct people watching (a viewer with three tabs counts once). */
export function viewerCount(tokens: Record<string, LiveViewer>): number {
  return new Set(Object.values(tokens).map((v) => v.userId)).size;
}
/** The fans watching (staff viewers get staff frames instead). */
export function fanViewerIds(tokens: Record<string, LiveViewer>): string[] {
  return [...new Set(Object.values(tokens).filter((v) => !v.staff).map((v) => v.userId))];
}
export const tokensOf = (tokens: Record<string, LiveViewer>, userId: string) => Object.keys(tokens).filter((t) => tokens[t].userId === userId);
export const isWatching = (s: LiveSessionState, userId: string) => Object.values(s.tokens).some((v) => v.userId === userId);
const isBilled = (s: LiveSessionState) => !s.isGroup && s.pricePerMinuteCents > 0;

function requireLive(s: LiveSessionState) {
  if (s.status !== 'live') throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
}

/** Group: not blank, at most 500; one-to-one: at most 1000 (D3 §5). Returns the trimmed text. */
export function validateLiveMessage(message: string, isGroup: boolean): string {
  const text = message.trim();
  if (text === '') throw new ValidationError('message', LIVE_MESSAGE_EMPTY);
  const max = isGroup ? GROUP_LIVE_MESSAGE_MAX : ONE_TO_ONE_LIVE_MESSAGE_MAX;
  if ([...text].length > max) throw new ValidationError('message', liveMessageTooLong(max));
  return text;
}

/**
 * May this caller tip in this session (checked before any money moves): a fan (not a proxy view) watching it, within the
 * tip bounds ('Choose a tip between {min} and {max}'), anonymous only in a group stream.
 */
export function checkLiveTip(s: LiveSessionState, t: { userId: string; role: Role; proxy: boolean; amountCents: number; isAnonymous: boolean; bounds: TipBounds }) {
  requireLive(s);
  if (t.role !== 'user' || t.proxy) throw new DomainError(ONLY_FANS_TIP, 'TIP_NOT_ALLOWED', 403);
  if (!isWatching(s, t.userId)) throw new DomainError(NOT_IN_STREAM, 'NOT_IN_STREAM', 403);
  if (t.isAnonymous && !s.isGroup) throw new ValidationError('is_anonymous', ANONYMOUS_GROUP_ONLY);
  validateTip(t.amountCents, '', t.bounds);
}

const addMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
export const minutePaymentId = (sessionId: string, minute: number) => `live-${sessionId}-minute-${minute}`;

export const liveSessionDecider: Decider<LiveSessionCommand, LiveSessionEvent, LiveSessionState> = {
  initialState: emptyLiveSession,
  evolve(s, event) {
    switch (event.type) {
      case 'LiveSessionStarted': {
        const d = event.data;
        return {
          ...emptyLiveSession(), status: 'live', sessionId: d.sessionId, isGroup: d.isGroup, fanId: d.fanId, publisherId: d.publisherId, room: d.room,
          recordingName: d.recordingName, tabToken: d.tabToken, publisherToken: d.publisherToken, startedAt: d.startedAt, pricePerMinuteCents: d.pricePerMinuteCents,
        };
      }
      case 'LiveStreamDataSet':
        return { ...s, streamData: { room: event.data.room, pubId: event.data.pubId, pubPvtId: event.data.pubPvtId } };
      case 'LiveViewerJoined': {
        const d = event.data;
        const tokens = { ...s.tokens, [d.token]: { userId: d.userId, name: d.name, staff: d.staff, joinedAt: d.joinedAt } };
        const firstStay = isBilled(s) && d.userId === s.fanId && s.billedUntil === null;
        return {
          ...s, tokens, everJoined: s.everJoined.includes(d.userId) ? s.everJoined : [...s.everJoined, d.userId], peakViewers: Math.max(s.peakViewers, viewerCount(tokens)),
          billedUntil: firstStay ? d.joinedAt : s.billedUntil,
        };
      }
      case 'LiveViewerLeft': {
        const tokens = { ...s.tokens };
        for (const t of event.data.tokens) delete tokens[t];
        // The fan's stay ends with their last connection: the minute under way is not billed.
        const fanGone = s.fanId !== null && event.data.userId === s.fanId && tokensOf(tokens, s.fanId).length === 0;
        return { ...s, tokens, billedUntil: fanGone ? null : s.billedUntil };
      }
      case 'LiveCommentPosted':
        return { ...s, comments: s.comments + 1 };
      case 'LiveTipOffered': {
        const { tipId, userId, name, amountCents, isAnonymous } = event.data;
        return { ...s, offeredTips: { ...s.offeredTips, [tipId]: { userId, name, amountCents, isAnonymous } } };
      }
      case 'LiveTipReceived': {
        const { [event.data.tipId]: _received, ...offeredTips } = s.offeredTips;
        return { ...s, offeredTips, tipIds: [...s.tipIds, event.data.tipId], tipsCents: event.data.totalCents };
      }
      case 'LiveMinuteCharged':
        return { ...s, billedUntil: event.data.to, minutesCharged: event.data.minute, chargedCents: s.chargedCents + event.data.amountCents };
      case 'LiveSessionStopped':
        return { ...s, status: 'stopped', stoppedAt: event.data.stoppedAt, tokens: {}, billedUntil: null };
      case 'LiveRecordingReady':
      case 'LiveRecordingMissing':
        return { ...s, recorded: true };
    }
  },
  decide(command, s) {
    switch (command.type) {
      case 'StartSession': {
        if (s.status !== 'none') return [];
        if (!LIVE_PUBLISHER_ROLES.includes(command.publisherRole)) throw new DomainError(NOT_A_PUBLISHER, 'NOT_A_PUBLISHER', 403);
        if (!command.liveEnabled) throw new DomainError(LIVE_DISABLED, 'LIVE_DISABLED', 403);
        if (!command.isGroup && !command.fanId) throw new ValidationError('userId', 'userId is required for a one-to-one live stream.');
        if (!TAB_TOKEN.test(command.tabToken)) throw new ValidationError('tabToken', 'tabToken must be 12 hexadecimal characters.');
        if (!Number.isInteger(command.pricePerMinuteCents) || command.pricePerMinuteCents < 0) throw new ValidationError('price_per_minute', 'The price per minute is invalid.');
        const { type: _t, publisherRole: _r, liveEnabled: _e, at, ...rest } = command;
        return [{ type: 'LiveSessionStarted', data: { ...rest, fanId: command.isGroup ? null : command.fanId, pricePerMinuteCents: command.isGroup ? 0 : command.pricePerMinuteCents, startedAt: at } }];
      }
      case 'SetStreamData':
        requireLive(s);
        if (command.by !== s.publisherId) throw new DomainError('Only the publisher sets the stream data.', 'NOT_THE_PUBLISHER', 403);
        if (s.room && command.room !== s.room.room) throw new ValidationError('room', 'room is not this session\'s room.');
        return [{
          type: 'LiveStreamDataSet',
          data: { sessionId: s.sessionId, room: command.room, pubId: command.pubId, pubPvtId: command.pubPvtId, isGroup: s.isGroup, fanId: s.fanId, viewerIds: fanViewerIds(s.tokens), setAt: command.at },
        }];
      case 'AddViewer': {
        requireLive(s);
        const v = command.viewer;
        if (s.tokens[command.token]) return [];
        if (v.blocked) throw new DomainError('This account is blocked.', 'BLOCKED', 403);
        if (v.userId === s.publisherId) throw new DomainError('The publisher joins with the publisher token.', 'PUBLISHER', 400);
        const staff = LIVE_STAFF_VIEWER_ROLES.includes(v.role) && !v.proxy;
        if (!staff) {
          if (v.role !== 'user' || v.proxy) throw new DomainError(v.proxy ? 'A proxy view cannot join a live stream.' : 'You cannot join this live stream.', 'NOT_A_VIEWER', 403);
          if (!s.isGroup && v.userId !== s.fanId) throw new DomainError(NOT_INVITED, 'NOT_INVITED', 403);
          if (!v.subscribed) throw new DomainError(SUBSCRIBERS_ONLY, 'NOT_SUBSCRIBED', 403);
          // Billed one-to-one: the fan's wallet must pay for the first minute before they are let in.
          if (isBilled(s) && v.userId === s.fanId && v.walletBalanceCents < s.pricePerMinuteCents)
            throw insufficientFunds(s.pricePerMinuteCents, v.walletBalanceCents, LIVE_LOW_BALANCE);
        } else if (!s.isGroup && !['admin', 'super_admin', 'sub_admin'].includes(v.role)) {
          // Only admins look into someone else's one-to-one; the other staff are not part of it.
          throw new DomainError(NOT_INVITED, 'NOT_INVITED', 403);
        }
        const tokens = { ...s.tokens, [command.token]: { userId: v.userId, name: v.name, staff, joinedAt: command.at } };
        return [{
          type: 'LiveViewerJoined',
          data: {
            sessionId: s.sessionId, userId: v.userId, name: v.name, staff, token: command.token, connections: tokensOf(tokens, v.userId).length,
            viewers: viewerCount(tokens), viewerIds: fanViewerIds(tokens), joinedAt: command.at,
          },
        }];
      }
      case 'RemoveViewer': {
        if (s.status !== 'live') return [];
        const gone = command.token ? (s.tokens[command.token]?.userId === command.userId ? [command.token] : []) : tokensOf(s.tokens, command.userId);
        if (gone.length === 0) return [];
        const tokens = { ...s.tokens };
        for (const t of gone) delete tokens[t];
        return [{
          type: 'LiveViewerLeft',
          data: {
            sessionId: s.sessionId, userId: command.userId, tokens: gone, reason: command.reason, connections: tokensOf(tokens, command.userId).length,
            viewers: viewerCount(tokens), viewerIds: fanViewerIds(tokens), leftAt: command.at,
          },
        }];
      }
      case 'PostComment': {
        requireLive(s);
        if (command.role === 'live_stream_manager') throw new DomainError(NO_COMMENT_BOX, 'NO_COMMENT_BOX', 403);
        if (command.proxy) throw new DomainError('A proxy view cannot comment.', 'NOT_A_VIEWER', 403);
        const publisher = command.userId === s.publisherId;
        const admin = ['admin', 'super_admin', 'sub_admin', 'model'].includes(command.role);
        if (!publisher && !admin && !isWatching(s, command.userId)) throw new DomainError(NOT_IN_STREAM, 'NOT_IN_STREAM', 403);
        const message = validateLiveMessage(command.message, s.isGroup);
        return [{
          type: 'LiveCommentPosted',
          data: {
            sessionId: s.sessionId, commentId: command.commentId, userId: command.userId, name: command.name, fromAdmin: publisher || admin, message,
            isGroup: s.isGroup, viewerIds: fanViewerIds(s.tokens), postedAt: command.at,
          },
        }];
      }
      case 'OfferTip': {
        requireLive(s);
        if (s.offeredTips[command.tipId] || s.tipIds.includes(command.tipId)) return [];
        const { tipId, userId, name, amountCents, isAnonymous, at } = command;
        return [{ type: 'LiveTipOffered', data: { sessionId: s.sessionId, tipId, userId, name, amountCents, isAnonymous: isAnonymous && s.isGroup, offeredAt: at } }];
      }
      case 'RecordTip': {
        // The money is already captured: recorded even if the session stopped meanwhile (it belongs to it). Only a
        // tip offered in this session counts, and only once.
        const offer = s.offeredTips[command.tipId];
        if (s.status === 'none' || !offer || s.tipIds.includes(command.tipId)) return [];
        return [{
          type: 'LiveTipReceived',
          data: {
            sessionId: s.sessionId, tipId: command.tipId, userId: offer.userId, name: offer.name, amountCents: offer.amountCents, isAnonymous: offer.isAnonymous,
            totalCents: s.tipsCents + offer.amountCents, isGroup: s.isGroup, viewerIds: fanViewerIds(s.tokens), receivedAt: command.at,
          },
        }];
      }
      case 'ChargeMinute': {
        // Only the next minute of the current stay; a repeat (a retried payment's grant) changes nothing.
        if (s.status === 'none' || !s.fanId || command.minute !== s.minutesCharged + 1 || command.from !== s.billedUntil) return [];
        return [{ type: 'LiveMinuteCharged', data: { sessionId: s.sessionId, fanId: s.fanId, minute: command.minute, paymentId: command.paymentId, amountCents: command.amountCents, from: command.from, to: command.to, chargedAt: command.at } }];
      }
      case 'StopSession': {
        if (s.status !== 'live') return [];
        if (command.role !== null && command.by !== s.publisherId && !LIVE_PUBLISHER_ROLES.includes(command.role))
          throw new DomainError('Only the publisher or an admin can end the live stream.', 'NOT_THE_PUBLISHER', 403);
        return [stopEvent(s, command.reason, command.by, command.at)];
      }
      case 'RecordRecording':
        if (s.status !== 'stopped' || s.recorded) return [];
        return [{ type: 'LiveRecordingReady', data: { sessionId: s.sessionId, mediaId: command.mediaId, path: command.path, bytes: command.bytes, durationSeconds: command.durationSeconds, readyAt: command.at } }];
      case 'RecordRecordingMissing':
        if (s.status !== 'stopped' || s.recorded) return [];
        return [{ type: 'LiveRecordingMissing', data: { sessionId: s.sessionId, reason: command.reason, at: command.at } }];
    }
  },
};

export interface DueMinute {
  minute: number;
  from: string;
  to: string;
  paymentId: string;
  amountCents: number;
}

/**
 * Per-minute billing of a one-to-one session (the supervisor's pass, with the clock's time and the fan's balance): every
 * whole minute delivered since the last bill is due (a minute under way is not); `stop` when the wallet cannot pay
 * them all and the next one — the call ends cleanly, and a delivered minute the wallet cannot pay is not charged.
 */
export function dueMinutes(s: LiveSessionState, at: string, walletBalanceCents: number): { minutes: DueMinute[]; stop: boolean } {
  if (s.status !== 'live' || !isBilled(s) || s.billedUntil === null || !s.fanId) return { minutes: [], stop: false };
  const minutes: DueMinute[] = [];
  let balance = walletBalanceCents;
  let until = s.billedUntil;
  let minute = s.minutesCharged;
  while (Date.parse(until) + MINUTE_MS <= Date.parse(at)) {
    if (balance < s.pricePerMinuteCents) break;
    minute += 1;
    const to = addMs(until, MINUTE_MS);
    minutes.push({ minute, from: until, to, paymentId: minutePaymentId(s.sessionId, minute), amountCents: s.pricePerMinuteCents });
    balance -= s.pricePerMinuteCents;
    until = to;
  }
  return { minutes, stop: balance < s.pricePerMinuteCents };
}

function stopEvent(s: LiveSessionState, reason: LiveStopReason, by: string | null, at: string): LiveSessionEvent {
  return {
    type: 'LiveSessionStopped',
    data: {
      sessionId: s.sessionId, reason, by, isGroup: s.isGroup, fanId: s.fanId, publisherId: s.publisherId,
      tokens: [...Object.keys(s.tokens), s.publisherToken], viewerIds: fanViewerIds(s.tokens),
      durationSeconds: Math.max(0, Math.round((Date.parse(at) - Date.parse(s.startedAt)) / 1000)), stoppedAt: at,
    },
  };
}

/** The recording's name, "built from the host and stream id" (D3 §7.4): only [a-z0-9-]. */
export function recordingNameOf(host: string, sessionId: string): string {
  const clean = (x: string) => x.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'fanclub';
  return `${clean(host)}-${clean(sessionId)}`;
}
