// The adapter's own records (schema ccbill): every charge attempt is written here before CCBill is called, so a
// repeat of the same payment id finds the single-use payment token minted for it and asks CCBill about that
// token before anything could be charged again. A new card's own token is single-use too, and only one payment at a
// time may hold it (first_charges). Sales CCBill reports (by charge answer or webhook) link its
// subscription id to our payment id, which refund, void and subscription notices name only by subscription.
import type { Database, DefaultedTimestamp } from '../../db/database';

type CcbillTables = {
  attempts: {
    payment_id: string;
    payment_token_id: string | null;
    /** The token's sales listed before the charge (JSON array): only a sale not among them can be this attempt's. */
    sales_before: string;
    amount_cents: number;
    status: string;
    subscription_id: string | null;
    failure_code: string | null;
    message: string | null;
    allow_cascade: boolean;
    reversal: string | null;
    created_at: DefaultedTimestamp;
  };
  sales: { subscription_id: string; payment_id: string; created_at: DefaultedTimestamp };
  cards: { card_token: string; subscription_id: string; created_at: DefaultedTimestamp };
  first_charges: { card_token: string; payment_id: string; created_at: DefaultedTimestamp };
  single_use_tokens: { card_token: string; created_at: DefaultedTimestamp };
  hosted_payments: { payment_id: string; amount_cents: number; created_at: DefaultedTimestamp };
  hosted_sales: { reference: string; payment_id: string; amount_cents: number; kind: string; created_at: DefaultedTimestamp };
};

/** Money CCBill took on its payment page for one of our payments: the first sale, or a renewal of its subscription. */
export interface HostedSale {
  /** The sale's subscription id, or the renewal's transaction id. */
  reference: string;
  paymentId: string;
  amountCents: number;
  kind: 'sale' | 'renewal';
}

/** unknown: written before the call, or the call's answer was lost; captured/declined: CCBill's word. */
export type AttemptStatus = 'unknown' | 'captured' | 'declined';

export interface Attempt {
  paymentId: string;
  paymentTokenId: string | null;
  amountCents: number;
  status: AttemptStatus;
  subscriptionId: string | null;
  failureCode: string | null;
  message: string | null;
  allowCascade: boolean;
  reversal: string | null;
}

export interface CcbillBooks {
  /** Records the attempt if none is recorded under this payment id; answers the recorded one either way. */
  begin(paymentId: string, amountCents: number): Promise<Attempt>;
  find(paymentId: string): Promise<Attempt | null>;
  /** Every attempt that got as far as a payment token (the ones CCBill may have a sale for). */
  tokenedAttempts(): Promise<Attempt[]>;
  /** Gives the attempt its token unless it has one (another call under the same payment was first): false then. */
  setToken(paymentId: string, paymentTokenId: string, salesBefore: string[]): Promise<boolean>;
  salesBefore(paymentId: string): Promise<string[]>;
  settle(paymentId: string, outcome: { status: 'captured'; subscriptionId: string } | { status: 'declined'; failureCode: string; message: string; allowCascade: boolean }): Promise<void>;
  setReversal(paymentId: string, kind: string): Promise<void>;
  linkSale(subscriptionId: string, paymentId: string): Promise<void>;
  paymentIdForSale(subscriptionId: string): Promise<string | null>;
  /** The sale (subscription id) behind our payment, as a notice reported it. */
  saleOfPayment(paymentId: string): Promise<string | null>;
  /** A card's first sale, from which single-use payment tokens are minted. */
  linkCard(cardToken: string, subscriptionId: string): Promise<void>;
  cardSale(cardToken: string): Promise<string | null>;
  /** The payment that charges a card's own (single-use) token: the first to ask, or the one already holding it. */
  claimFirstCharge(cardToken: string, paymentId: string): Promise<string>;
  /** Hands the card's token from a payment CCBill declined to another; false when someone else took it first. */
  passFirstCharge(cardToken: string, from: string, to: string): Promise<boolean>;
  /** A card's own token known to be single-use (saved so, or found so by CCBill's token read). */
  markSingleUse(cardToken: string): Promise<void>;
  isSingleUse(cardToken: string): Promise<boolean>;
  /** A payment the fan is sent to the payment page for (the first amount recorded stays). */
  beginHosted(paymentId: string, amountCents: number): Promise<number>;
  isHosted(paymentId: string): Promise<boolean>;
  /** CCBill reported money taken on its page for one of our hosted payments (kept once per reference). */
  recordHostedSale(sale: HostedSale): Promise<void>;
  hostedSales(): Promise<HostedSale[]>;
}

export async function openCcbillBooks(database: Database): Promise<CcbillBooks> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS ccbill;
    CREATE TABLE IF NOT EXISTS ccbill.attempts (
      payment_id text PRIMARY KEY, payment_token_id text, sales_before text NOT NULL DEFAULT '[]', amount_cents integer NOT NULL, status text NOT NULL,
      subscription_id text, failure_code text, message text, allow_cascade boolean NOT NULL DEFAULT false,
      reversal text, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.sales (
      subscription_id text PRIMARY KEY, payment_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.cards (
      card_token text PRIMARY KEY, subscription_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.first_charges (
      card_token text PRIMARY KEY, payment_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.single_use_tokens (
      card_token text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.hosted_payments (
      payment_id text PRIMARY KEY, amount_cents integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ccbill.hosted_sales (
      reference text PRIMARY KEY, payment_id text NOT NULL, amount_cents integer NOT NULL, kind text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  `);
  const db = database.db.withTables<CcbillTables>().withSchema('ccbill');
  const toAttempt = (r: {
    payment_id: string; payment_token_id: string | null; amount_cents: number; status: string; subscription_id: string | null;
    failure_code: string | null; message: string | null; allow_cascade: boolean; reversal: string | null;
  }): Attempt => ({
    paymentId: r.payment_id, paymentTokenId: r.payment_token_id, amountCents: r.amount_cents, status: r.status as AttemptStatus, subscriptionId: r.subscription_id,
    failureCode: r.failure_code, message: r.message, allowCascade: r.allow_cascade, reversal: r.reversal,
  });
  const find = async (paymentId: string) => {
    const row = await db.selectFrom('attempts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    return row ? toAttempt(row) : null;
  };
  const linkSale = async (subscriptionId: string, paymentId: string) => {
    await db.insertInto('sales').values({ subscription_id: subscriptionId, payment_id: paymentId }).onConflict((oc) => oc.column('subscription_id').doNothing()).execute();
  };
  return {
    async begin(paymentId, amountCents) {
      await db
        .insertInto('attempts')
        .values({ payment_id: paymentId, payment_token_id: null, sales_before: '[]', amount_cents: amountCents, status: 'unknown', subscription_id: null, failure_code: null, message: null, allow_cascade: false, reversal: null })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      return (await find(paymentId))!;
    },
    find,
    async tokenedAttempts() {
      return (await db.selectFrom('attempts').selectAll().where('payment_token_id', 'is not', null).orderBy('created_at').execute()).map(toAttempt);
    },
    async setToken(paymentId, paymentTokenId, salesBefore) {
      const r = await db
        .updateTable('attempts')
        .set({ payment_token_id: paymentTokenId, sales_before: JSON.stringify(salesBefore) })
        .where('payment_id', '=', paymentId)
        .where('payment_token_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async salesBefore(paymentId) {
      const row = await db.selectFrom('attempts').select('sales_before').where('payment_id', '=', paymentId).executeTakeFirst();
      return row ? (JSON.parse(row.sales_before) as string[]) : [];
    },
    async settle(paymentId, outcome) {
      if (outcome.status === 'captured') {
        await db.updateTable('attempts').set({ status: 'captured', subscription_id: outcome.subscriptionId }).where('payment_id', '=', paymentId).execute();
        await linkSale(outcome.subscriptionId, paymentId);
      } else {
        await db
          .updateTable('attempts')
          .set({ status: 'declined', failure_code: outcome.failureCode, message: outcome.message, allow_cascade: outcome.allowCascade })
          .where('payment_id', '=', paymentId)
          .where('status', '=', 'unknown')
          .execute();
      }
    },
    async setReversal(paymentId, kind) {
      await db.updateTable('attempts').set({ reversal: kind }).where('payment_id', '=', paymentId).execute();
    },
    linkSale,
    async paymentIdForSale(subscriptionId) {
      const row = await db.selectFrom('sales').select('payment_id').where('subscription_id', '=', subscriptionId).executeTakeFirst();
      return row?.payment_id ?? null;
    },
    async saleOfPayment(paymentId) {
      const row = await db.selectFrom('sales').select('subscription_id').where('payment_id', '=', paymentId).orderBy('created_at').executeTakeFirst();
      return row?.subscription_id ?? null;
    },
    async linkCard(cardToken, subscriptionId) {
      await db.insertInto('cards').values({ card_token: cardToken, subscription_id: subscriptionId }).onConflict((oc) => oc.column('card_token').doNothing()).execute();
    },
    async cardSale(cardToken) {
      const row = await db.selectFrom('cards').select('subscription_id').where('card_token', '=', cardToken).executeTakeFirst();
      return row?.subscription_id ?? null;
    },
    async claimFirstCharge(cardToken, paymentId) {
      await db.insertInto('first_charges').values({ card_token: cardToken, payment_id: paymentId }).onConflict((oc) => oc.column('card_token').doNothing()).execute();
      return (await db.selectFrom('first_charges').select('payment_id').where('card_token', '=', cardToken).executeTakeFirstOrThrow()).payment_id;
    },
    async passFirstCharge(cardToken, from, to) {
      const r = await db.updateTable('first_charges').set({ payment_id: to }).where('card_token', '=', cardToken).where('payment_id', '=', from).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async markSingleUse(cardToken) {
      await db.insertInto('single_use_tokens').values({ card_token: cardToken }).onConflict((oc) => oc.column('card_token').doNothing()).execute();
    },
    async isSingleUse(cardToken) {
      return !!(await db.selectFrom('single_use_tokens').select('card_token').where('card_token', '=', cardToken).executeTakeFirst());
    },
    async beginHosted(paymentId, amountCents) {
      await db.insertInto('hosted_payments').values({ payment_id: paymentId, amount_cents: amountCents }).onConflict((oc) => oc.column('payment_id').doNothing()).execute();
      const row = await db.selectFrom('hosted_payments').select('amount_cents').where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
      return row.amount_cents;
    },
    async isHosted(paymentId) {
      return !!(await db.selectFrom('hosted_payments').select('payment_id').where('payment_id', '=', paymentId).executeTakeFirst());
    },
    async recordHostedSale(sale) {
      await db.insertInto('hosted_sales').values({ reference: sale.reference, payment_id: sale.paymentId, amount_cents: sale.amountCents, kind: sale.kind }).onConflict((oc) => oc.column('reference').doNothing()).execute();
    },
    async hostedSales() {
      const rows = await db.selectFrom('hosted_sales').selectAll().orderBy('created_at').execute();
      return rows.map((r) => ({ reference: r.reference, paymentId: r.payment_id, amountCents: r.amount_cents, kind: r.kind === 'renewal' ? 'renewal' : 'sale' }));
    },
  };
}
