// Read model: shop orders with their lines and every step they went through (placed, paid, shipped, …), for the
// fan's order history and the console's order list.
import { sql, type Kysely, type Selectable } from 'kysely';
import { needsShipping, type OrderLine, type OrderStatus, type ShippingAddress } from '../domain/shop-order/order';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { shopOrdersTables, storeRow, type ReadModelRows, type ReadModels } from './schema';

/** One step of an order: what it became, when, and (for staff steps) who and why. */
export interface OrderStep {
  status: OrderStatus | 'delivered' | 'tracking_changed' | 'line_refunded';
  at: string;
  by: string | null;
  note: string | null;
}

/** A line as the fan's order shows it: what was refunded of it and, for a digital item, how often it was downloaded. */
export type ShopOrderLine = OrderLine & { refunded_quantity: number; downloads?: number };

export interface ShopOrderRow {
  id: string;
  user_id: string;
  status: OrderStatus;
  lines: ShopOrderLine[];
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  address: ShippingAddress | null;
  carrier: string | null;
  tracking_number: string | null;
  failure_code: string | null;
  cancel_reason: string | null;
  history: OrderStep[];
  placed_at: string;
  paid_at: string | null;
  updated_at: string;
}

export const shopOrdersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'shop-orders',
  tables: shopOrdersTables,
  handles: [
    'ShopOrderPlaced', 'ShopOrderPaid', 'ShopOrderPaymentFailed', 'ShopOrderDelivered', 'ShopOrderShipped', 'ShopOrderTrackingChanged',
    'ShopOrderCompleted', 'ShopOrderCancelled', 'ShopOrderLineRefunded', 'ShopOrderReversed', 'ShopDigitalDownloaded',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const step = (o: ShopOrderRow, s: OrderStep, change: Partial<ShopOrderRow> = {}): ShopOrderRow => ({ ...o, ...change, history: [...(o.history ?? []), s], updated_at: s.at });
    const order = (change: (o: ShopOrderRow) => ShopOrderRow) => update<ShopOrderRow>(store, 'shop_orders', { id: d.orderId }, change);
    switch (type) {
      case 'ShopOrderPlaced':
        store.put('shop_orders', {
          id: d.orderId, user_id: d.userId, status: 'placed', lines: d.lines.map((l) => ({ ...l, refunded_quantity: 0 })), subtotal_cents: d.subtotalCents,
          shipping_cents: d.shippingCents, total_cents: d.totalCents, refunded_cents: 0, address: d.address, carrier: null, tracking_number: null, failure_code: null,
          cancel_reason: null, history: [{ status: 'placed', at: d.placedAt, by: null, note: null }], placed_at: d.placedAt, paid_at: null, updated_at: d.placedAt,
        });
        return;
      case 'ShopOrderPaid':
        await order((o) => step(o, { status: 'paid', at: d.paidAt, by: null, note: null }, { status: 'paid', paid_at: d.paidAt }));
        return;
      case 'ShopOrderPaymentFailed':
        await order((o) => step(o, { status: 'failed', at: d.failedAt, by: null, note: d.failureCode }, { status: 'failed', failure_code: d.failureCode }));
        return;
      case 'ShopOrderDelivered':
        // Digital items only: delivered is fulfilled; with physical items the order waits for shipping.
        await order((o) => step(o, { status: 'delivered', at: d.deliveredAt, by: null, note: null }, { status: needsShipping(o.lines) ? o.status : 'fulfilled' }));
        return;
      case 'ShopOrderShipped':
        await order((o) => step(o, { status: 'fulfilled', at: d.shippedAt, by: d.shippedBy, note: `${d.carrier} ${d.trackingNumber}` }, { status: 'fulfilled', carrier: d.carrier, tracking_number: d.trackingNumber }));
        return;
      case 'ShopOrderTrackingChanged':
        await order((o) => step(o, { status: 'tracking_changed', at: d.changedAt, by: d.changedBy, note: `${d.carrier} ${d.trackingNumber}` }, { carrier: d.carrier, tracking_number: d.trackingNumber }));
        return;
      case 'ShopOrderCompleted':
        await order((o) => step(o, { status: 'completed', at: d.completedAt, by: null, note: null }, { status: 'completed' }));
        return;
      case 'ShopOrderCancelled':
        await order((o) => step(o, { status: 'cancelled', at: d.cancelledAt, by: d.cancelledBy, note: d.reason || null }, {
          status: 'cancelled', cancel_reason: d.reason || null, refunded_cents: d.paid ? o.total_cents : o.refunded_cents,
        }));
        return;
      case 'ShopOrderLineRefunded':
        await order((o) => {
          const lines = o.lines.map((l) => (l.lineNo === d.lineNo ? { ...l, refunded_quantity: l.refunded_quantity + d.quantity } : l));
          const all = lines.every((l) => l.refunded_quantity >= l.quantity);
          return step(o, { status: 'line_refunded', at: d.refundedAt, by: d.refundedBy, note: `line ${d.lineNo} × ${d.quantity}` }, {
            lines, refunded_cents: o.refunded_cents + d.amountCents, status: all ? 'refunded' : o.status,
          });
        });
        return;
      case 'ShopDigitalDownloaded':
        // The download's own number, not a count: a replayed event leaves the line as it was.
        await update<ShopOrderRow>(store, 'shop_orders', { id: d.orderId }, (o) => ({
          ...o, lines: o.lines.map((l) => (l.lineNo === d.lineNo ? { ...l, downloads: Math.max(l.downloads ?? 0, d.downloadNo) } : l)),
        }));
        return;
      case 'ShopOrderReversed': {
        const status: OrderStatus = d.kind === 'chargeback' ? 'charged_back' : 'refunded';
        await order((o) => step(o, { status, at: d.reversedAt, by: null, note: d.kind }, {
          status, refunded_cents: o.total_cents, lines: o.lines.map((l) => ({ ...l, refunded_quantity: l.quantity })),
        }));
        return;
      }
    }
  },
});

const ORDER_STATUSES: readonly OrderStatus[] = ['placed', 'failed', 'paid', 'fulfilled', 'completed', 'cancelled', 'refunded', 'charged_back'];
const statusOf = (s: string | null): OrderStatus => ORDER_STATUSES.find((x) => x === s) ?? 'placed';

export type ShopOrderWithBuyer = ShopOrderRow & { user_name: string | null; user_email: string | null };

/** An order as the database hands it back (timestamps read as ISO strings; the jsonb columns as apply wrote them). */
export function orderRow(r: Selectable<ReadModels['shop_orders']>): ShopOrderRow {
  const o = storeRow('shop_orders', r);
  return {
    id: o.id, user_id: o.user_id ?? '', status: statusOf(o.status),
    lines: (o.lines ?? []) as ShopOrderLine[], subtotal_cents: o.subtotal_cents ?? 0, shipping_cents: o.shipping_cents ?? 0, total_cents: o.total_cents ?? 0,
    refunded_cents: o.refunded_cents ?? 0, address: (o.address ?? null) as ShippingAddress | null, carrier: o.carrier, tracking_number: o.tracking_number,
    failure_code: o.failure_code, cancel_reason: o.cancel_reason, history: (o.history ?? []) as OrderStep[],
    placed_at: o.placed_at ?? '', paid_at: o.paid_at, updated_at: o.updated_at ?? o.placed_at ?? '',
  };
}

/** When the order's digital items were delivered (their downloads count from then); null: not yet. */
export const deliveredAt = (o: Pick<ShopOrderRow, 'history'>): string | null => o.history.find((h) => h.status === 'delivered')?.at ?? null;

const ordersWithBuyer = (db: Kysely<ReadModels>) =>
  db.withSchema('rm').selectFrom('shop_orders as o').leftJoin('users as u', 'u.id', 'o.user_id');

export interface OrderListQuery {
  /** One fan's orders; null: everyone's (staff). */
  userId: string | null;
  status?: string;
  q?: string;
  sort?: 'placed_at' | 'total_cents' | 'status' | 'updated_at';
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** Orders newest first (or as sorted) with the buyer's name, and how many match. */
export async function listOrders(db: Kysely<ReadModels>, o: OrderListQuery): Promise<{ rows: ShopOrderWithBuyer[]; total: number }> {
  const like = o.q ? `%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filtered = ordersWithBuyer(db).where((eb) => eb.and([
    ...(o.userId ? [eb('o.user_id', '=', o.userId)] : []),
    ...(o.status ? [eb('o.status', '=', o.status)] : []),
    ...(like && o.q ? [eb.or([eb('u.name', 'ilike', like), eb('u.email', 'ilike', like), eb('o.id', '=', o.q)])] : []),
  ]));
  const direction = o.order === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    filtered.selectAll('o').select(['u.name as user_name', 'u.email as user_email'])
      .orderBy(`o.${o.sort ?? 'placed_at'}`, direction).orderBy('o.id', direction).limit(o.limit).offset(o.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(({ user_name, user_email, ...r }) => ({ ...orderRow(r), user_name, user_email })), total: Number(count.n) };
}

/** One order with the buyer's name; undefined when there is none. */
export async function findOrder(db: Kysely<ReadModels>, orderId: string): Promise<ShopOrderWithBuyer | undefined> {
  const r = await ordersWithBuyer(db).selectAll('o').select(['u.name as user_name', 'u.email as user_email']).where('o.id', '=', orderId).executeTakeFirst();
  if (!r) return undefined;
  const { user_name, user_email, ...order } = r;
  return { ...orderRow(order), user_name, user_email };
}

/** A fan's orders holding digital items, newest first (their purchases page lists the items). */
export async function ordersWithDigitalItems(db: Kysely<ReadModels>, userId: string, limit: number): Promise<ShopOrderRow[]> {
  const rows = await db.withSchema('rm').selectFrom('shop_orders').selectAll().where('user_id', '=', userId)
    .where(sql<boolean>`lines @> '[{"kind":"digital"}]'::jsonb`).orderBy('placed_at', 'desc').limit(limit).execute();
  return rows.map(orderRow);
}

/**
 * Orders whose line refunds are recorded but not all paid out (a crash or a provider outage between the order and
 * the money): the order's refunded cents are more than the refunds, voids and chargebacks its payment shows.
 */
export async function lineRefundsNotPaid(db: Kysely<ReadModels>): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT o.id FROM rm.shop_orders o
    WHERE o.refunded_cents > 0 AND o.refunded_cents > COALESCE(
      (SELECT -SUM(t.amount_cents) FROM rm.transactions t WHERE t.reference_id = o.id AND t.type IN ('refund', 'void', 'chargeback')), 0)`.execute(db);
  return rows.rows.map((r) => r.id);
}
