// A fan's own payments and receipts (issue 11 item 16): the wire shape of GET /api/users/payments and
// GET /api/users/payments/:id, and the pure texts both ends share — what a row is called, its receipt as plain
// text, and the CSV of all rows. Money stays integer cents; formatting goes through formatMoney.
import { formatMoney } from '../shared/money';
import { csvCell } from '../shared/csv';
import type { TransactionType } from './wire';

export type PaymentHistoryStatus = 'pending' | 'captured' | 'failed';

/** One row of the fan's payment history (their own rows of the transactions read model). */
export interface PaymentHistoryRow {
  id: string;
  type: TransactionType;
  /** 'Membership', 'Membership renewal', 'Post unlock', … */
  label: string;
  /** Negative for refunds, voids and chargebacks (money back to the fan). */
  amount_cents: number;
  currency: string;
  method: 'card' | 'wallet' | 'crypto';
  /** 'visa •••• 4242' for cards, the coin for a crypto top-up, null for the wallet. */
  card: string | null;
  /** 'Visa •••• 4242', 'Wallet', 'Crypto (BTC)'. */
  paid_with: string;
  status: PaymentHistoryStatus;
  /** The post for an unlock, the payment a refund takes back; null otherwise. */
  reference_id: string | null;
  /** The provider's transaction id once captured. */
  gateway_transaction_id: string | null;
  created_at: string;
  settled_at: string | null;
}

/** GET /api/users/payments → data */
export interface PaymentHistoryPage {
  payments: PaymentHistoryRow[];
  total: number;
  /** Money the fan paid in the end: captured card and crypto rows, refunds counted negative (wallet purchases were paid by the top-up). */
  total_paid_cents: number;
}

/** GET /api/users/payments/:id → data */
export interface PaymentReceiptView {
  payment: PaymentHistoryRow;
  /** Who was paid: the site's creator name and address. */
  merchant: { name: string; url: string };
  customer: { name: string; email: string };
}

export const PAYMENT_TYPE_LABELS: Record<TransactionType, string> = {
  subscription: 'Membership',
  rebill: 'Membership renewal',
  unlock: 'Post unlock',
  tip: 'Tip',
  chat_unlock: 'Chat message unlock',
  pay_per_message: 'Paid chat message',
  live_minute: 'Live stream minute',
  wallet_topup: 'Wallet top-up',
  second_sale: 'Paid twice',
  second_sale_refund: 'Second payment refunded',
  shop_order: 'Shop order',
  chat_booking: 'Chat booking',
  refund: 'Refund',
  void: 'Voided payment',
  chargeback: 'Chargeback',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentHistoryStatus, string> = { pending: 'Processing', captured: 'Paid', failed: 'Declined' };

/** Reversal rows are money going back to the fan: their status reads 'Refunded' etc. rather than 'Paid'. */
export function statusLabel(row: Pick<PaymentHistoryRow, 'type' | 'status'>): string {
  if (row.status === 'captured' && (row.type === 'refund' || row.type === 'void' || row.type === 'chargeback' || row.type === 'second_sale_refund')) return 'Returned';
  return PAYMENT_STATUS_LABELS[row.status];
}

export function paidWith(method: PaymentHistoryRow['method'], card: string | null): string {
  if (method === 'wallet') return 'Wallet';
  if (method === 'crypto') return card ? `Crypto (${card})` : 'Crypto';
  if (!card) return 'Card';
  return card.charAt(0).toUpperCase() + card.slice(1);
}

/** The receipt as plain text (download or print): one labelled line per fact. */
export function receiptText(r: PaymentReceiptView): string {
  const p = r.payment;
  const lines = [
    `Receipt — ${r.merchant.name}`,
    r.merchant.url,
    '',
    `Receipt number: ${p.id}`,
    `Date:           ${p.created_at}`,
    `Billed to:      ${r.customer.name} <${r.customer.email}>`,
    `Item:           ${p.label}`,
    `Amount:         ${formatMoney(p.amount_cents)} ${p.currency}`,
    `Paid with:      ${p.paid_with}`,
    `Status:         ${statusLabel(p)}`,
    ...(p.gateway_transaction_id ? [`Provider ref.:  ${p.gateway_transaction_id}`] : []),
    ...(p.reference_id && (p.type === 'refund' || p.type === 'void' || p.type === 'chargeback') ? [`For payment:    ${p.reference_id}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

const CSV_COLUMNS = ['date', 'item', 'amount', 'currency', 'paid_with', 'status', 'receipt_number', 'provider_reference'] as const;

/** All of a fan's rows as CSV (amounts in dollars with two decimals, negative for money back). */
export function paymentsCsv(rows: readonly PaymentHistoryRow[]): string {
  const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  const lines = rows.map((p) =>
    [p.created_at, p.label, amount(p.amount_cents), p.currency, p.paid_with, statusLabel(p), p.id, p.gateway_transaction_id ?? ''].map(csvCell).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
