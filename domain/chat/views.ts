// What a viewer sees of a conversation's messages, what staff see of a fan in the chat list and header, and the
// pay-per-message terms a sender is shown. Pure: the rows come from the read models, the role
// decides which amounts show; signing media links is the caller's (it needs the storage adapter).
import { dollarsFromCents } from '../shared/money';
import type { Role } from '../shared/wire';
import type { SiteSettings } from '../settings/settings';
import type { PostMediaView } from '../post/wire';
import { lockedContentPriceCents } from '../pricing/pricing';
import { meetsTier, requiredTierById, type RequiredTier } from '../post/visibility';
import { lockStateOf } from './chat-message';
import { chatDeductionCents, payPerMessageCents, type FanReversals } from './conversation';
import { seesChatEarnings, seesChatWallets, type ChatViewSettings } from './roles';
import {
  CHAT_PAGE_SIZE, type ChatMessagePage, type ChatMessageView, type ChatPromotionDetails, type ChatUserDetails, type ChatUserListEntry, type ChatUserListPage, type ChatUserSort, type PayPerMessageStatus,
} from './wire';

/** A chat message as the read model keeps it (projections/chat-messages.ts): what its view is made of. */
export interface ChatMessageFacts {
  id: string;
  unique_id: string | null;
  fan_id: string;
  sender_id: string;
  from_staff: boolean;
  /** text | photo | video | gallery | tips */
  type: string;
  text: string;
  tip_message: string | null;
  media: { mediaId: string; kind: 'photo' | 'video' }[];
  preview_media_id: string | null;
  price_cents: number;
  unlocked: boolean;
  is_pay_per_message: boolean;
  paid_cents: number;
  is_anonymous: boolean;
  created_at: string;
  /** A mass or welcome message's copy: its marker (massMessageType). */
  is_mass_message: boolean | null;
  mass_message_type: string | null;
  /** Deleted by staff: null/'none', 'fan' (from the subscriber only) or 'all' (from everyone). */
  deleted: string | null;
  /** A locked message for members of this tier and above (null or absent: every subscriber). */
  min_tier_id?: string | null;
}

/** Deleted by staff: gone for the fan (and for everyone after "from all"); staff still see "from subscriber". */
export const chatMessageShownTo = (m: Pick<ChatMessageFacts, 'deleted'>, forStaff: boolean) => (forStaff ? m.deleted !== 'all' : !m.deleted || m.deleted === 'none');

/** Every media item a page of messages shows (items and previews), each once: what the caller reads and signs. */
export const chatMessageMediaIds = (messages: ChatMessageFacts[]) =>
  [...new Set(messages.flatMap((m) => [...m.media.map((x) => x.mediaId), ...(m.preview_media_id ? [m.preview_media_id] : [])]))];

/** A running promotion covering mass messages discounts a copy still locked (ceil(price x (100 - %) / 100), on whole dollars). */
export const massCopyPromotionPrice = (m: ChatMessageFacts, discountPercent: number | null): number | null =>
  discountPercent !== null && m.is_mass_message && m.price_cents > 0 && !m.unlocked ? dollarsFromCents(lockedContentPriceCents(m.price_cents, discountPercent)) : null;

/** A message is read once the other side opened the conversation after it was written. */
export const chatMessageRead = (m: ChatMessageFacts, conversation: { fan_read_at: string | null; staff_read_at: string | null } | undefined) => {
  const read = m.from_staff ? conversation?.fan_read_at : conversation?.staff_read_at;
  return !!read && Date.parse(read) >= Date.parse(m.created_at);
};

/**
 * A read receipt (the fan or staff opened the conversation at `readAt`) applied to messages already shown: the other
 * side's messages written up to then are read, as chatMessageRead decides on the server. The same array when
 * nothing changes.
 */
export function withReadReceipt<M extends Pick<ChatMessageView, 'fromAdmin' | 'isRead' | 'created'>>(messages: M[], readBy: 'user' | 'staff', readAt: string): M[] {
  const at = Date.parse(readAt);
  const turns = (m: M) => !m.isRead && m.fromAdmin === (readBy === 'user') && Date.parse(m.created) <= at;
  return messages.some(turns) ? messages.map((m) => (turns(m) ? { ...m, isRead: true } : m)) : messages;
}

/** What every message's view in one conversation shares, read once per request. */
export interface ChatConversationSight<M extends { status: string }> {
  /** Staff see every original, media still rendering and messages deleted from the subscriber. */
  forStaff: boolean;
  conversation: { fan_read_at: string | null; staff_read_at: string | null } | undefined;
  settings: { model_name: string; model_avatar_url: string | null };
  /** The fan's name: every message not from staff is theirs. */
  fanName: string;
  /** The discount of the running promotion covering mass messages and this fan, or null. */
  massCopyDiscountPercent: number | null;
  media: Map<string, M>;
  /** One item as this viewer sees it, its links signed: originals only when `open`. */
  mediaView: (m: M, open: boolean) => PostMediaView;
  /** Every membership tier by id (a limited message's tier name and rank); read only when a message has a limit. */
  tiers?: Map<string, RequiredTier>;
  /** The rank of the fan's tier (0: the base tier or none). */
  fanTierRank?: number;
}

/**
 * What the fan is offered on a message: a locked one is bought, or first needs an upgrade when it is limited to a tier
 * above theirs (the purchase refuses it then: TIER_REQUIRED); staff and open messages get nothing.
 */
export function chatMessageCta(lock: 'free' | 'locked' | 'unlocked', required: Pick<RequiredTier, 'rank'> | null, forStaff: boolean, fanTierRank: number): ChatMessageView['cta'] {
  if (forStaff || lock !== 'locked') return null;
  return meetsTier(fanTierRank, required) ? 'unlock' : 'upgrade';
}

/**
 * One message as this viewer sees it, or undefined when it is hidden from them: originals only when free, bought
 * by this fan, or to staff. Staff media still rendering are hidden from the fan; the fan's own upload shows, marked processing.
 */
export function chatMessageView<M extends { status: string }>(m: ChatMessageFacts, c: ChatConversationSight<M>): ChatMessageView | undefined {
  const items = m.media.map((x) => c.media.get(x.mediaId)).filter((x) => !!x);
  const processing = items.some((x) => x!.status === 'processing');
  if (processing && !c.forStaff && m.from_staff) return undefined;
  if (!chatMessageShownTo(m, c.forStaff)) return undefined;
  const open = c.forStaff || m.price_cents <= 0 || m.unlocked;
  const preview = m.preview_media_id ? c.media.get(m.preview_media_id) : undefined;
  // A tip's amount is what the fan gave; any other message's is its price.
  const amountCents = m.type === 'tips' ? m.paid_cents : m.price_cents;
  const lock = lockStateOf(m.price_cents, m.unlocked);
  const required = requiredTierById(m.min_tier_id, c.tiers ?? new Map());
  return {
    ...(c.forStaff && m.deleted === 'fan' ? { deletedForUser: true } : {}),
    _id: m.id,
    uniqueId: m.unique_id,
    type: m.type as ChatMessageView['type'],
    message: m.text,
    tipMessage: m.tip_message,
    fromAdmin: m.from_staff,
    senderId: m.sender_id,
    userId: m.fan_id,
    name: m.from_staff ? c.settings.model_name : c.fanName,
    isLocked: lock,
    amount: dollarsFromCents(amountCents),
    amount_cents: amountCents,
    isRead: chatMessageRead(m, c.conversation),
    media: items.map((x) => c.mediaView(x!, open)),
    // The preview of a locked message is for anyone to see.
    media_preview: preview ? c.mediaView(preview, true) : null,
    contentCount: { photo: m.media.filter((x) => x.kind === 'photo').length, video: m.media.filter((x) => x.kind === 'video').length },
    processing,
    is_pay_per_message: m.is_pay_per_message,
    paid_cents: m.paid_cents,
    is_anonymous: m.is_anonymous,
    created: m.created_at,
    udid: m.id,
    messageFrom: m.from_staff ? 'admin' : 'user',
    image: m.from_staff ? c.settings.model_avatar_url : null,
    promotion_price: massCopyPromotionPrice(m, c.massCopyDiscountPercent),
    isMassMessage: !!m.is_mass_message,
    massMessageType: (m.mass_message_type ?? null) as ChatMessageView['massMessageType'],
    category: null,
    required_tier: required ? { tier_id: required.tierId, name: required.name } : null,
    cta: chatMessageCta(lock, required, c.forStaff, c.fanTierRank ?? 0),
  };
}

/** A page's messages as this viewer sees them, the hidden ones left out. */
export const chatMessageViews = <M extends { status: string }>(messages: ChatMessageFacts[], c: ChatConversationSight<M>): ChatMessageView[] =>
  messages.flatMap((m) => {
    const view = chatMessageView(m, c);
    return view ? [view] : [];
  });

/** The running promotion covering this fan's locked mass-message copies (api/queries/mass-messages.ts). */
export interface MassCopyPromotion {
  promotionId: string;
  discountPercent: number;
  ribbonText: string;
}

/** A conversation's pages as this viewer counts them: a fan does not count the messages deleted from them. */
export function chatTotalPages(conversation: { message_count: number; fan_deleted: number } | undefined, forStaff: boolean): number {
  const shown = (conversation?.message_count ?? 0) - (forStaff ? 0 : (conversation?.fan_deleted ?? 0));
  return Math.max(1, Math.ceil(shown / CHAT_PAGE_SIZE));
}

/** get_messages' promotionDetails: the running promotion covering this fan's locked mass-message copies, or null. */
export const chatPromotionDetails = (p: MassCopyPromotion | null): ChatPromotionDetails | null =>
  p ? { _id: p.promotionId, promotionId: p.promotionId, discount_percentage: p.discountPercent, promotionPercentage: p.discountPercent, ribbon_text: p.ribbonText } : null;

/** What a page of a conversation says around its messages. */
export interface ChatPageFacts {
  forStaff: boolean;
  conversation: { message_count: number; fan_deleted: number; credits: number } | undefined;
  settings: Pick<SiteSettings, 'is_pay_per_message_enabled' | 'pay_per_message_amount' | 'chat_settings'>;
  promotion: MassCopyPromotion | null;
  /** The fan is taken off the chat list. */
  hiddenFromChat: boolean;
}

/** A page of a conversation around its messages (already as this viewer sees them). Staff do not send pay-per-message,
 *  and a fan cannot write while normal chat is off (chat_settings.disabled_normal_chat). */
export function chatMessagePage(messages: ChatMessageView[], pageNumber: number, p: ChatPageFacts): ChatMessagePage {
  const totalPages = chatTotalPages(p.conversation, p.forStaff);
  return {
    messages,
    page_num: pageNumber,
    total_pages: totalPages,
    has_more: pageNumber < totalPages,
    promotionDetails: chatPromotionDetails(p.promotion),
    should_hide_in_chat: !!p.hiddenFromChat,
    pay_per_message: payPerMessageStatus(p.settings, p.conversation?.credits ?? 0, !p.forStaff && !p.settings.chat_settings?.disabled_normal_chat),
  };
}

/** The header's last seen: the later of the fan's last visit and last message (either may be missing). */
export const chatLastSeen = (visitedAt: string | null, wroteAt: string | null) =>
  !visitedAt ? wroteAt : !wroteAt ? visitedAt : Date.parse(visitedAt) >= Date.parse(wroteAt) ? visitedAt : wroteAt;

/** The list's sort names, with the spec's short aliases. */
const SORTS: Record<string, ChatUserSort> = {
  latest_message: 'latest_message', latest: 'latest_message', users_last_message: 'users_last_message', amount_spent: 'amount_spent',
  unread_messages: 'unread_messages', unread: 'unread_messages', expiration_date: 'expiration_date',
};

export const chatSortOf = (name: string): ChatUserSort | undefined => (Object.hasOwn(SORTS, name) ? SORTS[name] : undefined); // never an inherited member

/** Which subscribers the list shows: sorting by expiry lists the cancelled-but-paid fans whose access runs out. */
export function chatListStatus(sort: ChatUserSort, bySubscribers: string): '1' | '2' | null {
  if (sort === 'expiration_date') return '2';
  return bySubscribers === '1' || bySubscribers === '2' ? bySubscribers : null;
}

/** The staff chat list shows this many fans a page. */
export const CHAT_LIST_PAGE_SIZE = 30;

/** A message without text as the list names it. */
const lastMessageLabel = (type: string) => (type === 'photo' ? 'Photo' : type === 'video' ? 'Video' : type === 'gallery' ? 'Gallery' : type === 'tips' ? 'Tip' : '');

/** One fan in the staff chat list, as the read model has them. */
export interface ChatListFacts {
  id: string;
  name: string;
  nickname: string | null;
  complimentary: boolean;
  status: '0' | '1' | '2';
  expires_at: string | null;
  last_message: string;
  last_message_at: string | null;
  staff_unread: number;
  /** The fan's own last message (its text, or its type for media) and the staff messages the fan has not read. */
  user_last_message?: string;
  user_last_type?: string;
  fan_unread?: number;
  mass_messages_muted: boolean;
  /** Blocked, or taken off the chat list (list_id 'blocked' shows them). */
  blocked?: boolean;
  hidden_from_chat?: boolean;
  wallet_cents: number;
  spent_cents: number;
  /** Staff allowed the fan to chat while normal chat is off. */
  allowed_to_chat?: boolean;
}

export function chatListEntry(r: ChatListFacts, role: Role, settings: ChatViewSettings = {}): ChatUserListEntry {
  const wallets = seesChatWallets(role);
  const earnings = seesChatEarnings(role, settings);
  return {
    _id: r.id,
    name: r.name,
    nick_name: r.nickname,
    avatarUrl: null,
    wallet_amount: wallets ? dollarsFromCents(r.wallet_cents) : null,
    wallet_amount_cents: wallets ? r.wallet_cents : null,
    total_amount_spent: earnings ? dollarsFromCents(r.spent_cents) : null,
    total_amount_spent_cents: earnings ? r.spent_cents : null,
    has_complimentary_subscription: role === 'admin' || role === 'super_admin' ? !!r.complimentary : false,
    ccbill_subscription_status: r.status,
    expiration_date: r.expires_at,
    last_message: r.last_message,
    last_message_time: r.last_message_at,
    unreadcount: r.staff_unread,
    user_last_message: r.user_last_message || (r.user_last_type ? lastMessageLabel(r.user_last_type) : ''),
    user_unread_message: r.fan_unread ?? 0,
    mute_mass_message: !!r.mass_messages_muted,
    is_blocked: !!r.blocked,
    should_hide_in_chat: !!r.hidden_from_chat,
    is_allowed_to_chat: !!r.allowed_to_chat,
  };
}

/** One page of the staff chat list as this role sees it. */
export const chatUserListPage = (rows: ChatListFacts[], total: number, page: number, role: Role, settings: ChatViewSettings = {}): ChatUserListPage =>
  ({ users: rows.map((r) => chatListEntry(r, role, settings)), page_num: page, total, has_more: page * CHAT_LIST_PAGE_SIZE < total });

/** What the chat header shows of one fan. */
export interface ChatHeaderFacts {
  id: string;
  name: string;
  nickname: string | null;
  spentCents: number;
  walletCents: number;
  lastSeen: string | null;
  credits: number;
  status: '0' | '1' | '2';
  reversals: FanReversals;
  /** A one-to-one live session with this fan is on air. */
  liveStreamAvailable?: boolean;
}

export function chatUserDetails(f: ChatHeaderFacts, role: Role, settings: ChatViewSettings = {}): ChatUserDetails {
  const wallets = seesChatWallets(role);
  const earnings = seesChatEarnings(role, settings);
  const deduction = chatDeductionCents(f.reversals);
  return {
    _id: f.id,
    name: f.name,
    nick_name: f.nickname,
    profile: null,
    lastSeen: f.lastSeen,
    totalAmountSpent: earnings ? dollarsFromCents(f.spentCents) : null,
    totalAmountSpentCents: earnings ? f.spentCents : null,
    totalVoidAmount: dollarsFromCents(f.reversals.voidCents),
    totalRefundAmount: dollarsFromCents(f.reversals.refundCents),
    totalChargeBackAmount: dollarsFromCents(f.reversals.chargebackCents),
    totalChargeBackCount: f.reversals.chargebackCount,
    totalDeductionAmount: dollarsFromCents(deduction),
    totalDeductionCents: deduction,
    wallet_amount: wallets ? dollarsFromCents(f.walletCents) : null,
    wallet_amount_cents: wallets ? f.walletCents : null,
    payPerMessageCredit: f.credits,
    ccbill_subscription_status: f.status,
    isLiveStreamAvailable: f.liveStreamAvailable ?? false,
  };
}

/** The pay-per-message terms shown before sending: the price and the fan's free message credits. */
export function payPerMessageStatus(
  settings: { is_pay_per_message_enabled: boolean; pay_per_message_amount: number },
  credits: number,
  canChat: boolean,
): PayPerMessageStatus {
  return {
    isPayPerMessageEnabled: settings.is_pay_per_message_enabled,
    payPerMessageAmount: settings.pay_per_message_amount,
    payPerMessageAmountCents: payPerMessageCents(settings),
    payPerMessageCredit: credits,
    canChat,
  };
}
