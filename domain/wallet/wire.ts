// Wire shapes of the wallet and crypto top-ups, shared by the server and both apps.
import type { PostView } from '../post/wire';

// ---------------------------------------------------------------------------------------------------------
// Wallet and crypto top-ups

/** GET /api/crypto/get-currency-list → data[] */
export interface CryptoCurrencyItem {
  currency: string;
  description: string;
  /** USD per coin, as the provider quotes it. */
  rate: string;
}

/** POST /api/crypto/generate-payment-id → data */
export interface CryptoGeneratedPayment {
  payment_id: string;
  currency: string;
  /** The amount in the chosen currency (decimal string). */
  amount: string;
  /** The USD amount being added, dollars and cents. */
  amount_usd: number;
  amount_usd_cents: number;
  expires_at: string;
  /** Seconds left of the 15 minutes. */
  wait_time: number;
}

/** POST /api/crypto/add-fund-and-payment and /api/crypto/get-transaction-info → data. */
export interface CryptoPaymentData extends CryptoGeneratedPayment {
  /** QR code of the payment URI, a PNG data URL. */
  qr_img: string;
  /** The payment URI the QR code encodes. */
  qr: string;
  address: string;
  reference_no: string;
  stats_token: string;
  pos_id: string;
  notices: { code: string; message: string }[];
  status: CryptoTransactionStatus['status'];
}

/** POST /api/crypto/get-transaction-status → data (polled every 5 s until done). */
export interface CryptoTransactionStatus {
  payment_id: string;
  status: 'created' | 'waiting' | 'underpaid' | 'paid' | 'expired' | 'failed';
  is_payment_confirmed: boolean;
  /** Stop polling: confirmed, failed or expired. */
  done: boolean;
  seconds_left: number;
  /** Dollars credited by this payment (0 until paid). */
  credited: number;
  /** The wallet balance now, dollars and cents. */
  wallet_balance: number;
  wallet_balance_cents: number;
  /** 'Payment failed.' on failure or expiry; the underpayment notice when less arrived. */
  message: string | null;
}

/** POST /api/crypto/wallet-history → data */
export interface WalletHistoryPage {
  rows: WalletHistoryItem[];
  currentPage: number;
  totalPages: number;
  total: number;
  wallet_balance: number;
  wallet_balance_cents: number;
}

export interface WalletHistoryItem {
  _id: string;
  kind: 'top_up' | 'purchase' | 'refund';
  description: string;
  /** Signed: + into the wallet, − out of it. */
  amount: number;
  amount_cents: number;
  balance_cents: number;
  currency: string | null;
  reference_id: string;
  created_at: string;
}

/** POST /api/crypto/purchase-from-wallet → data (success) */
export interface WalletPurchaseResult {
  transaction_id: string;
  transaction_amount: number;
  transaction_amount_cents: number;
  wallet_balance: number;
  wallet_balance_cents: number;
  blogData?: PostView;
}

/** 402 INSUFFICIENT_FUNDS → data: what is missing, and the Add Funds amount (rounded up to whole dollars). */
export interface InsufficientFundsData {
  price_cents: number;
  wallet_balance_cents: number;
  shortfall_cents: number;
  add_funds_cents: number;
  /** Dollars, for display. */
  shortfall: number;
  add_funds_amount: number;
}

/** GET /admin-api/crypto-payments (console; sandbox controls) */
export interface AdminCryptoPaymentRecord {
  id: string;
  user_id: string;
  user_email: string | null;
  currency: string;
  amount_cents: number;
  crypto_amount: string | null;
  address: string | null;
  reference_no: string | null;
  status: CryptoTransactionStatus['status'];
  received_cents: number;
  credit_cents: number;
  credited: boolean;
  settled_by: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** What the sandbox provider shows for it (null for a real provider). */
  provider_status: string | null;
}
