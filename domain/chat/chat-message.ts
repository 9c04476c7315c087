// Chat message (stream `chat-message-<messageId>`): one message in a fan's conversation with the creator
//. Staff send text or media, free or locked at a price; the fan buys a locked message once
// (the pending payment is recorded before money moves, as for a post unlock), and a refund, void or chargeback
// locks it again. A fan's own message may cost money (pay-per-message): it is held until its payment is
// captured, so a message is never lost once paid for and never delivered unpaid.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { ChatMessageType } from './wire';
import { lockedContentPriceCents } from '../pricing/pricing';
import { BASE_TIER_ID } from '../membership-plan/plan';
import { TIER_LIMIT_MESSAGES } from '../post/post';

export const chatMessageStream = (messageId: string) => `chat-message-${messageId}`;

/** The longest chat message, in characters. */
export const CHAT_TEXT_MAX = 20_000;
export const CHAT_MEDIA_MAX = 45;
export const MESSAGE_EMPTY = "Message can't be empty";
export const MESSAGE_TOO_LONG = 'Message is too long.';
export const PLEASE_ADD_MEDIA = 'Please add media';
export const ONLY_ONE_MEDIA = 'You can not add more than one media.';
export const tooManyMedia = (n: number) => `You have selected ${n} images, maximum ${CHAT_MEDIA_MAX} images allowed.`;
export const lockedAmountBetween = (min: number, max: number) => `Choose an amount between ${min} and ${max}`;
export const CHAT_NOT_ALLOWED = 'Chat is for subscribers. Please subscribe to chat.';
export const RECEIVER_NOT_SUBSCRIBED = 'This user is not a subscriber.';
export const MESSAGE_ALREADY_UNLOCKED = 'Content already unlocked.';
export const COULD_NOT_UNLOCK_MESSAGE = 'Could not unlock content.';
export const MESSAGE_NOT_FOUND = 'Message not found.';
/** A locked message limited to a tier is for sale only to members of that tier or higher (as a post: domain/unlock). */
export const MESSAGE_TIER_REQUIRED = 'This message is for members of a higher tier: upgrade to unlock it.';
export const FREE_MESSAGE_NO_TIER = 'A free message is seen by everyone it is sent to: choose Locked to limit it to a tier.';
/** The reason follows. */
export const couldNotSend = (reason: string) => `Could not send Message: ${reason}`;

export type ChatReversal = 'refund' | 'void' | 'chargeback';

/** How a fan's message was paid for under pay-per-message. */
export interface PayPerMessagePaid {
  paymentId: string | null;
  amountCents: number;
  creditUsed: boolean;
}

export interface ChatMediaRef {
  mediaId: string;
  kind: 'photo' | 'video';
}

export type ChatMessageEvent =
  /** A paid fan message waiting for its payment (pay-per-message); not shown to anyone until sent. */
  | DomainEvent<'ChatMessageSendRequested', { messageId: string; fanId: string; senderId: string; text: string; uniqueId: string | null; paymentId: string; amountCents: number; requestedAt: string; media?: ChatMediaRef[] }>
  | DomainEvent<'ChatMessageSent', {
      messageId: string; fanId: string; senderId: string; fromStaff: boolean; type: ChatMessageType; text: string;
      media: ChatMediaRef[]; previewMediaId: string | null; priceCents: number; uniqueId: string | null;
      payPerMessage: PayPerMessagePaid | null; sentAt: string;
      /** A locked staff message for members of this tier and above (domain/membership-plan); absent: every subscriber. */
      minTierId?: string;
    }>
  /** `uniqueId` (the fan's own id for the send, so the page can mark the right bubble) is on failures since real time came. */
  | DomainEvent<'ChatMessageSendFailed', { messageId: string; fanId: string; paymentId: string; failureCode: string; failedAt: string; uniqueId?: string | null }>
  /** `promotionId`: bought at a locked-content promotion's price (mass-message copies only). */
  | DomainEvent<'ChatMessageUnlockRequested', { messageId: string; fanId: string; paymentId: string; amountCents: number; requestedAt: string; promotionId?: string | null }>
  /** `paymentId` null and `byStaff` set: "Unlock for this Subscriber", free of charge. */
  | DomainEvent<'ChatMessageUnlocked', { messageId: string; fanId: string; paymentId: string | null; amountCents: number; byStaff: string | null; unlockedAt: string }>
  | DomainEvent<'ChatMessageUnlockFailed', { messageId: string; fanId: string; paymentId: string; failureCode: string; failedAt: string }>
  | DomainEvent<'ChatMessageUnlockRevoked', { messageId: string; fanId: string; paymentId: string; reason: ChatReversal; revokedAt: string }>
  | MassCopyRecordedEvent
  /**
   * Staff deleted a message (delete_message_from_user / _from_all): scope 'fan' hides it from the fan
   * (staff still see it, marked), 'all' from everyone. Nothing is refunded: a bought message stays paid for (staff
   * refund it from Transactions if they choose). `udid` names the message for DELETE_MESSAGE_FROM_ALL.
   */
  | DomainEvent<'ChatMessageDeleted', { messageId: string; fanId: string; scope: ChatDeleteScope; udid: string; fromStaff: boolean; sentAt: string; wasDeletedForFan: boolean; deletedBy: string; deletedAt: string }>
  /** Staff ran a media operation on the message's media (rotate, refresh blur, video reprocess: commands/chat-staff.ts); open chats read it again. */
  | DomainEvent<'ChatMessageMediaChanged', { messageId: string; fanId: string; change: ChatMediaChange; by: string; changedAt: string }>;

/** 'processed': the media finished rendering (or failed for good) in the worker, after the message was sent. */
export type ChatMediaChange = 'rotate' | 'blur' | 'reprocess' | 'processed';

export type ChatDeleteScope = 'fan' | 'all';

/**
 * A mass or welcome message's copy (domain/chat/mass-message.ts) gets its own stream only when it is first bought
 * or unlocked by staff: this event seeds it from the mass message (commands/mass-messages.ts recordMassCopy), so the
 * unlock rules and the payment kind work on copies as on direct messages. Its chat row came with the delivery.
 */
export type MassCopyRecordedEvent = DomainEvent<
  'MassMessageCopyRecorded',
  /** minTierId: the mass message's tier limit (absent: none, or recorded before tiers). */
  { messageId: string; fanId: string; massMessageId: string; senderId: string; priceCents: number; sentAt: string; minTierId?: string }
>;

/** Staff sending to a fan. `media` comes from the uploads/library, already checked to exist. */
export interface SendStaffMessage {
  type: 'SendStaffMessage';
  messageId: string;
  fanId: string;
  senderId: string;
  text: string;
  media: ChatMediaRef[];
  previewMediaId: string | null;
  locked: boolean;
  priceCents: number;
  /** content_unlock_minimum_amount..content_unlock_maximum_amount, whole dollars. */
  bounds: { minDollars: number; maxDollars: number };
  receiverIsSubscriber: boolean;
  uniqueId: string | null;
  /** A locked message for members of this tier and above: null or the base tier = every subscriber. */
  minTierId?: string | null;
  /** The tiers offered now (ids), to check minTierId against. */
  tierIds?: string[];
  at: string;
}

/** A fan's text, or one photo or video with an optional text (domain/chat/fan-media.ts). `charge` null: free
 *  (pay-per-message off, or a credit paid for it); else the payment to take first. */
export interface SendFanMessage {
  type: 'SendFanMessage';
  messageId: string;
  fanId: string;
  text: string;
  /** The fan's own upload (checked by the command to be theirs); at most one. */
  media?: ChatMediaRef[];
  isSubscriber: boolean;
  uniqueId: string | null;
  charge: { paymentId: string; amountCents: number } | null;
  creditUsed: boolean;
  at: string;
}

export type ChatMessageCommand =
  | SendStaffMessage
  | SendFanMessage
  | { type: 'DeliverPaidMessage'; paymentId: string; at: string }
  | { type: 'FailPaidMessage'; paymentId: string; failureCode: string; at: string }
  | {
      type: 'RequestChatUnlock'; fanId: string; paymentId: string; confirmedAmountCents: number; at: string;
      /** `belowTier`: the message is limited to a tier that ranks above the buyer's (worked out by the caller). */
      viewer: { isStaff: boolean; isSubscriber: boolean; belowTier?: boolean };
      /** A running locked-content promotion covering mass messages (checked by the command): its price applies. */
      promotion?: { promotionId: string; discountPercent: number } | null;
    }
  | { type: 'RecordMassCopy'; messageId: string; fanId: string; massMessageId: string; senderId: string; priceCents: number; sentAt: string; minTierId?: string | null }
  | { type: 'CompleteChatUnlock'; paymentId: string; amountCents: number; at: string }
  | { type: 'FailChatUnlock'; paymentId: string; failureCode: string; at: string }
  | { type: 'RevokeChatUnlock'; paymentId: string; reason: ChatReversal; at: string }
  | { type: 'UnlockForSubscriber'; staffId: string; at: string }
  | { type: 'DeleteMessage'; scope: ChatDeleteScope; staffId: string; at: string }
  | { type: 'NoteMediaChange'; change: ChatMediaChange; staffId: string; at: string };

export interface ChatMessageState {
  status: 'none' | 'pending' | 'sent' | 'failed';
  messageId: string | null;
  fanId: string | null;
  fromStaff: boolean;
  priceCents: number;
  /** The pay-per-message payment a pending send waits for. */
  sendPaymentId: string | null;
  pending: { senderId: string; text: string; uniqueId: string | null; amountCents: number; media?: ChatMediaRef[] } | null;
  unlocked: boolean;
  unlockPaymentId: string | null;
  pendingUnlockPaymentId: string | null;
  pendingUnlockCents: number;
  /** Deleted for the fan, for everyone, or not. */
  deleted: 'none' | ChatDeleteScope;
  sentAt: string | null;
  udid: string | null;
  /** The mass message this is a copy of (promotions apply to copies only). */
  massMessageId?: string | null;
  /** The lowest tier that may buy it (null: every subscriber). */
  minTierId: string | null;
}

/** What is wrong with a message text (not blank when required, at most 20,000 characters), or null. */
export function chatTextProblem(text: string, required = true): string | null {
  if (required && !text.trim()) return MESSAGE_EMPTY;
  if (text.length > CHAT_TEXT_MAX) return MESSAGE_TOO_LONG;
  return null;
}

/** Validates a message text and returns it trimmed; a problem is a 400 naming the field. */
export function validateChatText(text: string, required: boolean): string {
  const problem = chatTextProblem(text, required);
  if (problem) throw new ValidationError('message', problem);
  return text.trim();
}

/** A fan's message: one media item at most, text required without one. */
export function validateFanMessage(text: string, media: ChatMediaRef[]): string {
  if (media.length > 1) throw new ValidationError('media', ONLY_ONE_MEDIA);
  return validateChatText(text, media.length === 0);
}

/** The type a staff message has by what it carries. */
export function messageTypeOf(media: ChatMediaRef[]): ChatMessageType {
  if (media.length === 0) return 'text';
  if (media.length > 1) return 'gallery';
  return media[0].kind;
}

/** Staff message rules: media count, locked needs media, the price within the settings' bounds. */
export function validateStaffMessage(c: Pick<SendStaffMessage, 'text' | 'media' | 'previewMediaId' | 'locked' | 'priceCents' | 'bounds'>): void {
  validateChatText(c.text, c.media.length === 0);
  if (c.media.length > CHAT_MEDIA_MAX) throw new ValidationError('media', tooManyMedia(c.media.length));
  if (c.locked) {
    if (c.media.length === 0) throw new ValidationError('media', PLEASE_ADD_MEDIA);
    const { minDollars, maxDollars } = c.bounds;
    if (!Number.isInteger(c.priceCents) || c.priceCents < minDollars * 100 || c.priceCents > maxDollars * 100)
      throw new ValidationError('amount', lockedAmountBetween(minDollars, maxDollars));
  }
  if (c.previewMediaId && !c.locked) throw new ValidationError('media_preview', 'Only a locked message has a preview.');
  if (c.previewMediaId && c.media.some((m) => m.mediaId === c.previewMediaId)) throw new ValidationError('media_preview', 'The preview cannot also be in the locked media.');
}

/**
 * A message's tier limit as stored: none or the base tier mean every subscriber (null). A limit is for a locked
 * message (a free one is open to whoever gets it) and must name a tier on offer; the same rule as a post's.
 */
export function validMessageTier(locked: boolean, minTierId: string | null | undefined, tierIds: string[]): string | null {
  if (!minTierId || minTierId === BASE_TIER_ID) return null;
  if (!locked) throw new ValidationError('min_tier_id', FREE_MESSAGE_NO_TIER);
  if (!tierIds.includes(minTierId)) throw new ValidationError('min_tier_id', TIER_LIMIT_MESSAGES.unknownTier);
  return minTierId;
}

/** The lock state a viewer sees: staff see every message open; the fan sees locked until bought. */
export function lockStateOf(priceCents: number, unlocked: boolean): 'free' | 'locked' | 'unlocked' {
  if (priceCents <= 0) return 'free';
  return unlocked ? 'unlocked' : 'locked';
}

const notFound = () => new DomainError(MESSAGE_NOT_FOUND, 'MESSAGE_NOT_FOUND', 404);

export const chatMessageDecider: Decider<ChatMessageCommand, ChatMessageEvent, ChatMessageState> = {
  initialState: () => ({
    status: 'none', messageId: null, fanId: null, fromStaff: false, priceCents: 0, sendPaymentId: null, pending: null,
    unlocked: false, unlockPaymentId: null, pendingUnlockPaymentId: null, pendingUnlockCents: 0, deleted: 'none', sentAt: null, udid: null, minTierId: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'ChatMessageSendRequested':
        return {
          ...state, status: 'pending', messageId: event.data.messageId, fanId: event.data.fanId, sendPaymentId: event.data.paymentId,
          pending: { senderId: event.data.senderId, text: event.data.text, uniqueId: event.data.uniqueId, amountCents: event.data.amountCents, media: event.data.media },
        };
      case 'ChatMessageSent':
        return {
          ...state, status: 'sent', messageId: event.data.messageId, fanId: event.data.fanId, fromStaff: event.data.fromStaff, priceCents: event.data.priceCents, pending: null,
          sentAt: event.data.sentAt, udid: (event.data as { udid?: string }).udid ?? event.data.messageId, // the view's udid (api/queries/chat.ts)
          minTierId: event.data.minTierId ?? null,
        };
      case 'ChatMessageSendFailed':
        return { ...state, status: 'failed', sendPaymentId: null, pending: null };
      case 'ChatMessageUnlockRequested':
        return { ...state, pendingUnlockPaymentId: event.data.paymentId, pendingUnlockCents: event.data.amountCents };
      case 'ChatMessageUnlocked':
        return { ...state, unlocked: true, unlockPaymentId: event.data.paymentId, pendingUnlockPaymentId: null };
      case 'ChatMessageUnlockFailed':
        return state.pendingUnlockPaymentId === event.data.paymentId ? { ...state, pendingUnlockPaymentId: null } : state;
      case 'ChatMessageUnlockRevoked':
        return { ...state, unlocked: false, unlockPaymentId: null };
      case 'MassMessageCopyRecorded':
        return {
          ...state, status: 'sent', messageId: event.data.messageId, fanId: event.data.fanId, fromStaff: true, priceCents: event.data.priceCents,
          sentAt: event.data.sentAt, udid: event.data.messageId, massMessageId: event.data.massMessageId, minTierId: event.data.minTierId ?? null,
        };
      case 'ChatMessageDeleted':
        return { ...state, deleted: state.deleted === 'all' ? 'all' : event.data.scope };
      case 'ChatMessageMediaChanged':
        return state; // the media's own streams hold the new renders
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SendStaffMessage': {
        if (state.status !== 'none') return []; // the same message sent again (retry): already there
        validateStaffMessage(command);
        const minTierId = validMessageTier(command.locked, command.minTierId, command.tierIds ?? []);
        if (!command.receiverIsSubscriber) throw new DomainError(RECEIVER_NOT_SUBSCRIBED, 'RECEIVER_NOT_SUBSCRIBED', 400, { field: 'receiver' });
        const priceCents = command.locked ? command.priceCents : 0;
        return [{
          type: 'ChatMessageSent',
          data: {
            messageId: command.messageId, fanId: command.fanId, senderId: command.senderId, fromStaff: true, type: messageTypeOf(command.media),
            text: command.text.trim(), media: command.media, previewMediaId: command.previewMediaId, priceCents, uniqueId: command.uniqueId,
            payPerMessage: null, sentAt: command.at, ...(minTierId ? { minTierId } : {}),
          },
        }];
      }
      case 'SendFanMessage': {
        // A resend of a message already delivered or already waiting for its payment changes nothing.
        if (state.status === 'sent' || state.status === 'pending') return [];
        if (!command.isSubscriber) throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
        const media = command.media ?? [];
        const text = validateFanMessage(command.text, media);
        const { messageId, fanId, uniqueId, at } = command;
        if (command.charge)
          return [{ type: 'ChatMessageSendRequested', data: { messageId, fanId, senderId: fanId, text, uniqueId, paymentId: command.charge.paymentId, amountCents: command.charge.amountCents, requestedAt: at, ...(media.length ? { media } : {}) } }];
        return [{
          type: 'ChatMessageSent',
          data: {
            messageId, fanId, senderId: fanId, fromStaff: false, type: messageTypeOf(media), text, media, previewMediaId: null, priceCents: 0, uniqueId,
            payPerMessage: command.creditUsed ? { paymentId: null, amountCents: 0, creditUsed: true } : null, sentAt: at,
          },
        }];
      }
      case 'DeliverPaidMessage': {
        if (state.status !== 'pending' || state.sendPaymentId !== command.paymentId || !state.pending) return [];
        const p = state.pending;
        return [{
          type: 'ChatMessageSent',
          data: {
            messageId: state.messageId!, fanId: state.fanId!, senderId: p.senderId, fromStaff: false, type: messageTypeOf(p.media ?? []), text: p.text, media: p.media ?? [],
            previewMediaId: null, priceCents: 0, uniqueId: p.uniqueId,
            payPerMessage: { paymentId: command.paymentId, amountCents: p.amountCents, creditUsed: false }, sentAt: command.at,
          },
        }];
      }
      case 'FailPaidMessage':
        if (state.status !== 'pending' || state.sendPaymentId !== command.paymentId) return [];
        return [{ type: 'ChatMessageSendFailed', data: { messageId: state.messageId!, fanId: state.fanId!, paymentId: command.paymentId, failureCode: command.failureCode, failedAt: command.at, uniqueId: state.pending?.uniqueId ?? null } }];
      case 'RequestChatUnlock': {
        // A deleted message can no longer be bought.
        if (state.status !== 'sent' || state.fanId !== command.fanId || state.deleted !== 'none') throw notFound();
        if (state.unlocked) throw new DomainError(MESSAGE_ALREADY_UNLOCKED, 'ALREADY_UNLOCKED', 409);
        if (state.pendingUnlockPaymentId) return []; // a purchase under way (double click, second tab): join it
        if (state.priceCents <= 0) throw new DomainError(COULD_NOT_UNLOCK_MESSAGE, 'NOT_LOCKED', 400);
        if (command.viewer.isStaff) throw new DomainError(COULD_NOT_UNLOCK_MESSAGE, 'STAFF_NEEDS_NO_UNLOCK', 400);
        if (!command.viewer.isSubscriber) throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
        if (command.viewer.belowTier) throw new DomainError(MESSAGE_TIER_REQUIRED, 'TIER_REQUIRED', 403);
        // Direct messages are not covered by promotions; a mass message's copy is.
        if (command.promotion && !state.massMessageId) throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
        const price = command.promotion ? lockedContentPriceCents(state.priceCents, command.promotion.discountPercent) : state.priceCents;
        if (command.confirmedAmountCents !== price)
          throw new DomainError('Invalid request.', 'PRICE_CHANGED', 409, { field: 'amount', priceCents: price });
        return [{
          type: 'ChatMessageUnlockRequested',
          data: {
            messageId: state.messageId!, fanId: command.fanId, paymentId: command.paymentId, amountCents: price, requestedAt: command.at,
            ...(command.promotion ? { promotionId: command.promotion.promotionId } : {}),
          },
        }];
      }
      case 'CompleteChatUnlock':
        if (state.unlocked) return [];
        return [{ type: 'ChatMessageUnlocked', data: { messageId: state.messageId!, fanId: state.fanId!, paymentId: command.paymentId, amountCents: command.amountCents, byStaff: null, unlockedAt: command.at } }];
      case 'FailChatUnlock':
        if (state.unlocked || state.pendingUnlockPaymentId !== command.paymentId) return [];
        return [{ type: 'ChatMessageUnlockFailed', data: { messageId: state.messageId!, fanId: state.fanId!, paymentId: command.paymentId, failureCode: command.failureCode, failedAt: command.at } }];
      case 'RevokeChatUnlock':
        // Only the payment that unlocked it takes it back (a stale notice about an older one does not).
        if (!state.unlocked || state.unlockPaymentId !== command.paymentId) return [];
        return [{ type: 'ChatMessageUnlockRevoked', data: { messageId: state.messageId!, fanId: state.fanId!, paymentId: command.paymentId, reason: command.reason, revokedAt: command.at } }];
      case 'UnlockForSubscriber':
        if (state.status !== 'sent' || state.deleted !== 'none') throw notFound();
        if (state.priceCents <= 0) throw new DomainError(COULD_NOT_UNLOCK_MESSAGE, 'NOT_LOCKED', 400);
        if (state.unlocked) throw new DomainError(MESSAGE_ALREADY_UNLOCKED, 'ALREADY_UNLOCKED', 409);
        // A purchase under way would be charged for something already open: let it finish first.
        if (state.pendingUnlockPaymentId) throw new DomainError('A purchase of this message is under way.', 'UNLOCK_IN_PROGRESS', 409);
        return [{ type: 'ChatMessageUnlocked', data: { messageId: state.messageId!, fanId: state.fanId!, paymentId: null, amountCents: 0, byStaff: command.staffId, unlockedAt: command.at } }];
      case 'RecordMassCopy':
        if (state.status !== 'none') return [];
        return [{
          type: 'MassMessageCopyRecorded',
          data: {
            messageId: command.messageId, fanId: command.fanId, massMessageId: command.massMessageId, senderId: command.senderId, priceCents: command.priceCents, sentAt: command.sentAt,
            ...(command.minTierId ? { minTierId: command.minTierId } : {}),
          },
        }];
      case 'DeleteMessage': {
        if (state.status !== 'sent') throw notFound();
        // Deleting again changes nothing; after "from all" there is nothing left to hide from the fan.
        if (state.deleted === 'all' || state.deleted === command.scope) return [];
        // A purchase under way would take money for a message that is gone: let it finish first.
        if (state.pendingUnlockPaymentId) throw new DomainError('A purchase of this message is under way.', 'UNLOCK_IN_PROGRESS', 409);
        return [{
          type: 'ChatMessageDeleted',
          data: {
            messageId: state.messageId!, fanId: state.fanId!, scope: command.scope, udid: state.udid ?? state.messageId!, fromStaff: state.fromStaff,
            sentAt: state.sentAt ?? command.at, wasDeletedForFan: state.deleted === 'fan', deletedBy: command.staffId, deletedAt: command.at,
          },
        }];
      }
      case 'NoteMediaChange':
        // Nothing to announce for a message that is not there (or gone for everyone).
        if (state.status !== 'sent' || state.deleted === 'all') return [];
        return [{ type: 'ChatMessageMediaChanged', data: { messageId: state.messageId!, fanId: state.fanId!, change: command.change, by: command.staffId, changedAt: command.at } }];
    }
  },
};
