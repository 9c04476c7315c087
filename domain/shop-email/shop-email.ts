// The shop's mails: to the fan when an order is paid (a receipt), when it ships (carrier and tracking), and when a
// payment that came in after the items sold out was refunded; to the staff address when a paid order comes in. Which mails an order event makes, their texts, and the record that
// one was sent. Each (event, kind) has its own stream; the sender records ShopEmailSent there before it mails, so two
// nodes or a pass over a restart never mail twice (a crash between record and send loses that one mail: a notice,
// never money, so at most once is the right side to err on).
import type { Decider, DomainEvent } from '../shared/decider';
import { refundedNotDelivered, type PaymentReversal } from '../payment/payment';
import type { OrderLine, ShippingAddress } from '../shop-order/order';

/** Mails of events older than this are dropped, never sent late (a rebuild, a first start over an old log). */
export const SHOP_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export const SHOP_EMAIL_KINDS = ['fan_order_paid', 'fan_order_shipped', 'staff_new_order', 'fan_order_refunded'] as const;
export type ShopEmailKind = (typeof SHOP_EMAIL_KINDS)[number];

/** What the event said that the mail tells: the refund's amount and reason (the rest is read from the order). */
export interface ShopMailDueFacts {
  amountCents?: number;
  reason?: string | null;
}

/** One mail an order event asks for. */
export interface ShopMailDue {
  sourceEventId: string;
  kind: ShopEmailKind;
  orderId: string;
  userId: string;
  at: string;
  facts?: ShopMailDueFacts;
}

/** The events that make shop mails (a payment's reversal only when it is an order's refund for items sold out). */
export const SHOP_EMAIL_SOURCE_TYPES = ['ShopOrderPaid', 'ShopOrderShipped', 'PaymentReversed'] as const;

type Ev = { id: string; type: string; data: unknown; recordedAt: Date };

/** The mails an order event makes. A changed tracking number is not mailed again. */
export function shopMailsForEvent(e: Ev): ShopMailDue[] {
  if (e.type === 'PaymentReversed') {
    const r = e.data as PaymentReversal;
    if (r.purpose.kind !== 'shop_order' || !refundedNotDelivered(r)) return [];
    return [{ sourceEventId: e.id, kind: 'fan_order_refunded', orderId: r.purpose.orderId, userId: r.userId, at: e.recordedAt.toISOString(), facts: { amountCents: r.amountCents, reason: r.reason } }];
  }
  const d = (e.data ?? {}) as { orderId?: string; userId?: string };
  const one = (kind: ShopEmailKind): ShopMailDue => ({ sourceEventId: e.id, kind, orderId: d.orderId ?? '', userId: d.userId ?? '', at: e.recordedAt.toISOString() });
  switch (e.type) {
    case 'ShopOrderPaid':
      return [one('fan_order_paid'), one('staff_new_order')];
    case 'ShopOrderShipped':
      return [one('fan_order_shipped')];
    default:
      return [];
  }
}

/** The order as a mail shows it. */
export interface MailedOrder {
  id: string;
  lines: Pick<OrderLine, 'kind' | 'title' | 'variantName' | 'unitPriceCents' | 'quantity'>[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  address: ShippingAddress | null;
  carrier: string | null;
  trackingNumber: string | null;
}

export interface ShopMailFacts { fanName: string; fanEmail: string; creatorName: string; siteUrl: string }

/** The order's number as the fan site shows it: the first eight characters of its id, upper case. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** Mail headers are one line: breaks in user text would start new headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const lineText = (l: MailedOrder['lines'][number]) =>
  `${l.quantity} × ${l.title}${l.variantName ? ` (${l.variantName})` : ''}: ${money(l.unitPriceCents * l.quantity)}`;

const addressLines = (a: ShippingAddress) =>
  [a.name, a.line1, a.line2, [a.city, a.state, a.postalCode].filter(Boolean).join(', '), a.country].filter((s) => s && s.trim());

/** The order's lines, totals and where it goes, as paragraphs (each one line of text or a list). */
function orderSummary(o: MailedOrder): Array<string | string[]> {
  const parts: Array<string | string[]> = [o.lines.map(lineText)];
  parts.push(o.shippingCents ? [`Subtotal: ${money(o.subtotalCents)}`, `Shipping: ${money(o.shippingCents)}`, `Total: ${money(o.totalCents)}`] : `Total: ${money(o.totalCents)}`);
  if (o.address) parts.push(['Ships to:', ...addressLines(o.address)]);
  if (o.lines.some((l) => l.kind === 'digital')) parts.push('Download your digital items from your order page.');
  return parts;
}

/** Subject and bodies of one mail (plain text and simple HTML, every value escaped). */
export function shopEmail(kind: ShopEmailKind, o: MailedOrder, f: ShopMailFacts, due: ShopMailDueFacts = {}): { subject: string; text: string; html: string } {
  const no = orderNumber(o.id);
  const orderPage = { label: 'View your order', url: `${f.siteUrl}/shop/order-history/${encodeURIComponent(o.id)}` };
  let subject: string;
  let parts: Array<string | string[]>;
  let link = orderPage;
  switch (kind) {
    case 'fan_order_paid':
      subject = `Your order #${no} from ${f.creatorName}`;
      parts = [`Hi ${f.fanName},`, `Thank you for your order #${no}. We received your payment of ${money(o.totalCents)}.`, ...orderSummary(o)];
      break;
    case 'fan_order_shipped':
      subject = `Your order #${no} has shipped`;
      parts = [`Hi ${f.fanName},`, `Your order #${no} is on its way.`, [`Carrier: ${o.carrier ?? ''}`, `Tracking number: ${o.trackingNumber ?? ''}`], ...(o.address ? [['Ships to:', ...addressLines(o.address)]] : [])];
      break;
    case 'staff_new_order':
      subject = `New order #${no}: ${money(o.totalCents)} from ${f.fanName}`;
      parts = [`${f.fanName} (${f.fanEmail}) paid ${money(o.totalCents)} for order #${no}.`, ...orderSummary(o).filter((p) => !(typeof p === 'string' && p.startsWith('Download')))];
      link = { label: 'Open the order', url: `${f.siteUrl}/admin/shop/order/edit/${encodeURIComponent(o.id)}` };
      break;
    case 'fan_order_refunded':
      subject = 'Your payment was refunded';
      parts = [`Hi ${f.fanName},`, `Your payment of ${money(due.amountCents ?? o.totalCents)} for order #${no} was refunded to the card or wallet you paid with.`,
        ...(due.reason ? [`Reason: ${due.reason}`] : []), o.lines.map(lineText)];
      break;
  }
  const footer = kind.startsWith('fan_') ? `You receive this because you ordered from ${f.creatorName}'s shop.` : `Sent by ${f.creatorName}'s site to its staff address.`;
  const text = [...parts.map((p) => (Array.isArray(p) ? p.join('\n') : p)), `${link.label}: ${link.url}`, footer].join('\n\n');
  const html = parts.map((p) => (Array.isArray(p) ? `<p>${p.map(escapeHtml).join('<br>')}</p>` : `<p>${escapeHtml(p)}</p>`)).join('')
    + `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`;
  return { subject: oneLine(subject), text, html };
}

// ---- the record that a mail was sent -------------------------------------------------------------------------

export type ShopEmailEvent = DomainEvent<'ShopEmailSent', { sourceEventId: string; kind: ShopEmailKind; orderId: string; userId: string; sentAt: string }>;
export type ShopEmailCommand = { type: 'RecordShopEmailSent'; sourceEventId: string; kind: ShopEmailKind; orderId: string; userId: string; at: string };

export const shopEmailStream = (sourceEventId: string, kind: ShopEmailKind) => `shop-email-${sourceEventId}-${kind}`;

export const shopEmailDecider: Decider<ShopEmailCommand, ShopEmailEvent, { sent: boolean }> = {
  initialState: () => ({ sent: false }),
  evolve: (s, e) => (e.type === 'ShopEmailSent' ? { sent: true } : s),
  decide: (c, s) => (s.sent ? [] : [{ type: 'ShopEmailSent', data: { sourceEventId: c.sourceEventId, kind: c.kind, orderId: c.orderId, userId: c.userId, sentAt: c.at } }]),
};
