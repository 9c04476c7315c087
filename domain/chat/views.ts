// What staff see of a fan in the chat list and header, and the pay-per-message terms a sender is shown
// (spec 3 §4, §6). Pure: the rows come from the read models, the role decides which amounts show.
import { dollarsFromCents } from '../shared/money';
import type { Role } from '../shared/wire';
import { chatDeductionCents, payPerMessageCents, type FanReversals } from './conversation';
import { seesChatEarnings, seesChatWallets, type ChatViewSettings } from './roles';
import type { ChatUserDetails, ChatUserListEntry, ChatUserSort, PayPerMessageStatus } from './wire';

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
  };
}

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
  /** A one-to-one live session with this fan is on air (issue 15; LV-13). */
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
