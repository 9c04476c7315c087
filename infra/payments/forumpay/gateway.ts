// ForumPay behind the crypto gateway port: the fan picks a currency (GetCurrencyList), gets a quote (GetRate, whose
// payment_id the payment keeps), then the deposit address and QR (StartPayment, reference_no = our payment id),
// and the poll and the webhook both ask CheckPayment. Our payment id → ForumPay's payment id, currency and
// address are kept in the adapter's own schema (forumpay), written before each call that commits something at
// ForumPay, so a retry after a lost answer finds the payment instead of making a second one.
//
// ForumPay's webhook only says "look again": its body (identifiers) is never trusted. The payment is found by its
// ids in our tables and CheckPayment is asked with OUR stored pos_id, currency and address, so a forged webhook
// costs one call and changes nothing.
import QRCode from 'qrcode';
import type { Selectable } from 'kysely';
import type { Database, NullableTimestamp, Timestamp } from '../../db/database';
import { DomainError } from '../../../domain/shared/decider';
import type { CryptoCurrencyInfo, CryptoGateway, CryptoPayer, CryptoPaymentStart, CryptoQuote, CryptoStatusReport, ProviderRequest } from '../port';
import { ForumPayRefused, forumPayClient, type ForumPayClient } from './client';
import { centsToAmount, coinUnits } from './money';
import type { ForumPaySettings } from './settings';
import { statusReport, type CheckPaymentAnswer } from './status';

/** How long the fan is given to pay (the app's own window; ForumPay's is not published). */
export const FORUMPAY_PAYMENT_WINDOW_MS = 15 * 60_000;

/** The payer, when the caller knows them: ForumPay requires a payer id and uses the rest for its checks. */
export type ForumPayPayer = CryptoPayer;

/** A webhook in our words: the payment's current status as CheckPayment tells it, or why the webhook was refused. */
export type ForumPayNoticeResult =
  | { ok: true; report: CryptoStatusReport | null; answer: { message: string } }
  | { ok: false; reason: string };

export interface ForumPayGateway extends CryptoGateway {
  startPayment(paymentId: string, payer?: ForumPayPayer): Promise<CryptoPaymentStart>;
  /** ForumPay's books: what it says it received (USD cents) for each payment of ours that was started, read back
   *  payment by payment, for the ledger check to hold against the wallet credits. */
  received(): Promise<Map<string, number>>;
  /** Cancels a payment still waiting for money (CancelPayment); its status then reads failed. */
  cancelPayment(paymentId: string, reason: string): Promise<CryptoStatusReport>;
  /** ForumPay's webhook: found by its ids in our tables, then CheckPayment decides. A `webhook_test` has no report. */
  forumPayNotice(request: ProviderRequest): Promise<ForumPayNoticeResult>;
  /** One harmless call (Ping) with the saved credentials; says what ForumPay answered. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
}

export interface ForumPayGatewayOptions {
  database: Database;
  settings: () => Promise<ForumPaySettings | null>;
  /** Overrides the API base that liveMode picks (tests point it at the simulator). */
  endpoints?: { api?: string };
  /** Our webhook endpoint, sent with each payment (and with Ping by testConnection). */
  webhookUrl?: () => string | null;
  now?: () => Date;
  timeoutMs?: number;
}

type ForumPayTables = {
  payments: {
    payment_id: string;
    provider_payment_id: string;
    pos_id: string;
    currency: string;
    amount_cents: number;
    crypto_amount: string;
    rate: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    start_requested_at: NullableTimestamp;
    address: string | null;
    qr: string | null;
    stats_token: string | null;
    notices: string | null;
  };
};
type Row = Selectable<ForumPayTables['payments']>;

const CURRENCY = /^[A-Z0-9]{2,12}$/;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A field ForumPay must have sent: its absence is a broken answer, named. */
function required(action: string, body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new DomainError(`ForumPay's ${action} answer has no ${field}.`, 'FORUMPAY_BAD_ANSWER', 502, { provider: 'forumpay', action, field });
}

/** ForumPay's notices `{code, message}` as given; anything else in the list is left out. */
const noticesOf = (v: unknown): { code: string; message: string }[] =>
  Array.isArray(v) ? v.filter((n): n is { code: string; message: string } => !!n && typeof n.code === 'string' && typeof n.message === 'string').map((n) => ({ code: n.code, message: n.message })) : [];

/** A payment URI for a payment whose StartPayment answer was lost and found again by GetTransactions. */
const paymentUri = (currency: string, address: string, amount: string) => `${currency.toLowerCase()}:${address}?${new URLSearchParams({ amount })}`;

export async function createForumPayGateway(options: ForumPayGatewayOptions): Promise<ForumPayGateway> {
  const { database } = options;
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS forumpay;
    CREATE TABLE IF NOT EXISTS forumpay.payments (
      payment_id text PRIMARY KEY, provider_payment_id text NOT NULL UNIQUE, pos_id text NOT NULL, currency text NOT NULL,
      amount_cents integer NOT NULL, crypto_amount text NOT NULL, rate text NOT NULL,
      created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, start_requested_at timestamptz,
      address text, qr text, stats_token text, notices text);
  `);
  const db = database.db.withTables<ForumPayTables>().withSchema('forumpay');
  const now = options.now ?? (() => new Date());
  const client: ForumPayClient = forumPayClient(options);

  const byOurId = (paymentId: string) => db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  const byProviderId = (id: string) => db.selectFrom('payments').selectAll().where('provider_payment_id', '=', id).executeTakeFirst();

  const quoteOf = (r: Row): CryptoQuote => ({
    paymentId: r.payment_id,
    currency: r.currency,
    amountCents: Number(r.amount_cents),
    cryptoAmount: r.crypto_amount,
    rateUsd: r.rate,
    expiresAt: iso(r.expires_at),
  });

  const ours = (r: Row) => ({ paymentId: r.payment_id, providerPaymentId: r.provider_payment_id, amountCents: Number(r.amount_cents), cryptoAmount: r.crypto_amount });

  async function startOf(r: Row): Promise<CryptoPaymentStart> {
    const qr = r.qr!;
    return {
      ...quoteOf(r),
      address: r.address!,
      referenceNo: r.payment_id,
      qr,
      qrImg: await QRCode.toDataURL(qr, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 }),
      posId: r.pos_id,
      statsToken: r.stats_token ?? '',
      notices: r.notices ? (JSON.parse(r.notices) as { code: string; message: string }[]) : [],
    };
  }

  /**
   * A start whose answer was lost: ForumPay's list of payments for our reference says whether it happened. The
   * address found is kept; null when ForumPay has no started payment under it (starting again is then safe).
   */
  async function recoverStart(r: Row): Promise<Row | null> {
    const { invoices } = await client.call<{ invoices?: Record<string, unknown>[] }>('GetTransactions', { reference_no: r.payment_id });
    const found = (invoices ?? []).find((i) => i.payment_id === r.provider_payment_id && str(i.address));
    if (!found) return null;
    const address = str(found.address)!;
    const amount = str(found.amount) ?? r.crypto_amount;
    await db
      .updateTable('payments')
      .set({ address, crypto_amount: amount, qr: paymentUri(r.currency, address, amount), stats_token: null, notices: '[]' })
      .where('payment_id', '=', r.payment_id)
      .where('address', 'is', null)
      .execute();
    return (await byOurId(r.payment_id))!;
  }

  /**
   * StartPayment, or null when ForumPay refuses it because another request of ours started the same payment at the
   * same moment (two nodes or two tabs): that start is read back and kept instead.
   */
  async function startAtForumPay(r: Row, body: Record<string, string | undefined>): Promise<Record<string, unknown> | null> {
    try {
      return await client.call<Record<string, unknown>>('StartPayment', body);
    } catch (e) {
      if (!(e instanceof ForumPayRefused) || e.httpStatus >= 500) throw e;
      const now = await byOurId(r.payment_id);
      if (now?.address) return null;
      if (await recoverStart(r)) return null;
      throw e;
    }
  }

  async function check(r: Row): Promise<CryptoStatusReport | null> {
    try {
      const answer = await client.call<CheckPaymentAnswer>('CheckPayment', { currency: r.currency, payment_id: r.provider_payment_id, address: r.address! });
      return statusReport(ours(r), answer);
    } catch (e) {
      // ForumPay refusing to look up the payment under our own ids means it does not know it.
      if (e instanceof ForumPayRefused && e.httpStatus < 500 && !e.errCode) return null;
      throw e;
    }
  }

  async function status(paymentId: string): Promise<CryptoStatusReport | null> {
    let r = await byOurId(paymentId);
    if (!r) return null;
    if (!r.address && r.start_requested_at) r = (await recoverStart(r)) ?? r;
    // Not started at ForumPay: nothing to pay to yet.
    if (!r.address) return { paymentId, status: 'pending', receivedCents: 0, eventId: null };
    return check(r);
  }

  const gateway: ForumPayGateway = {
    name: 'forumpay',

    async currencies(): Promise<CryptoCurrencyInfo[]> {
      const list = await client.call<unknown>('GetCurrencyList', { invoice_currency: 'USD' });
      if (!Array.isArray(list)) throw new DomainError("ForumPay's GetCurrencyList answer is not a list.", 'FORUMPAY_BAD_ANSWER', 502, { provider: 'forumpay' });
      return (list as Record<string, unknown>[])
        .filter((c) => str(c.currency) && str(c.rate) && (c.status === undefined || c.status === 'OK') && (c.sell_status === undefined || c.sell_status === 'OK'))
        .map((c) => ({ currency: str(c.currency)!.toUpperCase(), description: str(c.description) ?? str(c.currency)!, rateUsd: str(c.rate)! }));
    },

    async createPayment({ paymentId, currency, amountCents }) {
      const code = currency.trim().toUpperCase();
      if (!CURRENCY.test(code)) throw new DomainError('This currency is not available.', 'UNSUPPORTED_CURRENCY', 400, { field: 'currency' });
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError('Please enter a valid amount', 'INVALID_AMOUNT', 400, { field: 'amount' });
      const same = (r: Row) => {
        if (r.currency !== code || Number(r.amount_cents) !== amountCents) throw new DomainError('Invalid request.', 'PAYMENT_ID_REUSED', 409);
        return quoteOf(r);
      };
      const existing = await byOurId(paymentId);
      if (existing) return same(existing);
      // A quote commits nothing at ForumPay: when its answer is lost, asking again only makes another quote.
      const s = await client.settings();
      const rate = await client.call<Record<string, unknown>>('GetRate', { invoice_currency: 'USD', invoice_amount: centsToAmount(amountCents), currency: code, accept_zero_confirmations: 'false' });
      const providerPaymentId = required('GetRate', rate, 'payment_id');
      const cryptoAmount = required('GetRate', rate, 'amount');
      if (coinUnits(cryptoAmount) === null) throw new DomainError("ForumPay's GetRate amount is not a coin amount.", 'FORUMPAY_BAD_ANSWER', 502, { provider: 'forumpay', field: 'amount' });
      const created = now();
      await db
        .insertInto('payments')
        .values({
          payment_id: paymentId,
          provider_payment_id: providerPaymentId,
          pos_id: s.posId,
          currency: code,
          amount_cents: amountCents,
          crypto_amount: cryptoAmount,
          rate: required('GetRate', rate, 'rate'),
          created_at: created.toISOString(),
          expires_at: new Date(created.getTime() + FORUMPAY_PAYMENT_WINDOW_MS).toISOString(),
        })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      // Two requests at once: the first stored quote is the payment's.
      return same((await byOurId(paymentId))!);
    },

    async startPayment(paymentId, payer) {
      let r = await byOurId(paymentId);
      if (!r) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
      if (r.address) return startOf(r);
      if (r.start_requested_at) {
        const found = await recoverStart(r);
        if (found) return startOf(found);
      }
      // The attempt is on record before ForumPay is asked: a lost answer is then looked for, not started twice.
      await db.updateTable('payments').set({ start_requested_at: now().toISOString() }).where('payment_id', '=', paymentId).execute();
      const webhookUrl = options.webhookUrl?.() ?? undefined;
      const answer = await startAtForumPay(r, {
        invoice_currency: 'USD',
        invoice_amount: centsToAmount(Number(r.amount_cents)),
        currency: r.currency,
        payment_id: r.provider_payment_id,
        reference_no: r.payment_id,
        accept_zero_confirmations: 'false',
        // Less than asked is held for staff (underpaid); money after the window still counts (a late payment).
        auto_accept_underpayment: 'false',
        auto_accept_late_payment: 'true',
        payer_id: payer?.id ?? r.payment_id,
        payer_email: payer?.email,
        payer_ip_address: payer?.ipAddress,
        payer_user_agent: payer?.userAgent,
        webhook_url: webhookUrl ?? undefined,
      });
      if (answer === null) return startOf((await byOurId(paymentId))!);
      const address = required('StartPayment', answer, 'address');
      const amount = required('StartPayment', answer, 'amount');
      if (str(answer.payment_id) && answer.payment_id !== r.provider_payment_id)
        throw new DomainError("ForumPay's StartPayment answer names another payment.", 'FORUMPAY_BAD_ANSWER', 502, { provider: 'forumpay', field: 'payment_id' });
      await db
        .updateTable('payments')
        .set({
          address,
          crypto_amount: amount,
          rate: str(answer.rate) ?? r.rate,
          qr: str(answer.qr) ?? paymentUri(r.currency, address, amount),
          stats_token: str(answer.stats_token),
          notices: JSON.stringify(noticesOf(answer.notices)),
        })
        .where('payment_id', '=', paymentId)
        .where('address', 'is', null)
        .execute();
      r = (await byOurId(paymentId))!;
      return startOf(r);
    },

    status,

    async received() {
      const started = await db.selectFrom('payments').select('payment_id').where('address', 'is not', null).execute();
      const books = new Map<string, number>();
      for (const { payment_id } of started) {
        const report = await status(payment_id);
        if (report && report.receivedCents > 0 && (report.status === 'paid' || report.status === 'underpaid')) books.set(payment_id, report.receivedCents);
      }
      return books;
    },

    async cancelPayment(paymentId, reason) {
      const r = await byOurId(paymentId);
      if (!r || !r.address) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
      if (!reason.trim() || reason.length > 255) throw new DomainError('A cancel reason of 1 to 255 characters is needed.', 'INVALID_REASON', 400, { field: 'reason' });
      await client.call('CancelPayment', { currency: r.currency, payment_id: r.provider_payment_id, address: r.address, reason });
      return (await check(r))!;
    },

    async forumPayNotice(request) {
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(request.rawBody);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'The webhook body is not a JSON object.' };
        body = parsed as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'The webhook body is not JSON.' };
      }
      if ('webhook_test' in body) return { ok: true, report: null, answer: { message: 'Fanclub received the ForumPay webhook test.' } };
      const providerId = str(body.payment_id);
      const reference = str(body.reference_no);
      const r = providerId ? await byProviderId(providerId) : reference ? await byOurId(reference) : undefined;
      if (!r) return { ok: false, reason: 'The webhook names no payment of ours.' };
      // Identifiers that disagree with ours are not about our payment: nothing is asked on their word.
      if ((reference && reference !== r.payment_id) || (str(body.pos_id) && body.pos_id !== r.pos_id)) return { ok: false, reason: "The webhook's identifiers do not match our payment." };
      const report = await status(r.payment_id);
      return { ok: true, report, answer: { message: 'Received.' } };
    },

    async testConnection() {
      try {
        const s = await client.settings();
        const webhookUrl = options.webhookUrl?.() ?? undefined;
        const answer = await client.call<{ result?: unknown; webhook_response?: unknown }>('Ping', { webhook_url: webhookUrl });
        if (answer.result !== 'pong') return { ok: false, message: `ForumPay answered Ping without "pong" (${JSON.stringify(answer.result ?? null)}).` };
        const mode = s.liveMode ? 'live' : 'sandbox';
        const hook = answer.webhook_response === undefined ? '' : ` Its test webhook got: ${JSON.stringify(answer.webhook_response)}.`;
        return { ok: true, message: `ForumPay (${mode}) answered pong for point of sale ${s.posId}.${hook}` };
      } catch (e) {
        if (e instanceof DomainError) return { ok: false, message: e.message };
        throw e;
      }
    },
  };
  return gateway;
}
