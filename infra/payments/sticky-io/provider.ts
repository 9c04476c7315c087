// Sticky.io as a card provider. Sticky takes no idempotency key, so the adapter keeps `charge`'s promise itself:
// it files every attempt under our payment id in its own schema (sticky_io) before calling, puts the payment id in
// the order's notes, and when asked again for an attempt whose outcome it does not know, it reads Sticky's books
// (order_find by the notes, then order_view) before it would ever charge again.
//
// A card is tokenised with authorize_payment (save_customer, void_flag): the temp_customer_id is our card token.
// Its first charge is a new_order with that id; the first approved order id then stands for the card (a temp id
// expires), and later charges are new_order_card_on_file with it.
import { sql, type Selectable } from 'kysely';
import type { Database, DefaultedTimestamp, Defaulted, NullableTimestamp } from '../../db/database';
import { CardRefused, ChargeOutcomeUnknown, type CardProvider, type ProviderBookEntry, type ReverseOutcome, type TokenisedCard } from '../port';
import type { GatewayOutcome } from '../../../domain/payment/payment';
import { detectCardBrand } from '../../../domain/card/card-form';
import { checkStickyIoSettings, stickyIoBaseUrl, type StickyIoSettings } from './settings';
import { StickyNoAnswer, stickyClient, type StickyClient } from './client';
import {
  CARD_PROBLEM_MESSAGE,
  centsToDecimal,
  decimalToCents,
  declineReason,
  describeCode,
  isDuplicateDecline,
  notesFor,
  orderNotes,
  orderState,
  ordersOfView,
  paymentIdInNotes,
  readChargeAnswer,
  responseCode,
  stickyCardType,
  stickyDate,
  stickyExpiry,
  type StickyAnswer,
} from './wire';

export const STICKY_IO = 'sticky-io';
const SCHEMA = 'sticky_io';

export interface StickyIoOptions {
  database: Database;
  settings: () => Promise<StickyIoSettings | null>;
  /** The account host to call instead of https://{appKey}.sticky.io (tests: the simulator). */
  endpoints?: { api?: string };
  /** How long one call may take before its outcome counts as unknown (default 30 s). */
  timeoutMs?: number;
}

/** The adapter's own books: the cards it tokenised and every charge attempt, filed under our payment id. */
type StickyTables = {
  cards: { token: string; brand: string; last4: string; expires_at: NullableTimestamp; first_order_id: string | null; created_at: DefaultedTimestamp };
  charges: {
    idempotency_key: string;
    card_token: string;
    amount_cents: number;
    /** pending (asked, outcome unknown), not_sent (the call did nothing), captured, declined. */
    status: string;
    order_id: string | null;
    failure_code: string | null;
    message: string | null;
    allow_cascade: Defaulted<boolean>;
    attempts: Defaulted<number>;
    attempt_started_at: DefaultedTimestamp;
    /** Set when our own call ended without an answer: no call of ours is still in flight. */
    attempt_ended_at: NullableTimestamp;
    reversal: string | null;
    recurring_stopped: Defaulted<boolean>;
    created_at: DefaultedTimestamp;
  };
};
type ChargeRow = Selectable<StickyTables['charges']>;

const DUPLICATE_MESSAGE = 'The same payment on this card went through moments ago. Please wait a minute before trying again.';
/** Margin over the call timeout before an attempt left without an end (a crash mid-call) is no longer in flight. */
const IN_FLIGHT_MARGIN_MS = 5_000;
const ORDER_VIEW_PAGE = 50;

export async function createStickyIoProvider(options: StickyIoOptions): Promise<CardProvider> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  await options.database.exec(`
    CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
    CREATE TABLE IF NOT EXISTS ${SCHEMA}.cards (
      token text PRIMARY KEY, brand text NOT NULL, last4 text NOT NULL, expires_at timestamptz, first_order_id text,
      created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS ${SCHEMA}.charges (
      idempotency_key text PRIMARY KEY, card_token text NOT NULL, amount_cents integer NOT NULL, status text NOT NULL,
      order_id text, failure_code text, message text, allow_cascade boolean NOT NULL DEFAULT false,
      attempts integer NOT NULL DEFAULT 1, attempt_started_at timestamptz NOT NULL DEFAULT now(), attempt_ended_at timestamptz,
      reversal text, recurring_stopped boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
  `);
  const db = options.database.db.withTables<StickyTables>().withSchema(SCHEMA);

  async function connect(): Promise<{ settings: StickyIoSettings; client: StickyClient }> {
    const settings = checkStickyIoSettings(await options.settings());
    return { settings, client: stickyClient(stickyIoBaseUrl(settings, options.endpoints?.api), settings, timeoutMs) };
  }

  const chargeRow = (key: string) => db.selectFrom('charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  const storedOutcome = (row: ChargeRow): GatewayOutcome | null =>
    row.status === 'captured'
      ? { status: 'captured', gatewayTransactionId: row.order_id ?? '' }
      : row.status === 'declined'
        ? { status: 'declined', failureCode: row.failure_code ?? 'declined', message: row.message ?? 'Payment failed.', allowCascade: row.allow_cascade }
        : null;

  /** Files the final outcome (once) and, for a card's first approved order, keeps that order for its later charges. */
  async function settle(row: ChargeRow, outcome: GatewayOutcome): Promise<GatewayOutcome> {
    const updated = await db
      .updateTable('charges')
      .set(
        outcome.status === 'captured'
          ? { status: 'captured', order_id: outcome.gatewayTransactionId, attempt_ended_at: new Date() }
          : { status: 'declined', failure_code: outcome.failureCode, message: outcome.message, allow_cascade: outcome.allowCascade, attempt_ended_at: new Date() },
      )
      .where('idempotency_key', '=', row.idempotency_key)
      .where('status', 'in', ['pending', 'not_sent'])
      .returningAll()
      .executeTakeFirst();
    if (!updated) return storedOutcome((await chargeRow(row.idempotency_key))!)!;
    if (outcome.status === 'captured') {
      // A card tokenised elsewhere (another instance's tables) is filed here too, so its later charges go on file.
      await db
        .insertInto('cards')
        .values({ token: row.card_token, brand: 'unknown', last4: '', expires_at: null, first_order_id: outcome.gatewayTransactionId })
        .onConflict((oc) => oc.column('token').doUpdateSet({ first_order_id: sql<string>`COALESCE(${sql.ref(`${SCHEMA}.cards.first_order_id`)}, excluded.first_order_id)` }))
        .execute();
    }
    return outcome;
  }

  /** Sticky's word on the orders filed under our payment id: an approved one wins; else the latest decline. */
  async function readBooks(client: StickyClient, settings: StickyIoSettings, row: ChargeRow): Promise<GatewayOutcome | null> {
    const from = new Date(row.created_at.getTime() - 86_400_000);
    const to = new Date(Date.now() + 86_400_000);
    const found = await client.call('order_find', {
      campaign_id: settings.campaignId,
      start_date: stickyDate(from),
      end_date: stickyDate(to),
      search_type: 'all',
      criteria: { notes: notesFor(row.idempotency_key) },
      return_type: 'order_view',
    });
    const code = responseCode(found);
    if (code === '333') return null;
    if (code !== '100') throw new Error(describeCode(code, found));
    const ids = orderIdsOf(found);
    if (ids.length === 0) return null;
    const views = await viewOrders(client, ids);
    // Only orders whose notes name this payment count, whatever the search matched.
    const ours = views
      .filter((o) => paymentIdInNotes(orderNotes(o)) === row.idempotency_key)
      .sort((a, b) => Number(a.order_id) - Number(b.order_id));
    const approved = ours.find((o) => orderState(o) !== 'declined' && orderState(o) !== 'other');
    if (approved) return { status: 'captured', gatewayTransactionId: String(approved.order_id) };
    const declined = ours.filter((o) => orderState(o) === 'declined').pop();
    return declined ? declinedOutcome(declined) : null;
  }

  /** order_view of many ids, a page at a time (a search that ignores the notes criterion returns a whole day). */
  async function viewOrders(client: StickyClient, ids: string[]): Promise<StickyAnswer[]> {
    const views: StickyAnswer[] = [];
    for (let i = 0; i < ids.length; i += ORDER_VIEW_PAGE) {
      const viewed = await client.call('order_view', { order_id: ids.slice(i, i + ORDER_VIEW_PAGE) });
      if (responseCode(viewed) !== '100') throw new Error(describeCode(responseCode(viewed), viewed));
      views.push(...ordersOfView(viewed));
    }
    return views;
  }

  async function send(client: StickyClient, settings: StickyIoSettings, row: ChargeRow): Promise<GatewayOutcome> {
    const card = await db.selectFrom('cards').selectAll().where('token', '=', row.card_token).executeTakeFirst();
    const order = {
      campaignId: settings.campaignId,
      shippingId: settings.shippingId,
      offers: [{ offer_id: settings.offerId, product_id: settings.productId, billing_model_id: settings.billingModelId, quantity: '1', price: centsToDecimal(row.amount_cents) }],
      notes: notesFor(row.idempotency_key),
    };
    let method: string;
    let body: Record<string, unknown>;
    if (card?.first_order_id) {
      method = 'new_order_card_on_file';
      body = { previousOrderId: card.first_order_id, ...order };
    } else {
      // A saved-customer id that expired before its first order cannot be charged: the fan enters the card again.
      if (card?.expires_at && card.expires_at.getTime() <= Date.now()) {
        return settle(row, { status: 'declined', failureCode: 'card_token_expired', message: CARD_PROBLEM_MESSAGE, allowCascade: true });
      }
      method = 'new_order';
      body = { temp_customer_id: row.card_token, tranType: 'Sale', ...order };
    }
    let answer: StickyAnswer;
    try {
      answer = await client.call(method, body);
    } catch (err) {
      if (err instanceof StickyNoAnswer) {
        await db.updateTable('charges').set({ attempt_ended_at: new Date() }).where('idempotency_key', '=', row.idempotency_key).execute();
        throw new ChargeOutcomeUnknown(STICKY_IO, `${err.message}; the charge may have been made, its outcome will be read from Sticky.io's orders.`);
      }
      await markNotSent(row);
      throw err;
    }
    const reading = readChargeAnswer(answer);
    if (reading.kind === 'outcome') return settle(row, reading.outcome);
    if (reading.kind === 'duplicate') {
      // The provider says an equal charge went through just before: ours (a retry) or another payment of the same amount.
      let books: GatewayOutcome | null;
      try {
        books = await readBooks(client, settings, row);
      } catch (err) {
        throw new ChargeOutcomeUnknown(STICKY_IO, `Sticky.io reported a duplicate and its orders could not be read (${err instanceof Error ? err.message : 'no answer'}).`);
      }
      if (books?.status === 'captured') return settle(row, books);
      if (isDuplicateDecline(declineReason(answer))) return settle(row, { status: 'declined', failureCode: 'duplicate', message: DUPLICATE_MESSAGE, allowCascade: false });
      throw new ChargeOutcomeUnknown(STICKY_IO, `Sticky.io answered ${responseCode(answer)} (already approved) but no approved order under this payment was found yet.`);
    }
    // An unknown saved-customer id (expired at the provider) is a card problem, not a setup error.
    if (reading.code === '500' && method === 'new_order') {
      return settle(row, { status: 'declined', failureCode: 'card_token_expired', message: CARD_PROBLEM_MESSAGE, allowCascade: true });
    }
    await markNotSent(row);
    throw new Error(reading.message);
  }

  const markNotSent = (row: ChargeRow) =>
    db.updateTable('charges').set({ status: 'not_sent', attempt_ended_at: new Date() }).where('idempotency_key', '=', row.idempotency_key).where('status', '=', 'pending').execute();

  /** Takes the attempt for a new call, unless another caller took it first (compare-and-set on the attempt's start). */
  async function claim(row: ChargeRow): Promise<ChargeRow | null> {
    const claimed = await db
      .updateTable('charges')
      .set({ status: 'pending', attempts: sql<number>`attempts + 1`, attempt_started_at: new Date(), attempt_ended_at: null })
      .where('idempotency_key', '=', row.idempotency_key)
      .where('attempt_started_at', '=', row.attempt_started_at)
      .where('status', 'in', ['pending', 'not_sent'])
      .returningAll()
      .executeTakeFirst();
    return claimed ?? null;
  }

  async function lookup(idempotencyKey: string): Promise<GatewayOutcome | null> {
    const row = await chargeRow(idempotencyKey);
    // No attempt filed means no call was ever made under this payment.
    if (!row) return null;
    const known = storedOutcome(row);
    if (known) return known;
    const { settings, client } = await connect();
    const books = await readBooks(client, settings, row);
    return books ? settle(row, books) : null;
  }

  const inFlight = (row: ChargeRow) => row.status === 'pending' && row.attempt_ended_at === null && row.attempt_started_at.getTime() + timeoutMs + IN_FLIGHT_MARGIN_MS > Date.now();

  return {
    name: STICKY_IO,

    async tokenise(card): Promise<TokenisedCard> {
      const number = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number)) throw new Error('card number: enter the digits of the card number.');
      if (!/^\d{3,4}$/.test(card.cvv)) throw new Error('cvv: enter the 3 or 4 digits on the card.');
      const expirationDate = stickyExpiry(card.expMonth, card.expYear);
      const detected = detectCardBrand(number);
      const cardType = stickyCardType(number, detected);
      const { settings, client } = await connect();
      const [firstName, ...rest] = card.holderName.trim().split(/\s+/);
      // Client errors name the method and the failure only, never the card data sent.
      const answer = await client.call('authorize_payment', {
        campaignId: settings.campaignId,
        creditCardType: cardType,
        creditCardNumber: number,
        expirationDate,
        CVV: card.cvv,
        firstName: firstName ?? '',
        lastName: rest.join(' '),
        billingFirstName: firstName ?? '',
        billingLastName: rest.join(' '),
        auth_amount: '1.00',
        void_flag: '1',
        save_customer: '1',
        save_customer_days: '30',
      });
      const code = responseCode(answer);
      const token = typeof answer.temp_customer_id === 'string' ? answer.temp_customer_id : '';
      if (code !== '100' || !token) {
        const reading = readChargeAnswer(answer);
        if (reading.kind === 'outcome' && reading.outcome.status === 'declined') throw new CardRefused(reading.outcome);
        throw new Error(code === '100' ? 'Sticky.io authorize_payment answered without a temp_customer_id (save_customer).' : describeCode(code, answer));
      }
      const brand = detected ?? cardType;
      const last4 = number.slice(-4);
      await db.insertInto('cards').values({ token, brand, last4, expires_at: expiryOf(answer.expiry_date) }).onConflict((oc) => oc.column('token').doNothing()).execute();
      return { cardToken: token, brand, last4, expMonth: expirationDate.slice(0, 2), expYear: card.expYear };
    },

    async charge(request): Promise<GatewayOutcome> {
      if (typeof request.idempotencyKey !== 'string' || !/^\S{1,200}$/.test(request.idempotencyKey)) throw new Error('idempotencyKey must be a non-empty id without spaces.');
      if (!request.cardToken) throw new Error('cardToken is required.');
      if (request.currency !== 'USD') throw new Error('currency must be USD.');
      centsToDecimal(request.amountCents);
      let row = await chargeRow(request.idempotencyKey);
      if (row && row.amount_cents !== request.amountCents) throw new Error(`amountCents ${request.amountCents} differs from the first attempt under this payment (${row.amount_cents}).`);
      const known = row && storedOutcome(row);
      if (known) return known;
      const { settings, client } = await connect();
      if (!row) {
        const inserted = await db
          .insertInto('charges')
          .values({ idempotency_key: request.idempotencyKey, card_token: request.cardToken, amount_cents: request.amountCents, status: 'pending' })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) return send(client, settings, inserted);
        row = (await chargeRow(request.idempotencyKey))!;
        const raced = storedOutcome(row);
        if (raced) return raced;
      }
      // Asked again with the outcome unknown: Sticky's books first, a new charge only if it has none under this payment.
      let books: GatewayOutcome | null;
      try {
        books = row.status === 'pending' ? await readBooks(client, settings, row) : null;
      } catch (err) {
        throw new ChargeOutcomeUnknown(STICKY_IO, `Sticky.io's orders could not be read (${err instanceof Error ? err.message : 'no answer'}); the charge is not repeated.`);
      }
      if (books) return settle(row, books);
      if (inFlight(row)) throw new ChargeOutcomeUnknown(STICKY_IO, 'An attempt under this payment may still be in flight at Sticky.io; its outcome will be read later.');
      const claimed = await claim(row);
      if (!claimed) throw new ChargeOutcomeUnknown(STICKY_IO, 'Another attempt under this payment has just started.');
      return send(client, settings, claimed);
    },

    lookup,

    async reverse(request): Promise<ReverseOutcome> {
      let row = await chargeRow(request.idempotencyKey);
      // An attempt whose outcome is unknown is settled from Sticky's books first: it may be a capture to give back.
      if (row && !storedOutcome(row)) {
        await lookup(request.idempotencyKey);
        row = await chargeRow(request.idempotencyKey);
      }
      if (!row || row.status !== 'captured' || !row.order_id) return { status: 'not_captured' };
      if (row.reversal) return { status: 'already_reversed', gatewayTransactionId: row.order_id };
      const { client } = await connect();
      const orderId = row.order_id;
      const done = async (kind: 'void' | 'refund'): Promise<ReverseOutcome> => {
        await db.updateTable('charges').set({ reversal: kind }).where('idempotency_key', '=', request.idempotencyKey).where('reversal', 'is', null).execute();
        return { status: 'reversed', gatewayTransactionId: orderId };
      };
      const already = async (): Promise<ReverseOutcome> => {
        await db.updateTable('charges').set({ reversal: 'already' }).where('idempotency_key', '=', request.idempotencyKey).where('reversal', 'is', null).execute();
        return { status: 'already_reversed', gatewayTransactionId: orderId };
      };
      if (request.kind === 'void') {
        const voided = await client.call('order_void', { order_id: orderId });
        const code = responseCode(voided);
        if (code === '100') return done('void');
        if (code === '379' || code === '373') return already();
        // Not voidable any more (settled, or a rule of the gateway): give the money back by a refund instead.
      }
      const refunded = await client.call('order_refund', { order_id: orderId, amount: centsToDecimal(row.amount_cents), keep_recurring: '1' });
      const code = responseCode(refunded);
      if (code === '100') return done('refund');
      if (code === '379') return already();
      throw new Error(describeCode(code, refunded));
    },

    async cancelRecurring(request) {
      const row = await chargeRow(request.idempotencyKey);
      if (!row || row.status !== 'captured' || !row.order_id) return { status: 'not_found' };
      if (row.recurring_stopped) return { status: 'already_cancelled' };
      const { settings, client } = await connect();
      const answer = await client.call('subscription_order_update', { order_id: row.order_id, product_id: settings.productId, status: 'stop' });
      const code = responseCode(answer);
      if (code === '350') return { status: 'not_found' };
      if (code !== '100' && code !== '343' && code !== '353') throw new Error(describeCode(code, answer));
      await db.updateTable('charges').set({ recurring_stopped: true }).where('idempotency_key', '=', row.idempotency_key).execute();
      return { status: code === '353' ? 'already_cancelled' : 'cancelled' };
    },

    async testConnection() {
      try {
        const { client } = await connect();
        const answer = await client.call('validate_credentials', {});
        const code = responseCode(answer);
        return code === '100' ? { ok: true, message: 'Sticky.io accepted the API credentials.' } : { ok: false, message: describeCode(code, answer) };
      } catch (err) {
        return { ok: false, message: err instanceof Error ? err.message : 'Sticky.io could not be reached.' };
      }
    },

    async books(sinceIso) {
      const since = new Date(sinceIso);
      if (Number.isNaN(since.getTime())) throw new Error('sinceIso must be an ISO date.');
      const { settings, client } = await connect();
      const found = await client.call('order_find', {
        campaign_id: settings.campaignId,
        start_date: stickyDate(since),
        end_date: stickyDate(new Date(Date.now() + 86_400_000)),
        search_type: 'all',
        criteria: 'all',
        return_type: 'order_view',
      });
      const code = responseCode(found);
      if (code === '333') return [];
      if (code !== '100') throw new Error(describeCode(code, found));
      const views = ordersOfView(found);
      const orders = views.length > 0 ? views : await viewOrders(client, orderIdsOf(found));
      return orders.flatMap((o): ProviderBookEntry[] => {
        const state = orderState(o);
        const status = state === 'approved' || state === 'partly_refunded' ? 'captured' : state === 'voided' ? 'voided' : state === 'refunded' ? 'refunded' : state === 'declined' ? 'declined' : null;
        if (!status) return [];
        return [{ paymentId: paymentIdInNotes(orderNotes(o)), providerReference: String(o.order_id), status, amountCents: decimalToCents(o.order_total) ?? 0 }];
      });
    },
  };
}

/** A card the provider refused at tokenising (its authorisation was declined): the fan's answer, not a fault. */
export { CardRefused };

function declinedOutcome(order: StickyAnswer): GatewayOutcome {
  const reason = declineReason(order);
  if (isDuplicateDecline(reason)) return { status: 'declined', failureCode: 'duplicate', message: DUPLICATE_MESSAGE, allowCascade: false };
  return { status: 'declined', failureCode: '800', message: reason ?? 'Payment failed.', allowCascade: false };
}

/** order_find names its orders as an array or a comma-separated string. */
function orderIdsOf(found: StickyAnswer): string[] {
  const ids = found.order_id ?? found.order_ids;
  const list = Array.isArray(ids) ? ids.map(String) : typeof ids === 'string' ? ids.split(',') : [];
  return list.map((s) => s.trim()).filter(Boolean);
}

/** The saved customer's expiry (mm/dd/yyyy, end of that day UTC); null when the answer names none. */
function expiryOf(value: unknown): Date | null {
  const m = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null;
  return m ? new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), 23, 59, 59)) : null;
}
