// Wallet reads: a crypto payment's state (from its stream), the wallet history, the fan's current default
// payment method, and the console's crypto payments with what the sandbox provider shows for each.
import { DomainError } from '../../domain/shared/decider';
import type { WalletSettings } from '../../domain/pricing/pricing';
import { CRYPTO_CURRENCY, type DefaultPaymentMethod } from '../../domain/wallet/payment-method';
import { cryptoPaymentDecider, cryptoPaymentStream } from '../../domain/wallet/crypto-topup';
import { adminCryptoRecord, walletHistoryPage } from '../../domain/wallet/views';
import type { AdminCryptoPaymentRecord, WalletHistoryPage } from '../../domain/wallet/wire';
import { loadStream } from '../../commands/handle';
import { findWallet, listCryptoPayments, walletHistory } from '../../projections/wallet';
import type { ListParams } from '../../projections/console-lists';
import { savedCards } from '../../projections/cards';
import { currentSettings } from '../../projections/settings';
import { defaultPaymentMethod } from '../views';
import type { Services } from '../services';


export function walletQueries(services: Services) {
  const db = () => services.database.db;

  return {
    /** The wallet's settings, or 403 while crypto payments are switched off. */
    /** The add-funds bounds, whatever pays (a card top-up needs no crypto provider). */
    async fundSettings(): Promise<WalletSettings> {
      const s = await currentSettings(db());
      return { add_fund_default_options: s.add_fund_default_options, add_fund_minimum_amount: s.add_fund_minimum_amount, add_fund_maximum_amount: s.add_fund_maximum_amount };
    },

    async requireCrypto(): Promise<WalletSettings> {
      const s = await currentSettings(db());
      if (!s.is_crypto_payment_enabled) throw new DomainError('Crypto payments are not available.', 'CRYPTO_DISABLED', 403);
      return { add_fund_default_options: s.add_fund_default_options, add_fund_minimum_amount: s.add_fund_minimum_amount, add_fund_maximum_amount: s.add_fund_maximum_amount };
    },

    cryptoPayment: async (paymentId: string) => (await loadStream(services.store, cryptoPaymentStream(paymentId), cryptoPaymentDecider)).state,

    async history(userId: string, page: number, perPage: number): Promise<WalletHistoryPage> {
      const [h, wallet] = await Promise.all([walletHistory(db(), userId, page, perPage), findWallet(db(), userId)]);
      return walletHistoryPage(h.rows, h.total, page, perPage, Number(wallet?.balance_cents ?? 0));
    },

    /** The method in force now: the wallet, the chosen card, or the primary card (null: none). */
    async defaultMethod(userId: string): Promise<DefaultPaymentMethod | null> {
      const [wallet, cards] = await Promise.all([findWallet(db(), userId), savedCards(db(), userId)]);
      const current = defaultPaymentMethod(wallet, cards.find((c) => c.is_primary)?._id ?? null);
      return current === CRYPTO_CURRENCY ? { kind: 'crypto_currency' } : current ? { kind: 'card', cardId: current } : null;
    },

    async cryptoPayments(p: ListParams) {
      const r = await listCryptoPayments(db(), p);
      // The sandbox's own view of its payments (a real provider's is read by the fan's poll and its notices).
      const sandbox = services.cryptoProviders.sandbox;
      const provider = await Promise.all(r.rows.map(async (row) => ((await services.cryptoGateway.providerOf(row.id)) ?? 'sandbox') === 'sandbox' ? sandbox.payment(row.id) : null));
      const records: AdminCryptoPaymentRecord[] = r.rows.map((row, i) => adminCryptoRecord(row, provider[i]?.status ?? null));
      return { result: r, records };
    },
  };
}
