// CCBill behind the card provider port. Cards are tokenised with the REST API (CVV checked) as single-use tokens; a
// charge is written in our books before CCBill is called and pays with a token no other charge uses: the card's own
// for its first charge (one payment at a time holds it), one minted from the card's first sale for every later
// charge. So asking again can never charge twice: the attempt's token is looked up first, and a used single-use
// token is refused by CCBill, even when an earlier request of the same attempt is done late. Refunds, voids and cancels go through DataLink,
// whose URLs carry the credentials: they are never logged nor put in an error.
import type { Database } from '../../db/database';
import type { GatewayOutcome } from '../../../domain/payment/payment';
import { cardUpdateDecline } from '../../../domain/payment/card-update';
import { CardRefused, ChargeOutcomeUnknown, type CardProvider, type ProviderBookEntry, type ReverseOutcome, type TokenisedCard } from '../port';
import { openCcbillBooks, type Attempt } from './books';
import { PAYMENT_ID_FIELD, USD_CODE } from './checkout';
import { priceText } from './digest';
import { datalinkMessage, parseDatalinkXml } from './datalink';
import { defaultEndpoints, type CcbillEndpoints, type CcbillSettings } from './settings';

const ACCEPT = 'application/vnd.mcn.transaction-service.api.v.2+json';
const PROVIDER = 'ccbill';

export interface CcbillProviderOptions {
  database: Database;
  settings: () => Promise<CcbillSettings | null>;
  endpoints?: Partial<CcbillEndpoints>;
  /** Per-call time limit; a charge that runs out of it has an unknown outcome. */
  timeoutMs?: number;
}

/** An answer that never came: timeout, reset, refused connection. */
class NoAnswer extends Error {}
/** A saved card whose reusable token may not be charged without its CVV: the fan enters the card again. */
class CardTokenNeedsRenewal extends Error {}
/** The decline code of a payment on such a card. */
export const CARD_NEEDS_RENEWAL = 'CARD_NEEDS_RENEWAL';

type Json = Record<string, unknown>;

/** A body as JSON, or null when it is empty or not JSON (a 401 has none; a proxy's error page is HTML). */
function parseJson(text: string): Json | Json[] | null {
  try {
    return text ? (JSON.parse(text) as Json | Json[]) : null;
  } catch {
    return null;
  }
}

/** The card token we hand out: CCBill's payment token, and the card's first sale once there is one (card on file). */
const cardTokenOf = (paymentTokenId: string) => `ccbill:${paymentTokenId}`;
function parseCardToken(cardToken: string): string {
  const m = /^ccbill:([0-9a-zA-Z]+)$/.exec(cardToken);
  if (!m) throw new Error('cardToken: not a CCBill card token');
  return m[1];
}

export function createCcbillProvider(options: CcbillProviderOptions): CardProvider {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const booksReady = openCcbillBooks(options.database);
  let bearer: { token: string; expiresAt: number; key: string } | null = null;

  async function config() {
    const settings = await options.settings();
    if (!settings) throw new Error('CCBill is not configured: enter its account, FlexForm, REST and DataLink settings in the console.');
    return { settings, endpoints: { ...defaultEndpoints(settings.liveMode), ...options.endpoints } };
  }

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      // The cause may name the URL (DataLink's carries credentials): say only that no answer came.
      throw new NoAnswer('no answer');
    }
  }

  async function accessToken(force = false): Promise<string> {
    const { settings, endpoints } = await config();
    const key = `${settings.restAppId}|${endpoints.rest}`;
    if (!force && bearer && bearer.key === key && bearer.expiresAt > Date.now()) return bearer.token;
    const res = await call(`${endpoints.rest}/ccbill-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${settings.restAppId}:${settings.restSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }).catch(() => {
      throw new Error('CCBill REST: the OAuth call got no answer.');
    });
    if (res.status !== 200) throw new Error(`CCBill REST: the OAuth call was refused (HTTP ${res.status}); check the application id and secret.`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('CCBill REST: the OAuth answer had no access_token.');
    // Renew a little before CCBill's expiry so a call never carries a token that dies on the way.
    bearer = { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 30) * 1000, key };
    return bearer.token;
  }

  /** A REST call with the bearer token; a 401 (expired token) is answered by one fresh token and one repeat. */
  async function rest(method: 'GET' | 'POST', path: string, body?: Json): Promise<{ status: number; body: Json | Json[] | null }> {
    const { endpoints } = await config();
    for (let attempt = 0; ; attempt += 1) {
      const token = await accessToken(attempt > 0);
      const res = await call(`${endpoints.rest}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: ACCEPT, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 401 && attempt === 0) continue;
      const text = await res.text().catch(() => {
        throw new NoAnswer('no answer');
      });
      return { status: res.status, body: parseJson(text) };
    }
  }

  const restFailure = (what: string, r: { status: number; body: unknown }) => {
    const b = (r.body ?? {}) as { errorCode?: number; generalMessage?: string; errors?: { field: string; message: string }[] };
    const fields = b.errors?.map((e) => `${e.field}: ${e.message}`).join('; ');
    return new Error(`CCBill REST ${what}: HTTP ${r.status}${b.errorCode ? ` ${b.errorCode}` : ''}${b.generalMessage ? ` ${b.generalMessage}` : ''}${fields ? ` (${fields})` : ''}`);
  };

  async function account() {
    const { settings } = await config();
    return { clientAccnum: Number(settings.clientAccnum), clientSubacc: Number(settings.clientSubacc) };
  }

  /** Mints a payment token for one purchase from the card's earlier sale (no card data needed). */
  async function mintSingleUse(subscriptionId: string): Promise<string> {
    const r = await rest('POST', '/payment-tokens/merchant-only', { ...(await account()), subscriptionId, timeToLive: 24, validNumberOfUse: 1 });
    const id = (r.body as Json | null)?.paymentTokenId;
    if (r.status !== 200 || typeof id !== 'string') throw restFailure('payment token', r);
    return id;
  }

  /** How many more charges CCBill allows a payment token (a reusable one allows many). */
  async function tokenUsesLeft(paymentTokenId: string): Promise<number | null> {
    const r = await rest('GET', `/payment-tokens/${encodeURIComponent(paymentTokenId)}`);
    if (r.status !== 200) throw restFailure('payment token read', r);
    const left = (r.body as Json | null)?.validNumberOfUse;
    return typeof left === 'number' ? left : null;
  }

  /** The sales CCBill made with a payment token (its subscription ids, as text). */
  async function salesOf(paymentTokenId: string): Promise<string[]> {
    const { clientAccnum, clientSubacc } = await config().then((c) => c.settings);
    const r = await rest('GET', `/transactions/payment-tokens/${encodeURIComponent(paymentTokenId)}?clientAccnum=${clientAccnum}&clientSubacc=${clientSubacc}`);
    if (r.status !== 200 || !Array.isArray(r.body)) throw restFailure('sales listing', r);
    return r.body.map((s) => String(s.subscriptionId));
  }

  /** CCBill's word on an attempt: a sale made with its token that was not there before it, or none. */
  async function saleOfAttempt(a: Attempt): Promise<string | null> {
    if (!a.paymentTokenId) return null;
    const books = await booksReady;
    const before = new Set(await books.salesBefore(a.paymentId));
    return (await salesOf(a.paymentTokenId)).find((s) => !before.has(s)) ?? null;
  }

  const outcomeOf = (a: Attempt): GatewayOutcome | null =>
    a.status === 'captured' && a.subscriptionId
      ? { status: 'captured', gatewayTransactionId: a.subscriptionId }
      : a.status === 'declined'
        ? { status: 'declined', failureCode: a.failureCode ?? 'declined', message: a.message ?? 'Payment failed.', allowCascade: a.allowCascade }
        : null;

  async function datalink(action: string, params: Record<string, string>): Promise<{ code: number | null; fields: Record<string, string> }> {
    const { settings, endpoints } = await config();
    const query = new URLSearchParams({ clientAccnum: settings.clientAccnum, usingSubacc: settings.clientSubacc, username: settings.datalinkUsername, password: settings.datalinkPassword, action, returnXML: '1', ...params });
    let res: Response;
    try {
      res = await call(`${endpoints.datalink}?${query.toString()}`, { method: 'GET' });
    } catch {
      throw new Error(`CCBill DataLink ${action}: no answer.`);
    }
    if (res.status !== 200) throw new Error(`CCBill DataLink ${action}: HTTP ${res.status}.`);
    return parseDatalinkXml(await res.text());
  }
  const datalinkError = (action: string, code: number | null) => new Error(`CCBill DataLink ${action}: ${code === null ? 'unreadable answer' : `${code} ${datalinkMessage(code)}`}.`);

  async function capturedSale(idempotencyKey: string): Promise<string | null> {
    const books = await booksReady;
    const a = await books.find(idempotencyKey);
    if (a?.status === 'captured' && a.subscriptionId) return a.subscriptionId;
    return books.saleOfPayment(idempotencyKey);
  }

  /**
   * The single-use token an attempt pays with. A card that has sold before: one minted from that sale for this
   * attempt alone. A new card: its own token, single-use since it was saved, held by one payment at a time; while
   * another payment's first charge on it is unanswered, this one waits (its outcome is unknown, nothing charged).
   */
  async function tokenForAttempt(cardTokenId: string, paymentId: string): Promise<string> {
    const books = await booksReady;
    const earlier = await books.cardSale(cardTokenId);
    if (earlier) return mintSingleUse(earlier);
    if (!(await books.isSingleUse(cardTokenId))) {
      // A card saved before tokens were single-use: swapped for a token minted from its first sale, if it sold.
      const [first] = await salesOf(cardTokenId);
      if (first) {
        await books.linkCard(cardTokenId, first);
        return mintSingleUse(first);
      }
      // Never sold: a reusable token without CVV may not make a card's first charge; the fan enters the card again.
      if ((await tokenUsesLeft(cardTokenId)) !== 1) throw new CardTokenNeedsRenewal();
      await books.markSingleUse(cardTokenId);
    }
    const holder = await books.claimFirstCharge(cardTokenId, paymentId);
    if (holder === paymentId) return cardTokenId;
    const first = await books.find(holder);
    const sale = first?.status === 'captured' ? first.subscriptionId : first ? await saleOfAttempt(first) : null;
    if (sale) {
      if (first?.status !== 'captured') await books.settle(holder, { status: 'captured', subscriptionId: sale });
      await books.linkCard(cardTokenId, sale);
      return mintSingleUse(sale);
    }
    if (first?.status === 'declined' && (await books.passFirstCharge(cardTokenId, holder, paymentId))) return cardTokenId;
    throw new ChargeOutcomeUnknown(PROVIDER, "The card's first payment at CCBill is not answered yet; this one waits for it.");
  }

  return {
    name: PROVIDER,

    async tokenise(card): Promise<TokenisedCard> {
      const [firstName, ...rest_] = card.holderName.trim().split(/\s+/);
      // Single-use: the card's first charge spends it, so a late CCBill commit and a retry can never both be paid; later
      // charges mint their own from the first sale.
      const r = await rest('POST', '/payment-tokens/merchant-only-verify', {
        ...(await account()),
        subscriptionId: 0,
        validNumberOfUse: 1,
        customerInfo: { customerFname: firstName ?? '', customerLname: rest_.join(' '), email: 'card-holder@invalid.example', country: 'US' },
        paymentInfo: { creditCardPaymentInfo: { cardNum: card.number, nameOnCard: card.holderName, expMonth: card.expMonth.padStart(2, '0'), expYear: card.expYear.length === 2 ? `20${card.expYear}` : card.expYear, cvv2: card.cvv } },
      }).catch((e: unknown) => {
        throw e instanceof NoAnswer ? new Error('CCBill REST payment token: no answer.') : e;
      });
      const body = (r.body ?? {}) as Json;
      if (r.status !== 200 || typeof body.paymentTokenId !== 'string') throw restFailure('payment token', r);
      // A CVV CCBill says does not match is refused here rather than at the first charge.
      if (body.cvv2Response === 'N') throw new CardRefused({ status: 'declined', failureCode: 'cvv_mismatch', message: 'The card\'s security code does not match.', allowCascade: true }, 'cvv');
      const number = card.number.replace(/\D/g, '');
      const brand = /^4/.test(number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : /^6/.test(number) ? 'discover' : 'unknown';
      await (await booksReady).markSingleUse(body.paymentTokenId);
      return { cardToken: cardTokenOf(body.paymentTokenId), brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },

    async charge(request): Promise<GatewayOutcome> {
      if (request.currency !== 'USD') throw new Error('currency: only USD is supported');
      const initialPrice = Number(priceText(request.amountCents));
      const cardTokenId = parseCardToken(request.cardToken);
      const books = await booksReady;
      let attempt = await books.begin(request.idempotencyKey, request.amountCents);
      const known = outcomeOf(attempt);
      if (known) return known;

      try {
        if (attempt.paymentTokenId) {
          // Asked again after an unknown outcome: CCBill's books first.
          const sale = await saleOfAttempt(attempt);
          if (sale) {
            await books.settle(attempt.paymentId, { status: 'captured', subscriptionId: sale });
            await books.linkCard(cardTokenId, sale);
            return { status: 'captured', gatewayTransactionId: sale };
          }
        } else {
          const paymentTokenId = await tokenForAttempt(cardTokenId, attempt.paymentId);
          // A card's own token may have sold before (saved when tokens were reusable): only a new sale is this attempt's.
          const mine = await books.setToken(attempt.paymentId, paymentTokenId, paymentTokenId === cardTokenId ? await salesOf(paymentTokenId) : []);
          if (!mine) throw new ChargeOutcomeUnknown(PROVIDER, 'Another call under this payment has just begun its charge at CCBill; its outcome will be read.');
          attempt = (await books.find(attempt.paymentId))!;
        }

        const r = await rest('POST', `/transactions/payment-tokens/${encodeURIComponent(attempt.paymentTokenId!)}`, {
          ...(await account()),
          initialPrice,
          initialPeriod: 0,
          currencyCode: Number(USD_CODE),
          passThroughInfo: [{ name: PAYMENT_ID_FIELD, value: request.idempotencyKey }],
        });
        const body = (r.body ?? {}) as Json;
        if (r.status === 200 && body.approved === true && body.subscriptionId !== null && body.subscriptionId !== undefined) {
          const sale = String(body.subscriptionId);
          await books.settle(attempt.paymentId, { status: 'captured', subscriptionId: sale });
          await books.linkCard(cardTokenId, sale);
          return { status: 'captured', gatewayTransactionId: sale };
        }
        if (r.status === 200 && body.approved === false) {
          const update = cardUpdateDecline(body.declineText === null || body.declineText === undefined ? null : String(body.declineText));
          const declined = update
            ? { status: 'declined' as const, ...update, allowCascade: false }
            : { status: 'declined' as const, failureCode: String(body.declineCode ?? 'declined'), message: String(body.declineText ?? 'Payment failed.'), allowCascade: true };
          await books.settle(attempt.paymentId, declined);
          return declined;
        }
        if (r.status === 400 && (body as { errorCode?: number }).errorCode === 100102) {
          // The attempt's token is used up or expired: a sale under it is ours; none means no money moved.
          const sale = await saleOfAttempt(attempt);
          if (sale) {
            await books.settle(attempt.paymentId, { status: 'captured', subscriptionId: sale });
            return { status: 'captured', gatewayTransactionId: sale };
          }
          const declined = { status: 'declined' as const, failureCode: '100102', message: 'The card could not be charged; please enter it again.', allowCascade: true };
          await books.settle(attempt.paymentId, declined);
          return declined;
        }
        if (r.status >= 500) throw new ChargeOutcomeUnknown(PROVIDER, `CCBill answered HTTP ${r.status} to the charge; its books will tell.`);
        throw restFailure('charge', r);
      } catch (e) {
        if (e instanceof NoAnswer) throw new ChargeOutcomeUnknown(PROVIDER, 'CCBill did not answer the charge in time; its books will tell.');
        if (e instanceof CardTokenNeedsRenewal) {
          // Nothing was charged: the attempt is declined, and the fan asked for the card again.
          const declined = { status: 'declined' as const, failureCode: CARD_NEEDS_RENEWAL, message: 'Please enter your card again to pay with it.', allowCascade: true };
          await books.settle(attempt.paymentId, declined);
          return declined;
        }
        throw e;
      }
    },

    async lookup(idempotencyKey): Promise<GatewayOutcome | null> {
      const books = await booksReady;
      const attempt = await books.find(idempotencyKey);
      if (!attempt) return null;
      const known = outcomeOf(attempt);
      if (known) return known;
      const sale = await saleOfAttempt(attempt).catch((e: unknown) => {
        throw e instanceof NoAnswer ? new Error('CCBill REST sales listing: no answer.') : e;
      });
      if (!sale) return null;
      await books.settle(attempt.paymentId, { status: 'captured', subscriptionId: sale });
      return { status: 'captured', gatewayTransactionId: sale };
    },

    async reverse(request): Promise<ReverseOutcome> {
      const books = await booksReady;
      const sale = await capturedSale(request.idempotencyKey);
      if (!sale) return { status: 'not_captured' };
      const attempt = await books.find(request.idempotencyKey);
      if (attempt?.reversal) return { status: 'already_reversed', gatewayTransactionId: sale };
      const action = request.kind === 'void' ? 'voidTransaction' : 'refundTransaction';
      const answer = await datalink(action, { subscriptionId: sale });
      if (answer.code === 1) {
        await books.setReversal(request.idempotencyKey, request.kind);
        return { status: 'reversed', gatewayTransactionId: sale };
      }
      // A refused repeat: the status read says whether the sale was reversed already.
      const status = await datalink('viewSubscriptionStatus', { subscriptionId: sale });
      if (Number(status.fields.refundsIssued ?? 0) + Number(status.fields.voidsIssued ?? 0) > 0) {
        await books.setReversal(request.idempotencyKey, request.kind);
        return { status: 'already_reversed', gatewayTransactionId: sale };
      }
      throw datalinkError(action, answer.code);
    },

    async refundSale(request): Promise<ReverseOutcome> {
      const books = await booksReady;
      // Only a sale CCBill reported for this payment (its notice linked the two) is refunded for it.
      if ((await books.paymentIdForSale(request.reference)) !== request.idempotencyKey) return { status: 'not_captured' };
      const answer = await datalink('refundTransaction', { subscriptionId: request.reference });
      if (answer.code === 1) return { status: 'reversed', gatewayTransactionId: request.reference };
      // A refused repeat: the status read says whether this sale was given back already.
      const status = await datalink('viewSubscriptionStatus', { subscriptionId: request.reference });
      if (Number(status.fields.refundsIssued ?? 0) + Number(status.fields.voidsIssued ?? 0) > 0) return { status: 'already_reversed', gatewayTransactionId: request.reference };
      throw datalinkError('refundTransaction', answer.code);
    },

    async cancelRecurring(request) {
      const sale = await capturedSale(request.idempotencyKey);
      if (!sale) return { status: 'not_found' };
      const answer = await datalink('cancelSubscription', { subscriptionId: sale });
      if (answer.code === 1) return { status: 'cancelled' };
      if (answer.code === -3 || answer.code === -2) return { status: 'not_found' };
      const status = await datalink('viewSubscriptionStatus', { subscriptionId: sale });
      if (status.fields.cancelDate) return { status: 'already_cancelled' };
      throw datalinkError('cancelSubscription', answer.code);
    },

    /**
     * CCBill's books: every sale its listing shows on our attempts' tokens (made after each attempt began), with
     * DataLink's word on refunds, voids and chargebacks. A sale no attempt took is a second charge on that attempt's
     * token, which the ledger must see. CCBill's listing gives no amounts: the amount is the one the attempt asked for.
     */
    async books() {
      const books = await booksReady;
      const listings = new Map<string, string[]>();
      const fresh: { attempt: Attempt; sales: string[] }[] = [];
      const owners = new Map<string, Attempt>();
      for (const a of await books.tokenedAttempts()) {
        const token = a.paymentTokenId!;
        if (!listings.has(token)) listings.set(token, await salesOf(token));
        const before = new Set(await books.salesBefore(a.paymentId));
        const sales = listings.get(token)!.filter((s) => !before.has(s));
        const own = a.status === 'captured' && a.subscriptionId && sales.includes(a.subscriptionId) ? a.subscriptionId : sales.find((s) => !owners.has(s));
        if (own) owners.set(own, a);
        fresh.push({ attempt: a, sales });
      }
      const entries: ProviderBookEntry[] = [];
      const seen = new Set<string>();
      for (const { attempt, sales } of fresh) {
        for (const sale of sales) {
          if (seen.has(sale)) continue;
          seen.add(sale);
          const owner = owners.get(sale);
          const { fields } = await datalink('viewSubscriptionStatus', { subscriptionId: sale });
          const status = Number(fields.chargebacksIssued ?? 0) > 0 ? 'chargeback' : Number(fields.voidsIssued ?? 0) > 0 ? 'voided' : Number(fields.refundsIssued ?? 0) > 0 ? 'refunded' : 'captured';
          entries.push({ paymentId: owner?.paymentId ?? null, providerReference: sale, status, amountCents: (owner ?? attempt).amountCents });
        }
      }
      // Sales on CCBill's payment page, at the amounts its notices reported; a renewal counts as taken (DataLink's
      // status is the subscription's, which a refund of its first sale would mark).
      for (const h of await books.hostedSales()) {
        let status: ProviderBookEntry['status'] = 'captured';
        if (h.kind === 'sale') {
          const { fields } = await datalink('viewSubscriptionStatus', { subscriptionId: h.reference });
          status = Number(fields.chargebacksIssued ?? 0) > 0 ? 'chargeback' : Number(fields.voidsIssued ?? 0) > 0 ? 'voided' : Number(fields.refundsIssued ?? 0) > 0 ? 'refunded' : 'captured';
        }
        entries.push({ paymentId: h.paymentId, providerReference: h.reference, status, amountCents: h.amountCents });
      }
      return entries;
    },

    async testConnection() {
      try {
        await accessToken(true);
        return { ok: true, message: 'CCBill REST accepted the application id and secret.' };
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : 'CCBill REST could not be reached.' };
      }
    },
  };
}
