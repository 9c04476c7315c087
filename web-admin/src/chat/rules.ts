// The console chat's rules as small pure functions; the texts are the spec's.
// The screens in this folder only call these.
import type { ChatMessageView, ChatUserDetails, ChatUserSort } from '../../../domain/chat/wire';
import type { MediaKind } from '../../../domain/media/wire';
import type { Role } from '../../../domain/shared/wire';
import { CHAT_MEDIA_MAX, CHAT_TEXT_MAX, MESSAGE_EMPTY, PLEASE_ADD_MEDIA, tooManyMedia } from '../../../domain/chat/chat-message';
import { chatDeductionCents } from '../../../domain/chat/conversation';
import { chatSortsFor, chatViewSettings, mayCopyChat, mayOpenChatList, seesChatStatusFilter, type ChatListId } from '../../../domain/chat/roles';
import { CHARGEBACK_PENALTY_CENTS } from '../../../domain/payment/payment';

export const MESSAGES = {
  listError: 'Error occurred while getting user list',
  detailError: 'Error occurred while getting user detail',
  messagesError: 'There was a problem loading messages.',
  noRecords: 'No Records Found',
  emptyText: MESSAGE_EMPTY,
  noMedia: PLEASE_ADD_MEDIA,
  processing: 'This message is under process. It will be visible to you/users when processing is completed.',
  unlockError: 'There was an error while unlocking content for user.',
  unlocked: 'Message unlocked for this subscriber.',
  sendFailed: 'There was an error while uploading the image.',
  /** A text message that could not be sent (the server's own message replaces it when it gives one). */
  textSendFailed: 'There was an error while sending the message.',
  copied: 'Copied to clipboard.',
  /** Copy toasts show for 2 seconds. */
  searchPlaceholder: 'Search by username or nickname',
  inputPlaceholder: 'Write a message...',
  creditsGranted: 'Message credits granted.',
  creditsError: 'There was a problem granting message credits.',
} as const;

/** Chat text of the input bar and the message text of a media message: at most 20,000 characters. */
export const MAX_TEXT = CHAT_TEXT_MAX;
/** A locked message's default price in chat. */
export const DEFAULT_LOCKED_AMOUNT = 20;
/** Rows load more when scrolled beyond 98 %. */
export const LOAD_MORE_AT = 0.98;
/** A burst of list frames (UPDATE_USER_LAST_MESSAGE, UPDATE_USER_AMOUNT) is one re-read of the list, this long after the last. */
export const LIST_REFRESH_DEBOUNCE_MS = 300;

/** Whether a frame is about this fan's conversation (MESSAGE_RECEIVE / UPDATE_MESSAGE name `fanId`; list and money
 *  frames `userId`). */
export function concernsFan(data: Record<string, unknown>, fanId: string | null): boolean {
  if (!fanId) return false;
  return data.fanId === fanId || (data.fanId === undefined && data.userId === fanId);
}
export const SEARCH_DEBOUNCE_MS = 400;

export const MAX_MEDIA = CHAT_MEDIA_MAX;
export const tooManyMessage = tooManyMedia;

// ---- roles ----------------------------------------------------------------------------------------------

export const SORT_LABELS: Record<ChatUserSort, string> = {
  latest_message: 'Latest Message',
  users_last_message: 'Users Last Message',
  amount_spent: 'Amount Spent',
  unread_messages: 'Unread Messages',
  expiration_date: 'Days until Subscription Expires',
};

/** The sort options one role sees (the server applies the same table: domain/chat/roles.ts). */
export const sortOptions = (role: unknown, settings: ChatSettingsView = {}): ChatUserSort[] =>
  chatSortsFor(typeof role === 'string' ? (role as Role) : null, chatViewSettings(settings));

/** What the role rules read from the public settings: hide_earnings and the model's expiry sort. */
export type ChatSettingsView = { hide_earnings?: boolean; chat_settings?: { model_expiry_sort_enabled?: boolean } };

/** The subscriber-status filter (All, Active, Active-Cancelled) is for admin and sub_admin. */
export const showsStatusFilter = (role: unknown, settings: ChatSettingsView = {}) =>
  seesChatStatusFilter(typeof role === 'string' ? (role as Role) : null, chatViewSettings(settings));

/** Which list the chat shows (get_user_list list_id; '' the chat list). */
export type ListChoice = '' | ChatListId;

const ALL_LIST_CHOICES: { value: ListChoice; label: string }[] = [
  { value: '', label: 'Chat list' },
  { value: 'allowed', label: 'Allowed to chat' },
  { value: 'live', label: 'Live chats' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'muted', label: 'Mass messages muted' },
];

/** What the lists that come and go depend on, as the console last heard it. */
export interface ListOffers {
  /** Some fan's booked chat is on now (get_next_meeting_time's live_chat_users). */
  liveChats: boolean;
  /** Normal chat is off (chat_settings.disabled_normal_chat), or some fan is allowed to chat all the same. */
  allowedToChat: boolean;
}

/** An empty list is noise: "Live chats" only while a booked chat is on, "Allowed to chat" only while it can matter. */
const offered = (value: ListChoice, offers: ListOffers) => (value === 'live' ? offers.liveChats : value === 'allowed' ? offers.allowedToChat : true);

/**
 * The lists this role may open and that are worth offering now: every staff role the allowed-to-chat and live-chat
 * lists (each while it can have anyone in it), admins also blocked and muted. The list on screen stays offered, so a
 * live chat that just ended does not pull the select from under the reader.
 */
export const listChoices = (role: unknown, offers: ListOffers, current: ListChoice = '') =>
  ALL_LIST_CHOICES.filter((c) => c.value === '' || (mayOpenList(role, c.value) && (c.value === current || offered(c.value, offers))));

/** Whether the role may open one of the other lists (the server answers the same: domain/chat/roles.ts). */
export const mayOpenList = (role: unknown, list: ChatListId) => mayOpenChatList(typeof role === 'string' ? (role as Role) : null, list);

/**
 * The status codes are this project's (README "Memberships", ccbillSubscriptionStatus): '1' renewing, '2'
 * cancelled but paid through the expiry. Spec 3 labels them the other way round (its '1' is "Active-Cancelled");
 * the labels here follow the meaning, as the server filters (GET /api/chat/get_user_list sort_by_subscribers).
 */
export const ACTIVE = '1';
export const ACTIVE_CANCELLED = '2';

export const STATUS_CHOICES: { value: '' | '1' | '2'; label: string }[] = [
  { value: '', label: 'All' },
  { value: ACTIVE, label: 'Active' },
  { value: ACTIVE_CANCELLED, label: 'Active-Cancelled' },
];

export interface ListFilter {
  sort: ChatUserSort;
  status: '' | '1' | '2';
}

/** Sort rules: sorting by expiration forces the subscriber filter to Active-Cancelled. */
export function chooseSort(filter: ListFilter, sort: ChatUserSort): ListFilter {
  return { sort, status: sort === 'expiration_date' ? ACTIVE_CANCELLED : filter.status };
}

/** Sort rules: while sorted by expiration, any subscriber filter becomes Active-Cancelled. */
export function chooseStatus(filter: ListFilter, status: '' | '1' | '2'): ListFilter {
  return { ...filter, status: filter.sort === 'expiration_date' ? ACTIVE_CANCELLED : status };
}

/** A star marks complimentary subscriptions, for admins only. */
export const showsComplimentaryStar = (role: unknown) => role === 'admin' || role === 'super_admin';

/** Copy-to-clipboard of message text, for every staff role but live_stream_manager. */
export const mayCopy = (role: unknown) => mayCopyChat(typeof role === 'string' ? (role as Role) : null);

/** Support reads conversations only: no input bar (support's pages are read-only). */
export const mayWrite = (role: unknown) => role !== 'support';

// ---- display --------------------------------------------------------------------------------------------

/** Unread badge text, capped at 99+; '' for none. */
export const unreadLabel = (n: number | null | undefined) => (!n || n <= 0 ? '' : n > 99 ? '99+' : String(n));

/** Up to two initials of a name ("Ada Lovelace" → "AL"), '?' for none. */
export function initials(name: string | null | undefined): string {
  const words = String(name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[words.length - 1]][0]];
  return letters.join('').toUpperCase();
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars → "$12.34". */
export const dollars = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? usd.format(value) : '—');
/** Cents → "$12.34". */
export const cents = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? usd.format(value / 100) : '—');

const toCents = (d: number) => Math.round(d * 100);

export interface DeductionBreakdown {
  voidCents: number;
  refundCents: number;
  chargebackCents: number;
  chargebackCount: number;
  penaltyCents: number;
  totalCents: number;
}

/**
 * The header's red total: voided + refunded + charged back + 25 dollars per chargeback. The
 * server's totalDeductionCents is the figure shown; the parts explain it in the tooltip.
 */
export function deductionBreakdown(d: Pick<ChatUserDetails, 'totalVoidAmount' | 'totalRefundAmount' | 'totalChargeBackAmount' | 'totalChargeBackCount' | 'totalDeductionCents' | 'totalDeductionAmount'>): DeductionBreakdown {
  const voidCents = toCents(d.totalVoidAmount || 0);
  const refundCents = toCents(d.totalRefundAmount || 0);
  const chargebackCents = toCents(d.totalChargeBackAmount || 0);
  const chargebackCount = d.totalChargeBackCount || 0;
  const penaltyCents = chargebackCount * CHARGEBACK_PENALTY_CENTS;
  const computed = chatDeductionCents({ voidCents, refundCents, chargebackCents, chargebackCount });
  const server = typeof d.totalDeductionCents === 'number' ? d.totalDeductionCents : typeof d.totalDeductionAmount === 'number' ? toCents(d.totalDeductionAmount) : computed;
  return { voidCents, refundCents, chargebackCents, chargebackCount, penaltyCents, totalCents: server };
}

export const isMediaMessage = (m: Pick<ChatMessageView, 'type'>) => m.type === 'photo' || m.type === 'video' || m.type === 'gallery';

/** The lock chip of a media message (the message's lock): Free, Locked $X or Unlocked $X. */
export function lockChip(m: Pick<ChatMessageView, 'type' | 'isLocked' | 'amount' | 'amount_cents' | 'required_tier'>): { label: string; state: 'free' | 'locked' | 'unlocked' } | null {
  if (!isMediaMessage(m)) return null;
  const price = typeof m.amount_cents === 'number' ? cents(m.amount_cents) : dollars(m.amount);
  // A message limited to a tier says so: "Locked $10 · VIP and above".
  const tier = m.required_tier ? ` · ${m.required_tier.name || 'a removed tier'} and above` : '';
  if (m.isLocked === 'locked') return { label: `Locked ${price}${tier}`, state: 'locked' };
  if (m.isLocked === 'unlocked') return { label: `Unlocked ${price}${tier}`, state: 'unlocked' };
  return { label: 'Free', state: 'free' };
}

/** "Paid $X" for a pay-per-message message the fan paid to send; null otherwise. */
export const paidLabel = (m: Pick<ChatMessageView, 'is_pay_per_message' | 'paid_cents' | 'type'>) =>
  m.is_pay_per_message && m.type !== 'tips' && m.paid_cents > 0 ? `Paid ${cents(m.paid_cents)}` : m.is_pay_per_message && m.type !== 'tips' ? 'Paid with a credit' : null;

/** The amount of a tip message, in cents (paid_cents, else the message's amount). */
export const tipCents = (m: Pick<ChatMessageView, 'paid_cents' | 'amount_cents'>) => (m.paid_cents > 0 ? m.paid_cents : m.amount_cents || 0);

// ---- messages -------------------------------------------------------------------------------------------

const byTime = (a: { created: string; _id: string }, b: { created: string; _id: string }) =>
  a.created === b.created ? a._id.localeCompare(b._id) : a.created < b.created ? -1 : 1;

/**
 * Merges a page of messages into those already shown: the same _id (or the same uniqueId, for a message the
 * console sent) is replaced by the newer copy; the result is oldest first.
 */
export function mergeMessages<M extends Pick<ChatMessageView, '_id' | 'uniqueId' | 'created'>>(have: readonly M[], page: readonly M[]): M[] {
  const out = new Map<string, M>();
  const keyOf = (m: M) => m._id;
  for (const m of have) out.set(keyOf(m), m);
  for (const m of page) {
    if (m.uniqueId) {
      for (const [k, old] of out) if (old.uniqueId === m.uniqueId && k !== m._id) out.delete(k);
    }
    out.set(keyOf(m), m);
  }
  return [...out.values()].sort(byTime);
}

/** The message type of a media message by its items' kinds. */
export function mediaTypeOf(kinds: readonly (MediaKind | null)[]): 'photo' | 'video' | 'gallery' {
  if (kinds.length > 1) return 'gallery';
  return kinds[0] === 'video' ? 'video' : 'photo';
}

/** Checks of the media composer: media required, at most 45 items. */
export function mediaProblem(count: number): string | undefined {
  if (count === 0) return MESSAGES.noMedia;
  if (count > MAX_MEDIA) return tooManyMessage(count);
  return undefined;
}

/** Checks of the input bar: not empty. */
export const textProblem = (text: string) => (text.trim() === '' ? MESSAGES.emptyText : text.length > MAX_TEXT ? 'Message is too long.' : undefined);

/** Has the list been scrolled beyond 98 %? */
export const nearEnd = (el: { scrollTop: number; clientHeight: number; scrollHeight: number }) =>
  el.scrollHeight > 0 && (el.scrollTop + el.clientHeight) / el.scrollHeight >= LOAD_MORE_AT;

let seq = 0;
/** The console's own id for a message it sends (uniqueId: dedupes a resend). */
export const newUniqueId = () => `c${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
