// Sticky.io postbacks, checked and put in our words. A postback carries no signature: the profile's URL holds a
// long random secret (query parameter `token`), compared in constant time, and then the order is read back with
// order_view, so only Sticky's own current word on the order becomes a notice; the postback's other fields are
// never trusted. Each state an order has reached gives one notice, identified by (order id, state), so a repeat
// or a late postback is recognised and the app applies states forward only.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { GatewayNotice, NoticeVerifier, ProviderRequest, VerifiedNotices } from '../port';
import { checkStickyIoSettings, stickyIoBaseUrl, type StickyIoSettings } from './settings';
import { stickyClient, type StickyClient } from './client';
import { decimalToCents, declineReason, describeCode, orderNotes, orderState, ordersOfView, paymentIdInNotes, responseCode, type StickyAnswer } from './wire';
import { STICKY_IO } from './provider';

export interface StickyIoNoticeOptions {
  settings: () => Promise<StickyIoSettings | null>;
  endpoints?: { api?: string };
  timeoutMs?: number;
}

/** Equal secrets, compared in a time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The postback's fields: the query string, and a URL-encoded or JSON body for POST/PUT profiles. */
export function postbackFields(request: ProviderRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const raw = request.rawBody.trim();
  if (raw) {
    if (type.includes('json') || raw.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
      } catch {
        // Not JSON after all: nothing taken from the body.
      }
    } else {
      for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
    }
  }
  // The query string (where the secret lives) wins over the body.
  return { ...fields, ...request.query };
}

export function createStickyIoNoticeVerifier(options: StickyIoNoticeOptions): NoticeVerifier {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    provider: STICKY_IO,
    async verify(request): Promise<VerifiedNotices> {
      let settings: StickyIoSettings;
      try {
        settings = checkStickyIoSettings(await options.settings());
      } catch (err) {
        return { ok: false, reason: err instanceof Error ? err.message : 'Sticky.io is not configured.' };
      }
      const fields = postbackFields(request);
      if (!fields.token || !sameSecret(fields.token, settings.postbackSecret)) return { ok: false, reason: 'The postback token does not match.' };
      const orderId = fields.order_id ?? '';
      if (!/^\d{1,20}$/.test(orderId)) return { ok: false, reason: 'The postback names no order_id.' };
      const client = stickyClient(stickyIoBaseUrl(settings, options.endpoints?.api), settings, timeoutMs);
      // Transport errors propagate: the endpoint answers 5xx and the provider posts again later.
      const order = await viewOrder(client, orderId);
      if (!order) return { ok: false, reason: `Sticky.io knows no order ${orderId}.` };
      const paymentId = paymentIdInNotes(orderNotes(order));
      if (paymentId) return { ok: true, notices: noticesOfOrder(order, paymentId) };
      // A rebill carries none of our notes: its first order (the ancestor) names the subscription's first payment.
      const ancestorId = [order.ancestor_id, order.parent_id].map((v) => String(v ?? '')).find((v) => /^\d+$/.test(v) && v !== '0' && v !== orderId);
      if (!ancestorId) return { ok: true, notices: [] };
      const ancestor = await viewOrder(client, ancestorId);
      const firstPayment = ancestor ? paymentIdInNotes(orderNotes(ancestor)) : null;
      return { ok: true, notices: firstPayment ? renewalNotices(order, firstPayment) : [] };
    },
  };
}

async function viewOrder(client: StickyClient, orderId: string): Promise<StickyAnswer | null> {
  const answer = await client.call('order_view', { order_id: [orderId] });
  const code = responseCode(answer);
  if (code === '350') return null;
  if (code !== '100') throw new Error(describeCode(code, answer));
  return ordersOfView(answer).find((o) => String(o.order_id) === orderId) ?? null;
}

const createdOf = (order: StickyAnswer) => {
  const at = typeof order.time_stamp === 'string' ? Date.parse(`${order.time_stamp.replace(' ', 'T')}Z`) : NaN;
  return Math.floor((Number.isNaN(at) ? Date.now() : at) / 1000);
};

/** Every state an order of ours has reached, oldest first: approved, then voided or (fully) refunded; or declined. */
export function noticesOfOrder(order: StickyAnswer, paymentId: string): GatewayNotice[] {
  const orderId = String(order.order_id);
  const created = createdOf(order);
  const total = decimalToCents(order.order_total) ?? 0;
  const notice = (state: string, type: GatewayNotice['type'], extra: Partial<GatewayNotice['data']> = {}): GatewayNotice => ({
    id: `${orderId}:${state}`,
    type,
    created,
    data: { idempotency_key: paymentId, transaction_id: orderId, amount_cents: total, ...extra },
  });
  const state = orderState(order);
  switch (state) {
    case 'declined':
      return [notice('declined', 'charge.failed', { failure_code: '800', message: declineReason(order) ?? 'Payment failed.', allow_cascade: false })];
    case 'approved':
    // A partial refund does not take the purchase back; the ledger sees it in the provider's books.
    case 'partly_refunded':
      return [notice('approved', 'charge.succeeded')];
    case 'refunded':
      return [notice('approved', 'charge.succeeded'), notice('refunded', 'charge.refunded', { reason: 'Refunded at Sticky.io' })];
    case 'voided':
      return [notice('approved', 'charge.succeeded'), notice('voided', 'charge.voided', { reason: 'Voided at Sticky.io' })];
    default:
      return [];
  }
}

/** A rebill of the subscription whose first sale was `firstPaymentId`. */
export function renewalNotices(order: StickyAnswer, firstPaymentId: string): GatewayNotice[] {
  const orderId = String(order.order_id);
  const state = orderState(order);
  const base = { idempotency_key: firstPaymentId, transaction_id: orderId, amount_cents: decimalToCents(order.order_total) ?? 0 };
  if (state === 'declined') return [{ id: `${orderId}:renewal_failed`, type: 'subscription.renewal_failed', created: createdOf(order), data: { ...base, failure_code: '800', message: declineReason(order) ?? 'Payment failed.' } }];
  if (state === 'other') return [];
  return [{ id: `${orderId}:renewed`, type: 'subscription.renewed', created: createdOf(order), data: base }];
}
