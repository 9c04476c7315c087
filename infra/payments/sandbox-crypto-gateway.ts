// A sandbox crypto gateway that behaves like a real one (ForumPay-style): it keeps its own records in its own
// schema (sandbox_crypto), quotes an amount in the chosen currency at its rate, hands out a deposit address, a
// reference and a QR code of the payment URI, gives the payer 15 minutes, and reports what arrived.
//
// Nothing is ever really sent to it: the console's sandbox control (and tests) say what the payer did —
// paid in full, underpaid, or let it expire. Each change is a provider event with its own id; like a real
// provider it is sent to the app as a signed notice (webhook, kept and redelivered with backoff until the app
// answers 2xx), and the fan's 5-second poll (status) reports the same event id, so the app applies each once.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { sql, type Selectable } from 'kysely';
import { isoTimestamp, type Database, type Defaulted, type NullableTimestamp, type Timestamp } from '../db/database';
import { DomainError } from '../../domain/shared/decider';
import type { CryptoCurrencyInfo, CryptoGateway, CryptoPaymentStart, CryptoProviderStatus, CryptoQuote, CryptoStatusReport } from './port';
import { noticeDelivery, type NoticesTable } from './notice-delivery';

/** How long the payer has to pay. */
export const SANDBOX_CRYPTO_WINDOW_MS = 15 * 60_000;

interface CurrencySpec {
  currency: string;
  description: string;
  /** USD cents per coin. */
  rateCents: number;
  /** Decimals the amount is quoted with. */
  decimals: number;
  /** URI scheme of the payment request the QR code encodes. */
  scheme: string;
  address: (seed: Buffer) => string;
  /** Extra URI parameters (a token on another chain). */
  uriParams?: Record<string, string>;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const bech32Tail = (seed: Buffer, n: number) => Array.from({ length: n }, (_, i) => BECH32[seed[i % seed.length] % 32]).join('');
const hex40 = (seed: Buffer) => seed.toString('hex').slice(0, 40);

/** The sandbox's currencies and fixed rates (test networks' address formats). */
export const SANDBOX_CRYPTO_CURRENCIES: CurrencySpec[] = [
  { currency: 'BTC', description: 'Bitcoin', rateCents: 6_500_000, decimals: 8, scheme: 'bitcoin', address: (s) => `tb1q${bech32Tail(s, 38)}` },
  { currency: 'ETH', description: 'Ethereum', rateCents: 320_000, decimals: 8, scheme: 'ethereum', address: (s) => `0x${hex40(s)}` },
  { currency: 'USDT', description: 'Tether USD (ERC-20)', rateCents: 100, decimals: 2, scheme: 'ethereum', address: (s) => `0x${hex40(s)}`, uriParams: { token: 'USDT' } },
  { currency: 'LTC', description: 'Litecoin', rateCents: 8_000, decimals: 8, scheme: 'litecoin', address: (s) => `tltc1q${bech32Tail(s, 38)}` },
];

const specOf = (currency: string) => SANDBOX_CRYPTO_CURRENCIES.find((c) => c.currency === currency.trim().toUpperCase());

/** USD cents → the currency's amount, rounded UP to its decimals (the payer never sends less than asked). */
export function cryptoAmountFor(amountCents: number, spec: Pick<CurrencySpec, 'rateCents' | 'decimals'>): string {
  const scale = 10 ** spec.decimals;
  const units = Math.ceil((amountCents * scale) / spec.rateCents);
  const whole = Math.floor(units / scale);
  const frac = String(units % scale).padStart(spec.decimals, '0');
  return spec.decimals ? `${whole}.${frac}` : String(whole);
}

const rateUsd = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export type SandboxCryptoOutcome = 'paid' | 'underpaid' | 'expired';
export type SandboxCryptoStatus = 'created' | 'waiting' | 'paid' | 'underpaid' | 'expired';

/** What the sandbox posts to the app's webhook. `data.payment_id` is our payment id. */
export interface CryptoNotice {
  id: string;
  type: 'payment.paid' | 'payment.underpaid' | 'payment.expired' | string;
  created: number;
  data: {
    payment_id: string;
    status: CryptoProviderStatus;
    received_cents: number;
    amount_cents: number;
    currency: string;
    crypto_amount: string;
    reference_no: string | null;
  };
}

export interface SandboxCryptoPayment {
  payment_id: string;
  currency: string;
  amount_cents: number;
  crypto_amount: string;
  address: string | null;
  reference_no: string | null;
  status: SandboxCryptoStatus;
  received_cents: number;
  last_event_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface SandboxCryptoGateway extends CryptoGateway {
  /**
   * The sandbox control (console button, tests): what the payer did. 'paid' receives the full amount (or
   * `receivedCents` when given, e.g. an overpayment), 'underpaid' part of it (default: half), 'expired' ends the
   * window now. Returns the payment after the change; a paid payment does not change any more.
   */
  mark(paymentId: string, outcome: SandboxCryptoOutcome, options?: { receivedCents?: number }): Promise<SandboxCryptoPayment>;
  payment(paymentId: string): Promise<SandboxCryptoPayment | null>;
  /** Notices not yet acknowledged by the app, oldest first. */
  pendingNotices(): Promise<CryptoNotice[]>;
  /** Posts pending notices now (tests): in the order given, each `times` times. Returns each HTTP status. */
  deliver(options?: { ids?: string[]; times?: number }): Promise<{ id: string; status: number }[]>;
  /** Delivers notices in the background, retrying failures with backoff, until stopped. */
  startDelivery(options?: { intervalMs?: number }): { stop(): Promise<void> };
}

export interface SandboxCryptoOptions {
  /** Where notices go (the app's POST /api/webhooks/sandbox-crypto) and the secret they are signed with. */
  webhook?: { url: () => string | null; secret: string };
  now?: () => Date;
}

/** The sandbox provider's own books (schema sandbox_crypto): its payments and the notices it sends about them. */
type SandboxCryptoTables = {
  payments: {
    payment_id: string;
    currency: string;
    amount_cents: number;
    crypto_amount: string;
    rate_cents: number;
    address: string | null;
    reference_no: string | null;
    pos_id: string | null;
    stats_token: string | null;
    status: SandboxCryptoStatus;
    received_cents: Defaulted<number>;
    last_event_id: string | null;
    created_at: Timestamp;
    expires_at: Timestamp;
    started_at: NullableTimestamp;
  };
  notices: NoticesTable & { payment_id: string };
};
type Payment = Selectable<SandboxCryptoTables['payments']>;

export async function createSandboxCryptoGateway(database: Database, options: SandboxCryptoOptions = {}): Promise<SandboxCryptoGateway> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS sandbox_crypto;
    CREATE TABLE IF NOT EXISTS sandbox_crypto.payments (
      payment_id text PRIMARY KEY, currency text NOT NULL, amount_cents integer NOT NULL, crypto_amount text NOT NULL,
      rate_cents integer NOT NULL, address text, reference_no text, pos_id text, stats_token text,
      status text NOT NULL, received_cents integer NOT NULL DEFAULT 0, last_event_id text,
      created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, started_at timestamptz);
    CREATE TABLE IF NOT EXISTS sandbox_crypto.notices (
      id text PRIMARY KEY, seq bigserial NOT NULL, payment_id text NOT NULL, type text NOT NULL, body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now(), delivered_at timestamptz,
      last_status integer);
    CREATE INDEX IF NOT EXISTS crypto_notices_pending ON sandbox_crypto.notices (next_attempt_at) WHERE delivered_at IS NULL;
  `);
  const db = database.db.withTables<SandboxCryptoTables>();
  const now = options.now ?? (() => new Date());
  const table = () => db.withSchema('sandbox_crypto');
  const delivery = noticeDelivery(database.db, 'sandbox_crypto', options.webhook);

  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  const row = async (paymentId: string) => table().selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  const view = (r: Payment): SandboxCryptoPayment => ({
    payment_id: r.payment_id,
    currency: r.currency,
    amount_cents: Number(r.amount_cents),
    crypto_amount: r.crypto_amount,
    address: r.address,
    reference_no: r.reference_no,
    status: r.status,
    received_cents: Number(r.received_cents),
    last_event_id: r.last_event_id,
    created_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
  });
  const quoteOf = (r: Payment): CryptoQuote => ({
    paymentId: r.payment_id,
    currency: r.currency,
    amountCents: Number(r.amount_cents),
    cryptoAmount: r.crypto_amount,
    rateUsd: rateUsd(Number(r.rate_cents)),
    expiresAt: iso(r.expires_at),
  });

  const paymentUri = (r: Payment) => {
    const spec = specOf(r.currency)!;
    const params = new URLSearchParams({ amount: r.crypto_amount, ...(spec.uriParams ?? {}), message: String(r.reference_no ?? '') });
    return `${spec.scheme}:${r.address}?${params.toString()}`;
  };

  const newEventId = () => `cevt_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  /**
   * The notice of a provider event. The event id was set with the status change itself (one UPDATE), so a
   * poll never sees a new status under an older event id.
   */
  async function notice(r: Payment, status: CryptoProviderStatus): Promise<void> {
    const n: CryptoNotice = {
      id: r.last_event_id!,
      type: `payment.${status}`,
      created: Math.floor(now().getTime() / 1000),
      data: {
        payment_id: r.payment_id,
        status,
        received_cents: Number(r.received_cents),
        amount_cents: Number(r.amount_cents),
        currency: r.currency,
        crypto_amount: r.crypto_amount,
        reference_no: r.reference_no ?? null,
      },
    };
    await table().insertInto('notices').values({ id: n.id, payment_id: r.payment_id, type: n.type, body: JSON.stringify(n) }).execute();
  }

  /** An open payment past its window expires (one conditional update, so one event however many ask). */
  async function expireIfDue(paymentId: string): Promise<void> {
    const expired = await table()
      .updateTable('payments')
      .set({ status: 'expired', last_event_id: newEventId() })
      .where('payment_id', '=', paymentId)
      .where('status', 'in', ['created', 'waiting'])
      .where('expires_at', '<=', isoTimestamp(now().toISOString()))
      .returningAll()
      .executeTakeFirst();
    if (expired) await notice(expired, 'expired');
  }

  const report = (r: Payment): CryptoStatusReport => {
    const status: CryptoProviderStatus = r.status === 'paid' ? 'paid' : r.status === 'underpaid' ? 'underpaid' : r.status === 'expired' ? 'expired' : 'pending';
    return { paymentId: r.payment_id, status, receivedCents: Number(r.received_cents), eventId: r.last_event_id ?? null };
  };

  const gateway: SandboxCryptoGateway = {
    name: 'sandbox-crypto',
    async currencies(): Promise<CryptoCurrencyInfo[]> {
      return SANDBOX_CRYPTO_CURRENCIES.map((c) => ({ currency: c.currency, description: c.description, rateUsd: rateUsd(c.rateCents) }));
    },
    async createPayment({ paymentId, currency, amountCents }) {
      const spec = specOf(currency);
      if (!spec) throw new DomainError('This currency is not available.', 'UNSUPPORTED_CURRENCY', 400, { field: 'currency' });
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new DomainError('Please enter a valid amount', 'INVALID_AMOUNT', 400, { field: 'amount' });
      const created = now();
      await table()
        .insertInto('payments')
        .values({
          payment_id: paymentId,
          currency: spec.currency,
          amount_cents: amountCents,
          crypto_amount: cryptoAmountFor(amountCents, spec),
          rate_cents: spec.rateCents,
          status: 'created',
          created_at: created.toISOString(),
          expires_at: new Date(created.getTime() + SANDBOX_CRYPTO_WINDOW_MS).toISOString(),
        })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      const r = await row(paymentId);
      if (!r || r.currency !== spec.currency || Number(r.amount_cents) !== amountCents)
        throw new DomainError('Invalid request.', 'PAYMENT_ID_REUSED', 409);
      return quoteOf(r);
    },
    async startPayment(paymentId): Promise<CryptoPaymentStart> {
      const seed = createHash('sha256').update(`sandbox-crypto:${paymentId}`).digest();
      const reference = `SBX-${seed.toString('hex').slice(0, 10).toUpperCase()}`;
      const before = await row(paymentId);
      if (!before) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
      const spec = specOf(before.currency)!;
      // The address and reference are given once; asking again returns the same ones.
      await table()
        .updateTable('payments')
        .set({
          address: spec.address(seed),
          reference_no: reference,
          pos_id: 'fanclub-sandbox-pos',
          stats_token: randomBytes(12).toString('hex'),
          status: sql<SandboxCryptoStatus>`CASE WHEN status = 'created' THEN 'waiting' ELSE status END`,
          started_at: now().toISOString(),
        })
        .where('payment_id', '=', paymentId)
        .where('address', 'is', null)
        .execute();
      // Started: the address, reference and point of sale are set (by the update above or an earlier start).
      const r = (await row(paymentId))!;
      const qr = paymentUri(r);
      const qrImg = await QRCode.toDataURL(qr, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return {
        ...quoteOf(r),
        address: r.address!,
        referenceNo: r.reference_no!,
        qr,
        qrImg,
        posId: r.pos_id!,
        statsToken: r.stats_token!,
        notices: r.status === 'expired' ? [{ code: 'expired', message: 'This payment has expired.' }] : [],
      };
    },
    async status(paymentId) {
      await expireIfDue(paymentId);
      const r = await row(paymentId);
      return r ? report(r) : null;
    },
    async mark(paymentId, outcome, opts = {}) {
      const r = await row(paymentId);
      if (!r) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
      const amount = Number(r.amount_cents);
      let updated: Payment | undefined;
      if (outcome === 'paid') {
        const received = opts.receivedCents ?? amount;
        if (!Number.isInteger(received) || received < amount) throw new DomainError('A payment in full receives at least the amount.', 'INVALID_AMOUNT', 400);
        // Money may arrive late (after the window or after an underpayment): a provider still reports it.
        updated = await table()
          .updateTable('payments')
          .set({ status: 'paid', received_cents: received, last_event_id: newEventId() })
          .where('payment_id', '=', paymentId)
          .where('status', '!=', 'paid')
          .returningAll()
          .executeTakeFirst();
        if (updated) await notice(updated, 'paid');
      } else if (outcome === 'underpaid') {
        const received = opts.receivedCents ?? Math.max(1, Math.floor(amount / 2));
        if (!Number.isInteger(received) || received <= 0 || received >= amount) throw new DomainError('An underpayment receives less than the amount.', 'INVALID_AMOUNT', 400);
        updated = await table()
          .updateTable('payments')
          .set({ status: 'underpaid', received_cents: received, last_event_id: newEventId() })
          .where('payment_id', '=', paymentId)
          .where('status', 'in', ['created', 'waiting', 'underpaid'])
          .where('received_cents', '<', received)
          .returningAll()
          .executeTakeFirst();
        if (updated) await notice(updated, 'underpaid');
      } else {
        updated = await table()
          .updateTable('payments')
          .set({ status: 'expired', expires_at: sql<Date>`least(expires_at, ${now().toISOString()}::timestamptz)`, last_event_id: newEventId() })
          .where('payment_id', '=', paymentId)
          .where('status', 'in', ['created', 'waiting'])
          .returningAll()
          .executeTakeFirst();
        if (updated) await notice(updated, 'expired');
      }
      return view((await row(paymentId))!);
    },
    async payment(paymentId) {
      const r = await row(paymentId);
      return r ? view(r) : null;
    },
    async pendingNotices() {
      const rows = await table().selectFrom('notices').select('body').where('delivered_at', 'is', null).orderBy('seq').execute();
      return rows.map((r) => JSON.parse(r.body) as CryptoNotice);
    },
    ...delivery,
  };
  return gateway;

}

/** The ledger check's view of the provider's books: USD cents received per payment (payments that received any). */
export async function sandboxCryptoReceived(database: Database): Promise<Map<string, number>> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('sandbox_crypto.payments')::text AS t`.execute(database.db);
  if (!exists.rows[0]?.t) return new Map();
  const r = await sql<{ payment_id: string; received_cents: number }>`SELECT payment_id, received_cents FROM sandbox_crypto.payments WHERE received_cents > 0`.execute(database.db);
  return new Map(r.rows.map((x) => [x.payment_id, Number(x.received_cents)]));
}
