// A shop order (commands/shop.ts), by card or from the wallet. Its start prices the items (the cart's, or one
// "buy now" item) and the shipping to the chosen address; recording it reserves each variant's stock under the
// order id — a sold-out item refuses the checkout before any money moves and gives back what was already held —
// then places the order and takes the items out of the cart. On capture the reserved stock is sold and the order
// paid (a digital order is delivered with it) — or, when the hold ran out and the items went to someone else
// meanwhile (or the order was cancelled before its money came in), the order is cancelled as paid, its stock given
// back, and the process refunds the payment at once; on a failure the stock is released and the order failed; when
// the money comes back the order is reversed and its stock returned. The order id is the payment id.
import { DomainError } from '../../../domain/shared/decider';
import { isStaffRole } from '../../../domain/shared/wire';
import { isActive, subscriptionDecider, subscriptionStream } from '../../../domain/subscription/subscription';
import { productDecider, shopProductStream, type ProductState } from '../../../domain/shop-product/product';
import { RESERVATION_MINUTES, shopStockStream, stockDecider } from '../../../domain/shop-stock/stock';
import { cartDecider, shopCartStream } from '../../../domain/shop-cart/cart';
import { orderDecider, shopOrderStream, needsShipping, type OrderLine, type OrderState } from '../../../domain/shop-order/order';
import { priceCheckout, type CheckoutItem } from '../../../domain/shop-order/checkout';
import { addressBookDecider, addressBookStream, ADDRESS_NOT_FOUND } from '../../../domain/shop-address/address-book';
import { SHOP_CLOSED } from '../../../domain/settings/shop-settings';
import { handle, loadStream, type CommandContext } from '../../handle';
import { loadSettings } from '../../settings';
import type { Buyer, NotDelivered, PurchaseKind } from '../kind';

export interface ShopOrderInput extends Buyer {
  /** What to buy: these items ("buy now"), or null for everything in the cart. */
  items: CheckoutItem[] | null;
  /** The fan's saved address the order ships to (needed when something is physical). */
  addressId: string | null;
}

export const ONLY_FANS_SHOP = 'Only fans can place orders.';
/** Why an order paid for after its items went to someone else was refunded at once. */
export const SOLD_OUT_REFUNDED = 'Sold out before your payment came in. Your payment was refunded.';
const ORDER_ENDED_REFUNDED = 'This order was cancelled before your payment came in. Your payment was refunded.';

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Holds each line's items under the order id; on a sold-out line, gives back what this order already held and refuses. */
export async function reserveLines(ctx: CommandContext, orderId: string, lines: readonly OrderLine[]): Promise<void> {
  const at = ctx.now();
  const held: OrderLine[] = [];
  try {
    for (const l of lines) {
      await handle(ctx, shopStockStream(l.variantId), stockDecider, {
        type: 'ReserveStock', variantId: l.variantId, productId: l.productId, reservationId: orderId, quantity: l.quantity, at, expiresAt: addMinutes(at, RESERVATION_MINUTES),
      });
      held.push(l);
    }
  } catch (e) {
    await releaseLines(ctx, orderId, held, 'payment_failed');
    if (e instanceof DomainError && e.code === 'SOLD_OUT') {
      const line = lines[held.length];
      throw new DomainError('Sold out.', 'SOLD_OUT', 409, { productId: line.productId, variantId: line.variantId, title: line.title, ...e.details });
    }
    throw e;
  }
}

export async function releaseLines(ctx: CommandContext, orderId: string, lines: readonly OrderLine[], reason: 'payment_failed' | 'expired' | 'cancelled'): Promise<void> {
  for (const l of lines) await handle(ctx, shopStockStream(l.variantId), stockDecider, { type: 'ReleaseStock', variantId: l.variantId, reservationId: orderId, reason, at: ctx.now() });
}

/** Puts sold items back (a cancellation or reversal of a paid order): never more than the order still has sold. */
export async function returnLines(ctx: CommandContext, orderId: string, lines: readonly OrderLine[]): Promise<void> {
  for (const l of lines) await handle(ctx, shopStockStream(l.variantId), stockDecider, { type: 'ReturnStock', variantId: l.variantId, reservationId: orderId, quantity: l.quantity, at: ctx.now() });
}

async function loadOrder(ctx: CommandContext, orderId: string): Promise<OrderState> {
  return (await loadStream(ctx.store, shopOrderStream(orderId), orderDecider)).state;
}

/** What the order still holds or had sold goes back; the payment is to be refunded. */
async function soldOut(ctx: CommandContext, orderId: string, order: OrderState, reason: string): Promise<NotDelivered> {
  await releaseLines(ctx, orderId, order.lines, 'cancelled');
  await returnLines(ctx, orderId, order.lines);
  return { notDelivered: reason };
}

export const shopOrderPurchase: PurchaseKind<'shop_order', ShopOrderInput> = {
  kind: 'shop_order',
  paymentIdOf: (ctx) => ({ paymentId: ctx.idFor('shop-order'), retry: !!ctx.requestKey }),
  async start(ctx, input, orderId) {
    if (input.role !== 'user') throw new DomainError(ONLY_FANS_SHOP, 'SHOP_NOT_ALLOWED', 403);
    const settings = await loadSettings(ctx.store);
    if (!settings.shop_settings.enabled) throw new DomainError(SHOP_CLOSED, 'SHOP_CLOSED', 403);
    // A retry of a checkout whose order was placed but whose payment never started: the order as placed.
    const earlier = await loadOrder(ctx, orderId);
    if (earlier.status !== null) {
      if (earlier.userId !== input.userId) throw new DomainError('Invalid request.', 'ORDER_ID_TAKEN', 409);
      return {
        purpose: { kind: 'shop_order', orderId },
        amountCents: earlier.totalCents,
        async record() {
          await reserveLines(ctx, orderId, earlier.lines);
          return { paymentId: orderId, amountCents: earlier.totalCents };
        },
      };
    }
    const cart = input.items ? null : (await loadStream(ctx.store, shopCartStream(input.userId), cartDecider)).state;
    const items = input.items ?? cart!.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }));
    const ids = [...new Set(items.map((i) => i.productId))];
    const [subscription, book, ...products] = await Promise.all([
      loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider),
      loadStream(ctx.store, addressBookStream(input.userId), addressBookDecider),
      ...ids.map((id) => loadStream(ctx.store, shopProductStream(id), productDecider)),
    ]);
    const byId = new Map<string, ProductState>(ids.map((id, i) => [id, products[i].state]));
    const address = input.addressId ? book.state.addresses[input.addressId] : null;
    if (input.addressId && !address) throw new DomainError(ADDRESS_NOT_FOUND, 'ADDRESS_NOT_FOUND', 404);
    const viewer = { isStaff: isStaffRole(input.role), isSubscriber: isActive(subscription.state, ctx.now()) };
    const priced = priceCheckout(items, byId, viewer, address?.country ?? null, ctx.now());
    const subtotal = priced.lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
    const totalCents = subtotal + priced.shippingCents;
    return {
      purpose: { kind: 'shop_order', orderId },
      amountCents: totalCents,
      async record() {
        await reserveLines(ctx, orderId, priced.lines);
        try {
          await handle(ctx, shopOrderStream(orderId), orderDecider, {
            type: 'PlaceOrder', orderId, userId: input.userId, lines: priced.lines, shippingCents: priced.shippingCents,
            address: needsShipping(priced.lines) ? (address ?? null) : null, at: ctx.now(),
          });
        } catch (e) {
          await releaseLines(ctx, orderId, priced.lines, 'payment_failed');
          throw e;
        }
        if (cart) await handle(ctx, shopCartStream(input.userId), cartDecider, { type: 'CheckOutCart', userId: input.userId, orderId, variantIds: priced.lines.map((l) => l.variantId), at: ctx.now() });
        return { paymentId: orderId, amountCents: totalCents };
      },
    };
  },
  async grant(ctx, r) {
    const orderId = r.purpose.orderId;
    const order = await loadOrder(ctx, orderId);
    if (order.status === null) throw new Error(`Shop order ${orderId} paid but never placed.`);
    // Ended before its money came in (cancelled, or sold out on an earlier run of this step): refunded.
    if (order.status === 'cancelled' || order.status === 'failed') return soldOut(ctx, orderId, order, order.cancelReason === SOLD_OUT_REFUNDED ? SOLD_OUT_REFUNDED : ORDER_ENDED_REFUNDED);
    if (order.status !== 'placed') return; // granted already
    try {
      for (const l of order.lines) await handle(ctx, shopStockStream(l.variantId), stockDecider, { type: 'SellStock', variantId: l.variantId, reservationId: orderId, quantity: l.quantity, at: ctx.now() });
    } catch (e) {
      // The hold ran out and the items went to someone else before this payment came in (never an item sold
      // twice): the order is cancelled as paid, in one event, its stock given back and the payment refunded.
      if (!(e instanceof DomainError && e.code === 'SOLD_OUT')) throw e;
      await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'CancelOrder', orderId, reason: SOLD_OUT_REFUNDED, staffId: 'system', captured: true, at: ctx.now() });
      return soldOut(ctx, orderId, order, SOLD_OUT_REFUNDED);
    }
    await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'MarkOrderPaid', orderId, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    const orderId = r.purpose.orderId;
    const order = await loadOrder(ctx, orderId);
    if (order.status === null) return;
    await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'FailOrderPayment', orderId, failureCode, at: ctx.now() });
    await releaseLines(ctx, orderId, order.lines, 'payment_failed');
  },
  async revoke(ctx, r, reversal) {
    const orderId = r.purpose.orderId;
    const order = await loadOrder(ctx, orderId);
    if (order.status === null) return;
    await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'ReverseOrder', orderId, kind: reversal, at: ctx.now() });
    await returnLines(ctx, orderId, order.lines);
  },
};
