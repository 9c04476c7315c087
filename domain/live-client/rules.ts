// What both apps' live views decide the same way: the timer, the publisher's overlay darkness
// steps, the viewers' video fit, the comment rule (the server's own, domain/live) and what a refused comment does,
// the overlay's tip lines, the viewers list's connection badge, the per-tab token, the "started a live stream" popup.
import { validateLiveMessage } from '../live/live-session';
import { formatMoney } from '../shared/money';
import type { LiveCall } from '../live/wire';

export type { LiveCall };

export {
  CLOSE_LIVE_CONFIRM, END_LIVE_CONFIRM, GROUP_LIVE_CONFIRM, GROUP_LIVE_MESSAGE_MAX, LIVE_CONNECTING, LIVE_DEFAULT_TIP_DOLLARS, LIVE_ENDED,
  ONE_TO_ONE_LIVE_MESSAGE_MAX, STREAM_ALREADY_STARTED,
} from '../live/live-session';

/** The comment rule the server applies (group 500, one-to-one 1000; 'Please type message.'): the text to show, or null. */
export function liveMessageError(message: string, isGroup: boolean): string | null {
  try {
    validateLiveMessage(message, isGroup);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** "Mobile device means width under 576". */
export const MOBILE_MAX_WIDTH = 575;
/** "Video fit is 'contain' on screens at least 1024 wide for viewers". */
export const CONTAIN_MIN_WIDTH = 1024;

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH;

/** The viewer's video fit: the toggle when pressed, else contain from 1024 px up and cover below. */
export function videoFit(width: number, toggled: 'contain' | 'cover' | null): 'contain' | 'cover' {
  if (toggled) return toggled;
  return width >= CONTAIN_MIN_WIDTH ? 'contain' : 'cover';
}

/** "Publisher overlay darkness adjusts in steps of 10 up to 30 and then turns off": 0 → 10 → 20 → 30 → 0. */
export function nextDarkness(current: number): number {
  return current >= 30 ? 0 : current + 10;
}

/** Elapsed time on air as m:ss, or h:mm:ss from an hour. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A duration in words for reports: "1 h 05 min", "3 min 20 s", "45 s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

/** "12 hexadecimal characters per session tab". */
export function newTabToken(random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

/** A group message as the overlay shows it (GROUP_MESSAGE, get_messages). */
export interface LiveComment {
  _id: string;
  type: 'text' | 'tips' | string;
  message: string;
  sender_id: string | null;
  name: string | null;
  from_admin: boolean;
  amount: number;
  is_anonymous: boolean;
  created: string;
}

/** The overlay's line for a comment or a tip; anonymous tippers whose name is hidden read "Anonymous". */
export function commentAuthor(c: Pick<LiveComment, 'name' | 'is_anonymous' | 'from_admin'>): string {
  if (c.name) return c.is_anonymous ? `${c.name} (anonymous)` : c.name;
  return c.is_anonymous ? 'Anonymous' : c.from_admin ? 'Creator' : 'Someone';
}

/** Keeps the overlay's list ordered and without repeats (a frame may arrive after the page loaded the same one). */
export function mergeComments(list: readonly LiveComment[], more: readonly LiveComment[], max = 200): LiveComment[] {
  const seen = new Map(list.map((c) => [c._id, c] as const));
  for (const c of more) seen.set(c._id, c);
  return [...seen.values()].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0)).slice(-max);
}

/**
 * The fan site's "started a live stream" popup, from a GROUP_LIVE_STARTED / GO_LIVE frame. Every fan gets the same
 * empty GROUP_LIVE_STARTED (no session in it: the site reads GET /api/stream/current, which the frame reloads), so
 * the popup remembers which session was on air when the frame came (`before`) and is for the next one; a frame that
 * names its session (GO_LIVE, staff's frames) is for that session only.
 */
export interface LivePopup {
  sessionId: string | null;
  before: string | null;
  isGroup: boolean;
  name: string;
}
export function livePopupFromFrame(data: { sessionId?: unknown; publisherName?: unknown }, isGroup: boolean, onAirNow: string | null): LivePopup {
  return {
    sessionId: typeof data.sessionId === 'string' && data.sessionId ? data.sessionId : null, before: onAirNow, isGroup,
    name: typeof data.publisherName === 'string' ? data.publisherName : '',
  };
}
/** Whether the popup shows for the session on air: its session (or the next one of its kind), not joined yet. */
export function showsLivePopup(popup: LivePopup | null, live: { sessionId: string; isGroup: boolean; isJoined: boolean } | null): boolean {
  if (!popup || !live || live.isJoined) return false;
  if (popup.sessionId) return popup.sessionId === live.sessionId;
  return popup.isGroup === live.isGroup && live.sessionId !== popup.before;
}

/** An overlay line after its author: a tip reads "tipped $7.00" and " · " before its note; a comment is its text. */
export function commentParts(c: Pick<LiveComment, 'type' | 'amount' | 'message'>): { tip: string | null; separator: string; text: string } {
  const tip = c.type === 'tips' ? `tipped ${formatMoney(Math.round(c.amount * 100))}` : null;
  return { tip, separator: tip && c.message ? ' · ' : '', text: c.message };
}

/** 'Live Stream Viewers': a count badge and "N connections" only for a viewer with several. */
export function viewerConnections(count: number): { badge: number; label: string | null } {
  return count > 1 ? { badge: count, label: `${count} connections` } : { badge: 0, label: null };
}

export const COMMENT_SEND_FAILED = 'Could not send Message';
/** A comment the server refused: "a 401 on group message send clears the input and shows the status text". */
export function commentSendFailure(status: number | undefined, serverMessage: string | undefined): { clearInput: boolean; error: string } {
  return { clearInput: status === 401, error: serverMessage || COMMENT_SEND_FAILED };
}

/** Time on air so far (the LIVE badge's timer), never negative. */
export function elapsedSince(startedAt: string | null | undefined, nowMs: number): number {
  return startedAt ? Math.max(0, nowMs - Date.parse(startedAt)) : 0;
}

/** The call time so far in ms at the client's `nowMs`, `skewMs` being the server's clock less the client's. */
export function callElapsedMs(call: Pick<LiveCall, 'callSeconds' | 'billingSince'>, nowMs: number, skewMs: number): number {
  const running = call.billingSince ? Math.max(0, nowMs + skewMs - Date.parse(call.billingSince)) : 0;
  return call.callSeconds * 1000 + running;
}

/** What the fan is told before a paid call starts: the rate, their balance, how many whole minutes it pays for. */
export function callTerms(pricePerMinuteCents: number, walletBalanceCents: number): { rate: string; balance: string; minutes: number; shortfallCents: number } {
  const minutes = pricePerMinuteCents > 0 ? Math.floor(Math.max(0, walletBalanceCents) / pricePerMinuteCents) : 0;
  return {
    rate: `${formatMoney(pricePerMinuteCents)} per minute`,
    balance: formatMoney(walletBalanceCents),
    minutes,
    shortfallCents: Math.max(0, pricePerMinuteCents - walletBalanceCents),
  };
}

/** The rule in the fan's words (the same as the server's: only whole minutes with both connected are charged). */
export const CALL_BILLING_RULE =
  'You pay from your wallet for each whole minute you and the creator are both connected. A minute under way when the call ends or either of you drops out is not charged.';

/** Why a session ended, in the sessions report's words. */
export function stopReasonText(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'publisher':
      return 'Ended by the creator';
    case 'staff':
      return 'Ended by staff';
    case 'wallet_empty':
      return "The fan's wallet ran out";
    case 'publisher_lost':
      return "The creator's connection was lost";
    case 'media_server':
      return 'The media server stopped';
    default:
      return null;
  }
}

/**
 * What a viewer is told when the stream ends for them (STOP_LIVE): nothing special when the creator or staff ended it;
 * the creator's lost connection as such; otherwise (removed, blocked, wallet empty…) that their access ended.
 */
export function viewerStopText(reason: string | null | undefined, aboutMe: boolean): string | null {
  if (!reason || reason === 'publisher' || reason === 'staff') return null;
  if (reason === 'publisher_lost') return "The creator's connection was lost. The live stream has ended.";
  return aboutMe ? 'Your access to this live stream ended.' : null;
}
