// Live streaming. Two aggregates:
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
// they leave, are removed, blocked, logged out, their subscription ends, their wallet runs dry, their connection to
// the media server is lost, or the session stops.
//
// Presence: the API's relay to the media server reports when a publisher's or a viewer's media connection comes up
// and when it is lost (the browser's socket closed, its heartbeat went unanswered, the media server hung up). A
// viewer whose connection is lost leaves at once; a publisher whose connection is lost has a short grace to come
// back (a reload), after which the session ends.
//
// Per-minute billing (one-to-one with a price): the call time runs only while the fan and the publisher are both
// connected. A minute is delivered once all of it lay within that time, and only a delivered minute is paid for
// (its wallet payment follows the delivery); a minute under way when either side goes is not charged.
//
// Decision on admins: one part of the spec lets the model and the live_stream_manager go live, another lets
// admins go live too. Both hold here: model, live_stream_manager, admin and super_admin may publish. sub_admin, content_manager
// and support may not.
//
// Pure: times, ids, tokens and what the read models say about a viewer (subscribed, blocked, wallet) arrive in the
// command.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';
import { validateTip, type TipBounds } from '../tip/tip';
import { insufficientFunds } from '../pricing/pricing';
import { formatMoney } from '../shared/money';

export const LIVE_STUDIO_STREAM = 'live-studio';
export const liveSessionStream = (sessionId: string) => `live-session-${sessionId}`;

// ---- the spec's texts and ours ---------------------------------------------------------------------------
export const STREAM_ALREADY_STARTED = 'Stream already started with another user.';
export const LIVE_MESSAGE_EMPTY = 'Please type message.';
export const liveMessageTooLong = (max: number) => `Maximum ${max} characters allowed.`;
export const GROUP_LIVE_MESSAGE_MAX = 500;
export const ONE_TO_ONE_LIVE_MESSAGE_MAX = 1000;
export const GROUP_LIVE_CONFIRM = 'You are about to start a Go Live Session with all online subscribers';
export const END_LIVE_CONFIRM = 'Are you sure that you want to end the Go Live session?';
export const CLOSE_LIVE_CONFIRM = 'Are you sure that you want to close the Go Live session?';
export const LIVE_CONNECTING = 'Go Live Stream is connecting...';
export const LIVE_ENDED = 'The live stream has ended.';
/** Live views default the tip amount to 5. */
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
export const liveConfirmPrice = (cents: number) => `This call costs ${formatMoney(cents)} a minute. Please confirm the price to join.`;

/** Who publishes (see the decision above). */
export const LIVE_PUBLISHER_ROLES: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin'];
/** Staff who may watch any session (group or one-to-one) without a subscription. */
export const LIVE_STAFF_VIEWER_ROLES: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin', 'sub_admin'];
/** Staff who see who sent an anonymous tip. */
export const SEES_ANONYMOUS_TIPPERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
/** Staff who see the running tip total (admins too). */
export const SEES_LIVE_TIP_TOTAL: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin', 'sub_admin'];

export const TAB_TOKEN = /^[0-9a-f]{12}$/;
export const MINUTE_MS = 60_000;

export type LiveLeaveReason = 'left' | 'removed' | 'blocked' | 'logged_out' | 'subscription_ended' | 'wallet_empty' | 'stopped' | 'disconnected';
export type LiveStopReason = 'publisher' | 'staff' | 'wallet_empty' | 'media_server' | 'publisher_lost';
/** How a media connection was lost: its socket closed, its heartbeat went unanswered, the media server hung it up, or it left the room. */
export type LiveLossCause = 'closed' | 'heartbeat' | 'hangup' | 'left' | 'never_connected';
/** Why the call time of a billed one-to-one stopped running. */
export type LiveBillingStop = 'fan_left' | 'publisher_lost' | 'stopped';

/** A publisher whose connection was lost has this long to come back (a reload) before the session ends. */
export const LIVE_PUBLISHER_GRACE_MS = 10_000;
/**
 * A viewer tab whose media has not come up this long after it got its token, while the publisher's feed was up all
 * that time, is gone (its page connects within seconds of the feed; a browser that died before that never will).
 */
export const LIVE_CONNECT_WITHIN_MS = 30_000;
/** A session whose publisher never got their media on air ends this long after it started. */
export const LIVE_PUBLISHER_FIRST_CONNECT_MS = 120_000;
/**
 * The longest a lost connection takes to be noticed (the relay pings every socket every 2 s and drops one that has
 * answered nothing for 5 s): a minute is delivered by the clock alone only once it ended at least this long ago.
 */
export const LIVE_PRESENCE_LAG_MS = 8_000;

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
  /** When this tab's media connection came up (null: not yet). */
  connectedAt?: string | null;
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
  /** `lastSeenAt`, `cause`: a lost connection (reason 'disconnected'), last known alive then. */
  | DomainEvent<'LiveViewerLeft', Base & { userId: string; tokens: string[]; reason: LiveLeaveReason; connections: number; viewers: number; viewerIds: string[]; leftAt: string; lastSeenAt?: string; cause?: LiveLossCause }>
  /** A viewer tab's media connection came up (`handle`: its handle on the media server). */
  | DomainEvent<'LiveViewerConnected', Base & { userId: string; token: string; handle: string; connectedAt: string }>
  /** The publisher's media connection came up (the first time, or back after a loss). */
  | DomainEvent<'LivePublisherConnected', Base & { handle: string; connectedAt: string }>
  /**
   * A publisher media connection was lost, last known alive at `lastSeenAt`. `present`: another of their connections is
   * still up; otherwise the session ends at `graceUntil` unless the publisher is back by then.
   */
  | DomainEvent<'LivePublisherLost', Base & { handle: string; cause: LiveLossCause; lastSeenAt: string; present: boolean; graceUntil: string | null; lostAt: string }>
  /** Billed one-to-one: the call time starts running (the fan and the publisher are both connected from `from`). */
  | DomainEvent<'LiveBillingStarted', Base & { fanId: string; from: string }>
  /** Billed one-to-one: the call time that ran from `since` stopped at `until` (the minute under way is not charged). */
  | DomainEvent<'LiveBillingStopped', Base & { fanId: string; since: string; until: string; reason: LiveBillingStop }>
  /** A whole minute of call time the fan received: its wallet payment (`paymentId`) follows. */
  | DomainEvent<'LiveMinuteDelivered', Base & { fanId: string; minute: number; paymentId: string; amountCents: number; from: string; to: string; deliveredAt: string }>
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
  /** `confirmedPriceCents`: the price per minute the viewer agreed to before joining (a billed one-to-one needs its own). */
  | { type: 'AddViewer'; viewer: ViewerFacts; token: string; at: string; confirmedPriceCents?: number | null }
  | { type: 'RemoveViewer'; userId: string; token: string | null; reason: LiveLeaveReason; at: string }
  | { type: 'PostComment'; commentId: string; userId: string; name: string; role: Role; proxy: boolean; message: string; at: string }
  /** Before the money moves (after checkLiveTip and the tip process' own checks). */
  | { type: 'OfferTip'; tipId: string; userId: string; name: string; amountCents: number; isAnonymous: boolean; at: string }
  /** The offered tip's payment was captured (the tip kind's grant, however the capture came). */
  | { type: 'RecordTip'; tipId: string; at: string }
  /** A media connection came up on the media server (the relay saw it): the publisher's token or a viewer tab's. */
  | { type: 'ConnectMedia'; role: 'publisher' | 'viewer'; userId: string; token: string; handle: string; at: string }
  /** A media connection was lost, last known alive at `lastSeenAt` (a viewer's tab leaves; a publisher gets the grace). */
  | { type: 'LoseMedia'; role: 'publisher' | 'viewer'; userId: string; token: string; handle: string; cause: LiveLossCause; lastSeenAt: string; at: string }
  /** The call time's whole minutes that ended by `upTo` are delivered, at most `limit` of them (what the wallet covers). */
  | { type: 'DeliverMinutes'; upTo: string; limit: number; at: string }
  /** A delivered minute whose wallet payment was captured: recorded once. */
  | { type: 'ChargeMinute'; minute: number; paymentId: string; amountCents: number; at: string }
  /** The publisher's grace (or first connection) ran out with nobody publishing: the session ends. */
  | { type: 'EndIfPublisherGone'; at: string }
  /** Viewer tabs that never connected their media in time (LIVE_CONNECT_WITHIN_MS) leave. */
  | { type: 'DropUnconnected'; at: string }
  /**
   * `billUpTo`: the whole minutes of call time that ended by then are delivered before the stop (default `at`; null:
   * none — the wallet cannot pay them).
   */
  | { type: 'StopSession'; by: string | null; role: Role | null; reason: LiveStopReason; at: string; billUpTo?: string | null }
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
  /** The publisher's media connections up now (handles on the media server). */
  publisherHandles: string[];
  publisherEverConnected: boolean;
  /** Since when some publisher connection has been up without a break (null: none is). */
  publisherOnSince: string | null;
  /** All publisher connections lost: last known alive then, and the end of the grace. */
  publisherLostAt: string | null;
  publisherGraceUntil: string | null;
  /** Billed one-to-one: the call time running now — since when, and from where its minutes are not delivered yet. */
  billing: { since: string; from: string } | null;
  minutesDelivered: number;
  /** Delivered minutes whose payment is not captured yet. */
  unpaid: Record<number, { paymentId: string; amountCents: number; from: string; to: string }>;
  minutesCharged: number;
  chargedCents: number;
  recorded: boolean;
}

export const emptyLiveSession = (): LiveSessionState => ({
  status: 'none', sessionId: '', isGroup: false, fanId: null, publisherId: '', room: null, recordingName: '', tabToken: '', publisherToken: '',
  startedAt: '', stoppedAt: null, streamData: null, tokens: {}, everJoined: [], peakViewers: 0, comments: 0, offeredTips: {}, tipIds: [], tipsCents: 0,
  pricePerMinuteCents: 0, publisherHandles: [], publisherEverConnected: false, publisherOnSince: null, publisherLostAt: null, publisherGraceUntil: null, billing: null, minutesDelivered: 0, unpaid: {},
  minutesCharged: 0, chargedCents: 0, recorded: false,
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
/** The invited fan has a tab whose media connection is up. */
const fanConnected = (s: LiveSessionState, tokens = s.tokens) => !!s.fanId && Object.values(tokens).some((v) => v.userId === s.fanId && !!v.connectedAt);

function requireLive(s: LiveSessionState) {
  if (s.status !== 'live') throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
}

/** Group: not blank, at most 500; one-to-one: at most 1000. Returns the trimmed text. */
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
        const tokens = { ...s.tokens, [d.token]: { userId: d.userId, name: d.name, staff: d.staff, joinedAt: d.joinedAt, connectedAt: null } };
        return { ...s, tokens, everJoined: s.everJoined.includes(d.userId) ? s.everJoined : [...s.everJoined, d.userId], peakViewers: Math.max(s.peakViewers, viewerCount(tokens)) };
      }
      case 'LiveViewerConnected': {
        const v = s.tokens[event.data.token];
        return v ? { ...s, tokens: { ...s.tokens, [event.data.token]: { ...v, connectedAt: event.data.connectedAt } } } : s;
      }
      case 'LiveViewerLeft': {
        const tokens = { ...s.tokens };
        for (const t of event.data.tokens) delete tokens[t];
        return { ...s, tokens };
      }
      case 'LivePublisherConnected':
        return {
          ...s, publisherHandles: s.publisherHandles.includes(event.data.handle) ? s.publisherHandles : [...s.publisherHandles, event.data.handle], publisherEverConnected: true,
          publisherOnSince: s.publisherHandles.length ? s.publisherOnSince : event.data.connectedAt, publisherLostAt: null, publisherGraceUntil: null,
        };
      case 'LivePublisherLost': {
        const publisherHandles = s.publisherHandles.filter((h) => h !== event.data.handle);
        return publisherHandles.length
          ? { ...s, publisherHandles }
          : { ...s, publisherHandles, publisherOnSince: null, publisherLostAt: event.data.lastSeenAt, publisherGraceUntil: event.data.graceUntil };
      }
      case 'LiveBillingStarted':
        return { ...s, billing: { since: event.data.from, from: event.data.from } };
      case 'LiveBillingStopped':
        return { ...s, billing: null };
      case 'LiveMinuteDelivered': {
        const d = event.data;
        return {
          ...s, billing: s.billing ? { ...s.billing, from: d.to } : null, minutesDelivered: d.minute,
          unpaid: { ...s.unpaid, [d.minute]: { paymentId: d.paymentId, amountCents: d.amountCents, from: d.from, to: d.to } },
        };
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
      case 'LiveMinuteCharged': {
        const { [event.data.minute]: _paid, ...unpaid } = s.unpaid;
        return {
          ...s, unpaid, minutesCharged: Math.max(s.minutesCharged, event.data.minute), minutesDelivered: Math.max(s.minutesDelivered, event.data.minute),
          chargedCents: s.chargedCents + event.data.amountCents,
        };
      }
      case 'LiveSessionStopped':
        return { ...s, status: 'stopped', stoppedAt: event.data.stoppedAt, tokens: {}, publisherHandles: [], billing: null };
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
          // Billed one-to-one: the fan agreed to this very price, and their wallet pays for the first minute, before they are let in.
          if (isBilled(s) && v.userId === s.fanId && command.confirmedPriceCents !== s.pricePerMinuteCents)
            throw new DomainError(liveConfirmPrice(s.pricePerMinuteCents), 'PRICE_NOT_CONFIRMED', 409, { pricePerMinuteCents: s.pricePerMinuteCents });
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
        return viewerLeaves(s, command.userId, gone, command.reason, command.at, null);
      }
      case 'ConnectMedia': {
        if (s.status !== 'live') return [];
        const out: LiveSessionEvent[] = [];
        if (command.role === 'publisher') {
          if (command.userId !== s.publisherId || command.token !== s.publisherToken || s.publisherHandles.includes(command.handle)) return [];
          out.push({ type: 'LivePublisherConnected', data: { sessionId: s.sessionId, handle: command.handle, connectedAt: command.at } });
        } else {
          const v = s.tokens[command.token];
          if (!v || v.userId !== command.userId || v.connectedAt) return [];
          out.push({ type: 'LiveViewerConnected', data: { sessionId: s.sessionId, userId: command.userId, token: command.token, handle: command.handle, connectedAt: command.at } });
        }
        const after = out.reduce(liveSessionDecider.evolve, s);
        if (isBilled(s) && !s.billing && after.publisherHandles.length > 0 && fanConnected(after))
          out.push({ type: 'LiveBillingStarted', data: { sessionId: s.sessionId, fanId: s.fanId!, from: command.at } });
        return out;
      }
      case 'LoseMedia': {
        if (s.status !== 'live') return [];
        const lastSeenAt = command.lastSeenAt < command.at ? command.lastSeenAt : command.at;
        if (command.role === 'viewer') {
          if (s.tokens[command.token]?.userId !== command.userId) return [];
          return viewerLeaves(s, command.userId, [command.token], 'disconnected', command.at, { lastSeenAt, cause: command.cause });
        }
        if (!s.publisherHandles.includes(command.handle)) return [];
        const present = s.publisherHandles.length > 1;
        return [
          ...(present ? [] : billingStops(s, lastSeenAt, 'publisher_lost', command.at)),
          {
            type: 'LivePublisherLost',
            data: {
              sessionId: s.sessionId, handle: command.handle, cause: command.cause, lastSeenAt, present,
              graceUntil: present ? null : addMs(command.at, LIVE_PUBLISHER_GRACE_MS), lostAt: command.at,
            },
          },
        ];
      }
      case 'DeliverMinutes':
        if (s.status !== 'live') return [];
        return deliveries(s, command.upTo, command.at, command.limit);
      case 'EndIfPublisherGone':
        return publisherGone(s, command.at) ? [stopEvent(s, 'publisher_lost', null, command.at)] : [];
      case 'DropUnconnected': {
        if (s.status !== 'live') return [];
        const stale = unconnectedTokens(s, command.at);
        const out: LiveSessionEvent[] = [];
        let state = s;
        for (const userId of [...new Set(stale.map((t) => s.tokens[t].userId))]) {
          const events = viewerLeaves(state, userId, stale.filter((t) => s.tokens[t].userId === userId), 'disconnected', command.at, { lastSeenAt: command.at, cause: 'never_connected' });
          state = events.reduce(liveSessionDecider.evolve, state);
          out.push(...events);
        }
        return out;
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
        // Only a delivered minute, with its own payment, once (a retried payment's grant changes nothing). Recorded even
        // after the stop: the money is taken, the minute belongs to the session.
        const d = s.unpaid[command.minute];
        if (s.status === 'none' || !s.fanId || !d || d.paymentId !== command.paymentId) return [];
        return [{ type: 'LiveMinuteCharged', data: { sessionId: s.sessionId, fanId: s.fanId, minute: command.minute, paymentId: command.paymentId, amountCents: d.amountCents, from: d.from, to: d.to, chargedAt: command.at } }];
      }
      case 'StopSession': {
        if (s.status !== 'live') return [];
        if (command.role !== null && command.by !== s.publisherId && !LIVE_PUBLISHER_ROLES.includes(command.role))
          throw new DomainError('Only the publisher or an admin can end the live stream.', 'NOT_THE_PUBLISHER', 403);
        const upTo = command.billUpTo === undefined ? command.at : command.billUpTo;
        return [...billingStops(s, command.at, 'stopped', command.at, upTo), stopEvent(s, command.reason, command.by, command.at)];
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

/**
 * The call time's whole minutes that ended by `upTo` (at most `limit`), as LiveMinuteDelivered events: each one's
 * payment id is fixed by the session and the minute, so paying it twice is impossible.
 */
function deliveries(s: LiveSessionState, upTo: string, at: string, limit = Number.POSITIVE_INFINITY): LiveSessionEvent[] {
  if (!s.billing || !s.fanId) return [];
  const out: LiveSessionEvent[] = [];
  let from = s.billing.from;
  let minute = s.minutesDelivered;
  while (out.length < limit && Date.parse(from) + MINUTE_MS <= Date.parse(upTo)) {
    minute += 1;
    const to = addMs(from, MINUTE_MS);
    out.push({ type: 'LiveMinuteDelivered', data: { sessionId: s.sessionId, fanId: s.fanId, minute, paymentId: minutePaymentId(s.sessionId, minute), amountCents: s.pricePerMinuteCents, from, to, deliveredAt: at } });
    from = to;
  }
  return out;
}

/** The call time stops at `until`: its whole minutes up to `billUpTo` (default `until`; null: none) are delivered first. */
function billingStops(s: LiveSessionState, until: string, reason: LiveBillingStop, at: string, billUpTo: string | null = until): LiveSessionEvent[] {
  if (!s.billing || !s.fanId) return [];
  const end = until < s.billing.since ? s.billing.since : until;
  return [
    ...(billUpTo === null ? [] : deliveries(s, billUpTo < end ? billUpTo : end, at)),
    { type: 'LiveBillingStopped', data: { sessionId: s.sessionId, fanId: s.fanId, since: s.billing.since, until: end, reason } },
  ];
}

/** Tabs of a viewer leave (`lost`: their connection was lost); the call time stops when the fan has no connected tab left. */
function viewerLeaves(s: LiveSessionState, userId: string, gone: string[], reason: LiveLeaveReason, at: string, lost: { lastSeenAt: string; cause: LiveLossCause } | null): LiveSessionEvent[] {
  const tokens = { ...s.tokens };
  for (const t of gone) delete tokens[t];
  const stops = s.billing && !fanConnected(s, tokens) ? billingStops(s, lost?.lastSeenAt ?? at, 'fan_left', at) : [];
  return [
    ...stops,
    {
      type: 'LiveViewerLeft',
      data: {
        sessionId: s.sessionId, userId, tokens: gone, reason, connections: tokensOf(tokens, userId).length, viewers: viewerCount(tokens), viewerIds: fanViewerIds(tokens), leftAt: at,
        ...(lost ? { lastSeenAt: lost.lastSeenAt, cause: lost.cause } : {}),
      },
    },
  ];
}

/** Nobody publishes: the lost publisher's grace ran out, or the publisher never came on air in the time allowed. */
export function publisherGone(s: LiveSessionState, at: string): boolean {
  if (s.status !== 'live' || s.publisherHandles.length > 0) return false;
  if (s.publisherGraceUntil) return Date.parse(at) >= Date.parse(s.publisherGraceUntil);
  return !s.publisherEverConnected && Date.parse(at) >= Date.parse(s.startedAt) + LIVE_PUBLISHER_FIRST_CONNECT_MS;
}

/** Viewer tabs whose media never came up though they had the time to (see LIVE_CONNECT_WITHIN_MS). */
export function unconnectedTokens(s: LiveSessionState, at: string): string[] {
  if (s.status !== 'live' || !s.publisherOnSince) return [];
  const cutoff = Date.parse(at) - LIVE_CONNECT_WITHIN_MS;
  if (Date.parse(s.publisherOnSince) > cutoff) return [];
  return Object.keys(s.tokens).filter((t) => !s.tokens[t].connectedAt && Date.parse(s.tokens[t].joinedAt) <= cutoff);
}

/** When the session's end is due if nobody publishes (null: someone publishes, or it is not live). */
export function publisherDeadline(s: LiveSessionState): string | null {
  if (s.status !== 'live' || s.publisherHandles.length > 0) return null;
  if (s.publisherGraceUntil) return s.publisherGraceUntil;
  return s.publisherEverConnected ? null : addMs(s.startedAt, LIVE_PUBLISHER_FIRST_CONNECT_MS);
}

/** Delivered minutes whose payment is not captured yet, in order. */
export function unpaidMinutes(s: LiveSessionState): Array<{ minute: number; paymentId: string; amountCents: number }> {
  return Object.entries(s.unpaid).map(([m, d]) => ({ minute: Number(m), paymentId: d.paymentId, amountCents: d.amountCents })).sort((a, b) => a.minute - b.minute);
}

/**
 * The supervisor's billing pass: how many more minutes the wallet covers once the delivered unpaid ones are paid
 * (`limit`), and whether the call must end because, with those paid, the wallet could not pay the minute under way
 * (`stop`, given how many the pass delivers).
 */
export function billingRoom(s: LiveSessionState, walletBalanceCents: number): { limit: number; stopAfter: (delivered: number) => boolean } {
  if (s.status !== 'live' || !isBilled(s)) return { limit: 0, stopAfter: () => false };
  const owed = unpaidMinutes(s).reduce((sum, m) => sum + m.amountCents, 0);
  const left = walletBalanceCents - owed;
  return { limit: Math.max(0, Math.floor(left / s.pricePerMinuteCents)), stopAfter: (delivered) => left - delivered * s.pricePerMinuteCents < s.pricePerMinuteCents };
}

function stopEvent(s: LiveSessionState, reason: LiveStopReason, by: string | null, at: string): LiveSessionEvent {
  // A session that ended because nobody published lasted until the publisher was last seen.
  const end = reason === 'publisher_lost' && s.publisherLostAt ? s.publisherLostAt : at;
  return {
    type: 'LiveSessionStopped',
    data: {
      sessionId: s.sessionId, reason, by, isGroup: s.isGroup, fanId: s.fanId, publisherId: s.publisherId,
      tokens: [...Object.keys(s.tokens), s.publisherToken], viewerIds: fanViewerIds(s.tokens),
      durationSeconds: Math.max(0, Math.round((Date.parse(end) - Date.parse(s.startedAt)) / 1000)), stoppedAt: at,
    },
  };
}

/** The recording's name, "built from the host and stream id": only [a-z0-9-]. */
export function recordingNameOf(host: string, sessionId: string): string {
  const clean = (x: string) => x.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'fanclub';
  return `${clean(host)}-${clean(sessionId)}`;
}
