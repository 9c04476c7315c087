// Wire shapes of payment answers, transactions and the console's dashboard, shared by the server and both apps.
// Money in the console is integer cents.
import type { PostView } from '../post/wire';

/** Payment answer. */
export interface PaymentResult {
  accepted: boolean;
  transactionId: string | null;
  failureCode?: string; // '-23', '-24', ...
  alreadyCharged?: boolean;
  blogData?: PostView;
  errors?: { allow_cascade?: boolean; error_from?: string; transactionId?: string };
}

/**
 * A transaction row's type: what each kind of purchase records (domain/payment/purchase-kinds.ts), a wallet top-up,
 * a second sale a provider made for a payment already paid (its page paid twice) and its refund, and the reversals.
 */
export const TRANSACTION_TYPES = [
  'subscription', 'rebill', 'unlock', 'tip', 'chat_unlock', 'pay_per_message', 'live_minute', 'wallet_topup', 'shop_order', 'chat_booking',
  'second_sale', 'second_sale_refund', 'refund', 'void', 'chargeback',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface AdminTransactionRecord {
  id: string;
  user_id: string;
  user_email: string;
  type: TransactionType;
  amount_cents: number; // negative for refunds, voids and chargebacks
  currency: 'USD';
  method: 'card' | 'wallet' | 'crypto';
  card: string | null; // 'visa •••• 4242'
  status: 'captured' | 'failed';
  failure_code: string | null;
  reference_id: string | null; // the post id for unlocks, the message id for chat purchases
  gateway_transaction_id: string | null;
  created_at: string;
}

/** GET /admin-api/dashboard */
export interface AdminDashboard {
  today_earnings_cents: number;
  new_subscribers_today: number;
  active_subscribers: number;
  total_posts: number;
  earnings_30d: { day: string; cents: number }[]; // 30 entries, oldest first, 'YYYY-MM-DD'
  /** The same 30 days by source: subscriptions, unlocks, tips, chat (net of refunds, voids and chargebacks). */
  earnings_by_source_30d: { source: string; cents: number }[];
}
