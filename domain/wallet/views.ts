// The wallet's answers: a crypto top-up as the fan's payment screen shows it, a page
// of wallet history, a crypto payment in the console. Pure: the provider's instructions and the rows come in.
import { dollarsFromCents } from '../shared/money';
import { ValidationError } from '../shared/validation';
import { cryptoPaymentView, type CryptoPaymentState } from './crypto-topup';
import type { AdminCryptoPaymentRecord, CryptoPaymentData, CryptoTransactionStatus, WalletHistoryItem, WalletHistoryPage } from './wire';

/** Seconds left until `expiresAt` (0 once over, or when there is none). */
export const secondsLeft = (expiresAt: string | null, nowMs: number): number =>
  expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - nowMs) / 1000)) : 0;

/** What the provider gives when a payment starts (address, reference, QR); a started payment keeps part of it. */
export interface ProviderStart {
  cryptoAmount: string;
  qrImg: string;
  qr: string;
  address: string;
  referenceNo: string;
  statsToken: string;
  posId: string;
  notices: { code: string; message: string }[];
}

export function cryptoPaymentData(state: CryptoPaymentState, start: ProviderStart | null, now: Date, status?: CryptoTransactionStatus['status']): CryptoPaymentData {
  return {
    payment_id: state.paymentId!,
    currency: state.currency!,
    amount: start?.cryptoAmount ?? state.instructions?.cryptoAmount ?? '',
    amount_usd: dollarsFromCents(state.amountCents),
    amount_usd_cents: state.amountCents,
    expires_at: state.expiresAt!,
    wait_time: secondsLeft(state.expiresAt, now.getTime()),
    qr_img: start?.qrImg ?? '',
    qr: start?.qr ?? state.instructions?.qr ?? '',
    address: start?.address ?? state.instructions?.address ?? '',
    reference_no: start?.referenceNo ?? state.instructions?.referenceNo ?? '',
    stats_token: start?.statsToken ?? '',
    pos_id: start?.posId ?? state.instructions?.posId ?? '',
    notices: start?.notices ?? [],
    status: status ?? (cryptoPaymentView(state, now.toISOString()).status as CryptoTransactionStatus['status']),
  };
}

/** Starting a payment generated earlier: the currency and amount, when sent again, must be the ones it was made for. */
export function checkSameTopUp(before: CryptoPaymentState, userId: string, currency: string | undefined, amountCents: number | null | undefined): void {
  if (before.status === 'none' || before.userId !== userId) return;
  if (currency && currency.trim().toUpperCase() !== before.currency) throw new ValidationError('currency', 'Invalid request.');
  if (amountCents !== undefined && amountCents !== before.amountCents) throw new ValidationError('amount', 'Invalid request.');
}

export interface WalletHistoryFacts {
  id: string;
  kind: WalletHistoryItem['kind'];
  description: string;
  amount_cents: number;
  balance_cents: number;
  currency: string | null;
  reference_id: string;
  created_at: string;
}

export function walletHistoryPage(rows: WalletHistoryFacts[], total: number, page: number, perPage: number, balanceCents: number): WalletHistoryPage {
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      description: r.description,
      amount: dollarsFromCents(r.amount_cents),
      amount_cents: r.amount_cents,
      balance_cents: r.balance_cents,
      currency: r.currency,
      reference_id: r.reference_id,
      created_at: r.created_at,
    })),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
    total,
    wallet_balance: dollarsFromCents(balanceCents),
    wallet_balance_cents: balanceCents,
  };
}

/**
 * A crypto payment row as the console's list reads it: amounts as numbers or numeric text, times as Dates or
 * timestamp text, the flag as a boolean or 0/1 (whatever the driver gives; the record below is always the same).
 */
export interface CryptoPaymentListRow {
  id: string;
  user_id: string;
  user_email?: string | null;
  currency: string;
  amount_cents: number | string;
  crypto_amount: string | null;
  address: string | null;
  reference_no: string | null;
  status: AdminCryptoPaymentRecord['status'];
  received_cents: number | string;
  credit_cents: number | string;
  credited: boolean | number | null;
  settled_by: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  updated_at: Date | string;
}

/** A crypto payment row of the console's list (numbers and dates as the database returns them). */
export function adminCryptoRecord(r: CryptoPaymentListRow, providerStatus: string | null): AdminCryptoPaymentRecord {
  return {
    id: r.id,
    user_id: r.user_id,
    user_email: r.user_email ?? null,
    currency: r.currency,
    amount_cents: Number(r.amount_cents),
    crypto_amount: r.crypto_amount,
    address: r.address,
    reference_no: r.reference_no,
    status: r.status,
    received_cents: Number(r.received_cents),
    credit_cents: Number(r.credit_cents),
    credited: !!r.credited,
    settled_by: r.settled_by,
    created_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    provider_status: providerStatus,
  };
}
