// What each kind of purchase is, in one table: where its money counts (earnings, reports, the transactions list),
// what it bought, how it reads on a card statement and in the wallet history, and what a fan is told when the
// wallet does not cover it. A new kind of purchase is one row here (the table's type makes a missing row a type
// error) plus its PurchaseKind in commands/payment/kinds/.
import type { ReportSource } from '../reporting/reporting';
import { INSUFFICIENT_FUNDS } from '../pricing/pricing';
import type { PaymentPurpose } from './payment';
import type { TransactionType } from './wire';

export type PurposeKind = PaymentPurpose['kind'];
export type PurposeOf<K extends PurposeKind> = Extract<PaymentPurpose, { kind: K }>;

/** Where a payment's money counts in earnings, the ledger and the dashboard, in the order the dashboard shows them. */
export const EARNINGS_SOURCES = ['subscriptions', 'unlocks', 'tips', 'chat', 'shop', 'bookings'] as const;
export type EarningsSource = (typeof EARNINGS_SOURCES)[number];

/** A wallet top-up paid by card is in dollars: its purpose's currency (a crypto top-up's is the coin's ticker). */
export const CARD_TOP_UP_CURRENCY = 'USD';

export const LOW_BALANCE_FOR_MESSAGE = 'Your wallet balance is low. Please add funds to send message.';
export const ADD_FUNDS_TO_SUBSCRIBE = 'Please Add Funds in wallet to subscribe.';
export const ADD_FUNDS_TO_ORDER = 'Please Add Funds in wallet to place your order.';
export const ADD_FUNDS_TO_BOOK = 'Please Add Funds in wallet to book this slot.';

export interface PurchaseFacts<K extends PurposeKind> {
  /**
   * The ledger's and the earnings' source (five coarse ones); null: the money is not earnings but the fan's own,
   * held in their wallet (a top-up) — it counts when the wallet pays for something.
   */
  earnings: EarningsSource | null;
  /** The reports' finer source; a chat unlock of a mass-message copy counts with mass messages; null: not earnings. */
  reportSource(purpose: PurposeOf<K>, isMassCopy: boolean): ReportSource | null;
  /** The transactions list's type (a subscription's later periods are rebills). */
  transactionType(purpose: PurposeOf<K>): Exclude<TransactionType, 'refund' | 'void' | 'chargeback'>;
  /** Whether the money can come back after the capture (a refund, void or chargeback takes back what it bought). */
  reversible: boolean;
  /** What was bought, for the reference columns: the post, the chat message or the live session. */
  item(purpose: PurposeOf<K>): string | null;
  /** The line on the card holder's statement. */
  statement(purpose: PurposeOf<K>): string;
  /** The wallet history's line for a debit that paid for it. */
  walletLine: string;
  /** Why a wallet that does not cover it is refused. */
  shortfallMessage: string;
  /** The purchase in a sentence of the console's audit ("… paid for a post unlock"). */
  inWords: string;
}

export const PURCHASE_FACTS: { [K in PurposeKind]: PurchaseFacts<K> } = {
  unlock: {
    earnings: 'unlocks',
    reportSource: () => 'unlocks',
    transactionType: () => 'unlock',
    item: (p) => p.postId,
    statement: (p) => `Unlock post ${p.postId}`,
    walletLine: 'Unlocked a post',
    shortfallMessage: INSUFFICIENT_FUNDS,
    reversible: true,
    inWords: 'a post unlock',
  },
  subscription: {
    earnings: 'subscriptions',
    reportSource: (p) => (Number(p.period) > 1 ? 'rebills' : 'subscriptions'),
    transactionType: (p) => (p.period > 1 ? 'rebill' : 'subscription'),
    item: () => null,
    statement: () => 'Membership',
    walletLine: 'Membership',
    shortfallMessage: ADD_FUNDS_TO_SUBSCRIBE,
    reversible: true,
    inWords: 'a membership',
  },
  tip: {
    earnings: 'tips',
    reportSource: (p) => (p.tipFrom === 'live' ? 'live' : 'tips'),
    transactionType: () => 'tip',
    item: () => null,
    statement: () => 'Tip',
    walletLine: 'Tip',
    shortfallMessage: INSUFFICIENT_FUNDS,
    reversible: true,
    inWords: 'a tip',
  },
  chat_unlock: {
    earnings: 'chat',
    reportSource: (_p, isMassCopy) => (isMassCopy ? 'mass_messages' : 'chat'),
    transactionType: () => 'chat_unlock',
    item: (p) => p.messageId,
    statement: (p) => `Unlock chat message ${p.messageId}`,
    walletLine: 'Unlocked a message',
    shortfallMessage: INSUFFICIENT_FUNDS,
    reversible: true,
    inWords: 'a chat message',
  },
  pay_per_message: {
    earnings: 'chat',
    reportSource: () => 'chat',
    transactionType: () => 'pay_per_message',
    item: (p) => p.messageId,
    statement: () => 'Chat message',
    walletLine: 'Message',
    shortfallMessage: LOW_BALANCE_FOR_MESSAGE,
    reversible: true,
    inWords: 'a paid message',
  },
  // A one-to-one live call runs inside the private chat: its minutes count with the chat's earnings, and with
  // live in the reports.
  live_minute: {
    earnings: 'chat',
    reportSource: () => 'live',
    transactionType: () => 'live_minute',
    item: (p) => p.sessionId,
    statement: () => 'Live stream minute',
    walletLine: 'Live stream minute',
    shortfallMessage: INSUFFICIENT_FUNDS,
    reversible: true,
    inWords: 'a live minute',
  },
  // Crypto paid into the fan's own wallet: not earnings (the purchases the wallet pays for are), listed as a
  // top-up, and final — a crypto payment has no refund or chargeback.
  wallet_top_up: {
    earnings: null,
    reportSource: () => null,
    transactionType: () => 'wallet_topup',
    item: () => null,
    statement: (p) => (p.currency === CARD_TOP_UP_CURRENCY ? 'Wallet top-up' : `Wallet top-up in ${p.currency}`),
    walletLine: 'Wallet top-up',
    shortfallMessage: INSUFFICIENT_FUNDS,
    reversible: false,
    inWords: 'a wallet top-up',
  },
  shop_order: {
    earnings: 'shop',
    reportSource: () => 'shop',
    transactionType: () => 'shop_order',
    item: (p) => p.orderId,
    statement: (p) => `Shop order ${p.orderId.slice(0, 8)}`,
    walletLine: 'Shop order',
    shortfallMessage: ADD_FUNDS_TO_ORDER,
    reversible: true,
    inWords: 'a shop order',
  },
  // A booked one-to-one chat slot: its own earnings and report source, so chat time sold ahead shows apart.
  chat_booking: {
    earnings: 'bookings',
    reportSource: () => 'bookings',
    transactionType: () => 'chat_booking',
    item: (p) => p.bookingId,
    statement: (p) => `Chat booking ${p.bookingId.slice(0, 8)}`,
    walletLine: 'Chat booking',
    shortfallMessage: ADD_FUNDS_TO_BOOK,
    reversible: true,
    inWords: 'a chat booking',
  },
};

/** A wallet top-up paid by card (a crypto top-up's row and capture are the crypto payment's own). */
export const isCardTopUp = (purpose: RecordedPurpose): boolean => purpose.kind === 'wallet_top_up' && purpose.currency === CARD_TOP_UP_CURRENCY;

/** The row of a purpose's kind, narrowed to it. */
export function factsOf<K extends PurposeKind>(purpose: PurposeOf<K>): PurchaseFacts<K> {
  return PURCHASE_FACTS[purpose.kind as K];
}

/** A purpose as read back from a stored event. */
export type RecordedPurpose = { kind?: unknown; [field: string]: unknown };

/** Recorded purposes come from stored events: an unknown kind (never written today) is read safely. */
export function knownPurpose(purpose: RecordedPurpose | null | undefined): purpose is PaymentPurpose {
  return !!purpose && typeof purpose.kind === 'string' && Object.hasOwn(PURCHASE_FACTS, purpose.kind);
}

/**
 * Where a recorded payment's money counts in earnings, the ledger and the dashboard; null for money that is not
 * earnings (a wallet top-up). A kind this build does not know counts with subscriptions, as before kinds existed.
 */
export const earningsSourceOf = (purpose: RecordedPurpose): EarningsSource | null => (knownPurpose(purpose) ? factsOf(purpose).earnings : 'subscriptions');

/** Whether a recorded payment is earnings (everything but a wallet top-up). */
export const countsAsEarnings = (purpose: RecordedPurpose): boolean => earningsSourceOf(purpose) !== null;

/** The reports' source of a recorded payment. */
export const reportSourceOf = (purpose: RecordedPurpose, isMassCopy: boolean): ReportSource | null =>
  knownPurpose(purpose) ? factsOf(purpose).reportSource(purpose, isMassCopy) : 'subscriptions';

/** The transactions list's type of a payment. */
export const transactionTypeOf = (purpose: PaymentPurpose) => factsOf(purpose).transactionType(purpose);

/** What a payment bought, for the reference columns; null for a membership or a tip. */
export const purchasedItemOf = (purpose: RecordedPurpose): string | null => (knownPurpose(purpose) ? factsOf(purpose).item(purpose) : null);
