// Wire shapes of private chat, shared by the server and both apps.
// Envelope and errors as in domain/shared/wire.ts. One creator: a conversation is one fan with the creator's
// staff, named by the fan's user id.
//
// Fan (role user with subscription status '1' or '2'; anyone else gets 403 'CHAT_NOT_ALLOWED'):
//   GET  /api/chat/get_messages?page_num=1                 → ChatMessagePage (own conversation)
//   POST /api/chat/send_message {message, uniqueId?, media?: [mediaId], isPayPerMessageEnabled?, payPerMessageAmount?}
//                                                           → ChatSendResult (text, or one photo or video with an optional
//        text; pay-per-message rules below, a media message costs the same). POST /api/message/send-message (its
//        universal-chat name) is the same send for fans and staff; its domain and email are ignored.
//   A photo or video (domain/chat/fan-media.ts): POST /api/upload/generate_presigned_url
//        {file_name, content_type, media_type: 'message', file_size} → {presigned_url, file_name} (any other purpose is
//        staff's: 403), PUT the file to presigned_url without the Authorization header, then
//        POST /api/chat/upload_media {file_name, content_type, original_name} → {media_id, type, status, media}. Only
//        its uploader can send it; its originals reach that fan and staff only.
//   POST /api/chat/get_user_send_message_status             → PayPerMessageStatus
//   POST /api/chat/read_message_user                        → {unread: 0}
//   GET  /api/users/get_unread_count                        → UnreadCounts
//   GET  /api/chat/get_chat_message?id=                     → ChatMessageView
//   Unlock a locked message, after 'Please Confirm Your Purchase of $X.':
//   POST /api/v2/purchase/chat-content-purchase {messageId, amount, card_id? | card form}  → ChatPurchaseResult
//        (402 PAYMENT_FAILED with data.errors.allow_cascade as the post unlock; 409 ALREADY_UNLOCKED)
//   POST /api/crypto/purchase-from-wallet {payment_for: 'chat', content_id: messageId, amount?} → WalletPurchaseResult
//        with chatMessage; 402 INSUFFICIENT_FUNDS with InsufficientFundsData (open Add Funds, then retry)
//   Tip from chat: POST /api/v2/purchase/send-tip {amount, tipFrom: 'chat', tipMessage} (card) or
//        POST /api/crypto/purchase-from-wallet {payment_for: 'tips', amount, tip_from: 'chat', tipMessage};
//        the tip then shows in the conversation as a 'tips' message.
//
// Staff (admin, super_admin, sub_admin, model, content_manager, live_stream_manager, support):
//   GET  /api/chat/get_user_list?page_num&user_name&sort_by&sort_by_subscribers → ChatUserListPage
//   GET  /api/chat/get_messages_admin?selected_user_id&page_num   → ChatMessagePage
//   GET  /api/chat/get_user_details?user_id                     → ChatUserDetails (the chat header)
//   POST /api/chat/send_message {receiver, message, type?, media?: mediaId[], media_preview?: mediaId,
//        isLocked?: boolean, amount?: dollars, uniqueId?}        → ChatSendResult (not support)
//   POST /api/chat/read_message_model {userId}                  → {unread: 0}
//   POST /api/chat/unlock_message_from_user {message_id}        ("Unlock for this Subscriber": admin, super_admin, sub_admin)
//   POST /api/chat/grant_message_credits {user_id, credits}     (pay-per-message credits: the settings roles)
//
// Pay-per-message: with is_pay_per_message_enabled, a fan's message costs pay_per_message_amount
// unless they hold a credit (then it is free and uses one). The fan accepts the charge by sending
// isPayPerMessageEnabled: true with the payPerMessageAmount (dollars) they were shown; a charge they did not accept
// (the setting or price changed, or they were never shown it) is 409 PAY_PER_MESSAGE_NOT_ACCEPTED with the alert text
// 'Sending this message will charge $X. Do you want to continue?' and data = PayPerMessageStatus, and nothing is taken. It is paid from the wallet when the default
// payment method is crypto_currency (402 INSUFFICIENT_FUNDS 'Your wallet balance is low. Please add funds to
// send message.'), otherwise by the primary card (402 'Could not send Message: {reason}', with
// errors.allow_cascade for an authorization problem). A message that was paid but not yet delivered (crash,
// retry) answers errors.isPaymentDoneForPayPerMessage and is delivered without a second charge.
import type { PaymentResult } from '../payment/wire';
import type { PostMediaView } from '../post/wire';
import type { WalletPurchaseResult } from '../wallet/wire';

/** GO_LIVE_STREAM: the one-to-one live session's start/end marker (written by the live package). */
export type ChatMessageType = 'text' | 'photo' | 'video' | 'gallery' | 'tips' | 'system' | 'GO_LIVE_STREAM';
/** free: no price; locked: priced and not bought by this fan; unlocked: bought (or unlocked by staff). */
export type ChatLockState = 'free' | 'locked' | 'unlocked';

export const CHAT_PAGE_SIZE = 30;

export interface ChatMessageView {
  _id: string;
  /** The sender's own id for the message (dedupes a resend). */
  uniqueId: string | null;
  type: ChatMessageType;
  message: string;
  /** For 'tips': the tip's note. */
  tipMessage: string | null;
  fromAdmin: boolean;
  senderId: string;
  /** The fan whose conversation this is. */
  userId: string;
  name: string;
  isLocked: ChatLockState;
  /** The price of a locked message; for a 'tips' message, the tip. */
  amount: number;
  amount_cents: number;
  isRead: boolean;
  /** Originals only when the viewer may open them (free, unlocked by this fan, or staff); else blurred previews. */
  media: PostMediaView[];
  media_preview: PostMediaView | null;
  contentCount: { photo: number; video: number };
  /** Media still rendering: hidden from the fan until ready (staff see it with the spec's notice). */
  processing: boolean;
  is_pay_per_message: boolean;
  /** What the fan paid to send it (pay-per-message) or for the tip; 0 otherwise. */
  paid_cents: number;
  is_anonymous: boolean;
  created: string;
  /** The spec's names: udid is the message's id again; messageFrom who wrote it; image the sender's picture (the
   *  creator's avatar on staff messages; fans have none); promotion_price the promotion's price when one covers it. */
  /** Always sent by the server (optional only so the apps' optimistic bubbles need not invent them). */
  udid?: string;
  messageFrom?: 'admin' | 'user';
  image?: string | null;
  promotion_price?: number | null;
  /** The Content Manager category a staff message's media came from (null: none). */
  category?: string | null;
  /** Staff only: deleted from the subscriber (POST /api/chat/delete_message_from_user); the fan no longer sees it. */
  deletedForUser?: boolean;
  /** A mass or welcome message's copy: its marker, null for a copy sent to subscribers at send time. */
  isMassMessage?: boolean;
  massMessageType?: 'WELCOME' | 'STAGGER' | 'DELAYED' | 'RESENT' | 'PREVIOUS' | null;
  /** A locked message for members of a tier and above: that tier (its name for "Upgrade to …"); null: every subscriber. */
  required_tier?: { tier_id: string; name: string } | null;
  /** The fan's way to a locked message: buy it, or upgrade first (its tier ranks above theirs); null for staff and open ones. */
  cta?: 'unlock' | 'upgrade' | null;
}

/** get_messages' promotionDetails: the running locked-content promotion covering mass messages' copies. */
export interface ChatPromotionDetails {
  _id: string;
  promotionId: string;
  discount_percentage: number;
  promotionPercentage: number;
  ribbon_text: string;
}

export interface ChatMessagePage {
  /** Oldest first; page 1 is the newest CHAT_PAGE_SIZE messages, higher pages go back in time. */
  messages: ChatMessageView[];
  page_num: number;
  total_pages: number;
  has_more: boolean;
  /** Direct chat messages are not covered by locked-content promotions (domain/promotion), so always null. */
  promotionDetails: ChatPromotionDetails | null;
  should_hide_in_chat: boolean;
  pay_per_message: PayPerMessageStatus;
}

export interface PayPerMessageStatus {
  isPayPerMessageEnabled: boolean;
  payPerMessageAmount: number;
  payPerMessageAmountCents: number;
  payPerMessageCredit: number;
  /** May this caller send now (fan: subscribed and not blocked from chat). */
  canChat: boolean;
}

export interface ChatSendResult {
  /** The stored message's id: a send that answers success was stored, whatever else the answer holds. */
  messageId: string;
  /** The message as the sender sees it; null while the read models have not caught up with it yet (it then
   *  arrives as MESSAGE_RECEIVE). */
  message: ChatMessageView | null;
  is_pay_per_message: boolean;
  /** The pay-per-message payment, when one was taken. */
  transactionId: string | null;
  amount: number;
  amount_cents: number;
  wallet_balance: number;
  wallet_balance_cents: number;
  payPerMessageCredit: number;
}

/** POST /api/v2/purchase/chat-content-purchase → data: the payment's result (as a post unlock's) and the message now. */
export interface ChatPurchaseResult extends PaymentResult {
  chatMessage?: ChatMessageView;
}

/** POST /api/crypto/purchase-from-wallet with payment_for 'chat' → data: the wallet purchase and the message now. */
export interface ChatWalletPurchaseResult extends WalletPurchaseResult {
  chatMessage?: ChatMessageView;
}

export interface UnreadCounts {
  /** Messages from the creator the fan has not read (fan), or fans' messages staff have not read (staff). */
  userUnreadMessage: number;
}

export interface ChatUserListEntry {
  _id: string;
  name: string;
  nick_name: string | null;
  avatarUrl: string | null;
  /** null when the viewer's role does not see wallets (admin, sub_admin, super_admin). */
  wallet_amount: number | null;
  wallet_amount_cents: number | null;
  /** null when earnings are hidden from this role. */
  total_amount_spent: number | null;
  total_amount_spent_cents: number | null;
  has_complimentary_subscription: boolean;
  ccbill_subscription_status: '0' | '1' | '2';
  expiration_date: string | null;
  last_message: string;
  last_message_time: string | null;
  /** Fan's messages staff have not read. */
  unreadcount: number;
  /** The fan's own last message ('Photo' / 'Video' for media without text; '' when none) and the
   *  creator's messages the fan has not read yet. */
  user_last_message?: string;
  user_unread_message?: number;
  mute_mass_message: boolean;
  /** Blocked (the row menu offers Unblock) / taken off the chat list: both only on list_id 'blocked'. */
  is_blocked?: boolean;
  should_hide_in_chat?: boolean;
  /** Staff allowed the fan to chat while normal chat is off (POST /api/chat/update_allow_user_to_chat). */
  is_allowed_to_chat?: boolean;
}

export type ChatUserSort = 'latest_message' | 'users_last_message' | 'amount_spent' | 'unread_messages' | 'expiration_date';

export interface ChatUserListPage {
  users: ChatUserListEntry[];
  page_num: number;
  total: number;
  has_more: boolean;
}

/** The chat header. Amounts in dollars with *_cents twins. */
export interface ChatUserDetails {
  _id: string;
  name: string;
  nick_name: string | null;
  profile: string | null;
  lastSeen: string | null;
  totalAmountSpent: number | null;
  totalAmountSpentCents: number | null;
  totalVoidAmount: number;
  totalRefundAmount: number;
  totalChargeBackAmount: number;
  totalChargeBackCount: number;
  /** The red total: voids + refunds + chargebacks + 25 dollars per chargeback (domain/chat chatDeductionCents). */
  totalDeductionAmount: number;
  totalDeductionCents: number;
  wallet_amount: number | null;
  wallet_amount_cents: number | null;
  payPerMessageCredit: number;
  ccbill_subscription_status: '0' | '1' | '2';
  isLiveStreamAvailable: boolean;
}
