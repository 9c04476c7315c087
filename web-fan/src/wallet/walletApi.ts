// The wallet calls (crypto top-ups and purchases from the wallet), typed with the shared wire types.
import type {
  CryptoCurrencyItem,
  CryptoGeneratedPayment,
  CryptoPaymentData,
  CryptoTransactionStatus,
  InsufficientFundsData,
  WalletHistoryPage,
  WalletPurchaseResult,
} from '../../../domain/wallet/wire';
import { DEFAULT_WALLET_SETTINGS, type WalletSettings } from '../../../domain/pricing/pricing';
import { ApiError, api } from '../api';

/** Crypto status poll every 5 seconds. */
export const CRYPTO_POLL_MS = 5_000;
export const PAYMENT_FAILED = 'Payment failed.';
export const WALLET_PURCHASE_FAILED = 'something went wrong';
export const CRYPTO_CURRENCY = 'crypto_currency';

export const walletApi = {
  currencies: () => api.get<CryptoCurrencyItem[]>('/api/crypto/get-currency-list', { requestFrom: 'wallet' }),
  generate: (currency: string, amountCents: number) => api.post<CryptoGeneratedPayment>('/api/crypto/generate-payment-id', { currency, amount: (amountCents / 100).toFixed(2) }),
  start: (p: CryptoGeneratedPayment) =>
    api.post<CryptoPaymentData>('/api/crypto/add-fund-and-payment', {
      currency: p.currency,
      transaction_type: 'add_fund',
      amount: p.amount_usd_cents / 100,
      payment_for: 'wallet',
      payment_id: p.payment_id,
    }),
  status: (p: Pick<CryptoPaymentData, 'payment_id' | 'pos_id' | 'currency' | 'address'>) =>
    api.post<CryptoTransactionStatus>('/api/crypto/get-transaction-status', { payment_id: p.payment_id, pos_id: p.pos_id, currency: p.currency, address: p.address }),
  history: (page: number) => api.post<WalletHistoryPage>('/api/crypto/wallet-history', { page_num: page }),
  purchasePost: (postId: string, amount: number, idempotencyKey: string) =>
    api.post<WalletPurchaseResult>('/api/crypto/purchase-from-wallet', { payment_for: 'blog', content_id: postId, amount }, { idempotencyKey }),
  setDefaultMethod: (method: string) => api.post<{ default_payment_method: string }>('/api/users/set-default-payment-method', { payment_method: method }),
};

/** The 402 answer of a wallet purchase the balance does not cover. */
export function insufficientFunds(err: unknown): InsufficientFundsData | null {
  if (err instanceof ApiError && err.status === 402 && err.code === 'INSUFFICIENT_FUNDS' && err.data && typeof err.data === 'object') return err.data as InsufficientFundsData;
  return null;
}

export function walletSettingsOf(settings: { wallet_settings?: WalletSettings } | null | undefined): WalletSettings {
  return settings?.wallet_settings ?? DEFAULT_WALLET_SETTINGS;
}

/** mm:ss */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
