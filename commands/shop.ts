// The shop: staff keep the catalogue and its stock and fulfil orders; fans fill a cart and check out through the
// one purchase start (payment/pay.ts) with the shop-order kind (payment/kinds/shop-order.ts), by card or from the
// wallet. Cancelling a paid order or refunding it takes the money back through the payment process, whose
// reversal returns the stock.
import { DomainError } from '../domain/shared/decider';
import { productDecider, shopProductStream, type ProductDetails } from '../domain/shop-product/product';
import { shopStockStream, stockDecider } from '../domain/shop-stock/stock';
import { cartDecider, shopCartStream } from '../domain/shop-cart/cart';
import { orderDecider, shopOrderStream } from '../domain/shop-order/order';
import { addressBookDecider, addressBookStream } from '../domain/shop-address/address-book';
import type { ShippingAddress } from '../domain/shop-order/order';
import type { CardChoice } from './cards';
import { derivedId, handle, loadStream, type CommandContext } from './handle';
import { pay } from './payment/pay';
import { purchaseOutcome, fromWallet, type PurchaseOutcome, type WalletPurchaseOutcome } from './payment/outcome';
import { partRefundRefusal, refundPayment, refundPaymentPart, type PurchaseDeps } from './payment/process';
import { paymentDecider, paymentStream } from '../domain/payment/payment';
import { shopOrderPurchase, releaseLines, returnLines, type ShopOrderInput } from './payment/kinds/shop-order';

export type { ShopOrderInput };
export const ORDER_PLACED = 'Thank you! Your order is placed.';

// ---- catalogue (staff) ----------------------------------------------------------------------------------------

/** A new product (a draft) with the stock of each variant (null: unlimited). */
export async function createProduct(ctx: CommandContext, staffId: string, details: ProductDetails, stock: Record<string, number | null>): Promise<string> {
  const productId = ctx.idFor('shop-product');
  await handle(ctx, shopProductStream(productId), productDecider, { type: 'CreateProduct', productId, userId: staffId, details, at: ctx.now() });
  await setStock(ctx, staffId, productId, stock);
  return productId;
}

export async function updateProduct(ctx: CommandContext, staffId: string, productId: string, details: ProductDetails, stock: Record<string, number | null>, expectedRevision?: number) {
  await handle(ctx, shopProductStream(productId), productDecider, { type: 'UpdateProduct', productId, details, at: ctx.now() }, { expectedRevision, editing: 'product' });
  await setStock(ctx, staffId, productId, stock);
}

/** Sets the on-hand count of the product's variants named in `stock`; a variant the product does not have is refused. */
export async function setStock(ctx: CommandContext, staffId: string, productId: string, stock: Record<string, number | null>): Promise<void> {
  const { state } = await loadStream(ctx.store, shopProductStream(productId), productDecider);
  const variants = new Set(state.details?.variants.map((v) => v.variantId) ?? []);
  for (const variantId of Object.keys(stock)) if (!variants.has(variantId)) throw new DomainError('This product has no such variant.', 'VARIANT_NOT_FOUND', 404, { field: 'stock' });
  for (const [variantId, onHand] of Object.entries(stock))
    await handle(ctx, shopStockStream(variantId), stockDecider, { type: 'SetStock', variantId, productId, onHand, userId: staffId, at: ctx.now() });
}

export async function setProductPublished(ctx: CommandContext, productId: string, published: boolean) {
  await handle(ctx, shopProductStream(productId), productDecider, published ? { type: 'PublishProduct', productId, at: ctx.now() } : { type: 'UnpublishProduct', productId, at: ctx.now() });
}

export async function deleteProduct(ctx: CommandContext, productId: string) {
  await handle(ctx, shopProductStream(productId), productDecider, { type: 'DeleteProduct', productId, at: ctx.now() });
}

// ---- cart and addresses (fan) ---------------------------------------------------------------------------------

/** Adds a variant of a product the fan can buy (published; the variant exists) to their cart. */
export async function addToCart(ctx: CommandContext, userId: string, item: { productId: string; variantId: string; quantity: number }) {
  const { state } = await loadStream(ctx.store, shopProductStream(item.productId), productDecider);
  if (!state.details || state.deleted || state.status !== 'published') throw new DomainError('Product not found.', 'PRODUCT_NOT_FOUND', 404);
  if (!state.details.variants.some((v) => v.variantId === item.variantId)) throw new DomainError('This option is no longer available.', 'VARIANT_NOT_FOUND', 404);
  return handle(ctx, shopCartStream(userId), cartDecider, { type: 'AddToCart', userId, ...item, at: ctx.now() });
}

export const setCartQuantity = (ctx: CommandContext, userId: string, variantId: string, quantity: number) =>
  handle(ctx, shopCartStream(userId), cartDecider, { type: 'SetCartQuantity', userId, variantId, quantity, at: ctx.now() });

export const removeFromCart = (ctx: CommandContext, userId: string, variantId: string) =>
  handle(ctx, shopCartStream(userId), cartDecider, { type: 'RemoveFromCart', userId, variantId, at: ctx.now() });

export async function addAddress(ctx: CommandContext, userId: string, address: ShippingAddress): Promise<string> {
  const addressId = ctx.idFor('shipping-address');
  await handle(ctx, addressBookStream(userId), addressBookDecider, { type: 'AddAddress', userId, addressId, address, at: ctx.now() });
  return addressId;
}

export const changeAddress = (ctx: CommandContext, userId: string, addressId: string, address: ShippingAddress) =>
  handle(ctx, addressBookStream(userId), addressBookDecider, { type: 'ChangeAddress', userId, addressId, address, at: ctx.now() });

export const removeAddress = (ctx: CommandContext, userId: string, addressId: string) =>
  handle(ctx, addressBookStream(userId), addressBookDecider, { type: 'RemoveAddress', userId, addressId, at: ctx.now() });

// ---- checkout (fan) -------------------------------------------------------------------------------------------

export async function checkoutByCard(ctx: CommandContext, deps: PurchaseDeps, input: ShopOrderInput & { card: CardChoice }): Promise<PurchaseOutcome> {
  return purchaseOutcome(ctx, await pay(ctx, deps, shopOrderPurchase, input, { method: 'card', card: input.card }), ORDER_PLACED);
}

/** From the wallet: a balance short of the total is refused with the shortfall (402, nothing held or written). */
export async function checkoutFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: ShopOrderInput): Promise<WalletPurchaseOutcome> {
  return fromWallet(await purchaseOutcome(ctx, await pay(ctx, deps, shopOrderPurchase, input, { method: 'wallet' }), ORDER_PLACED));
}

// ---- fulfilment (staff) ---------------------------------------------------------------------------------------

export const shipOrder = (ctx: CommandContext, staffId: string, orderId: string, carrier: string, trackingNumber: string) =>
  handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'ShipOrder', orderId, carrier, trackingNumber, staffId, at: ctx.now() });

export const completeOrder = (ctx: CommandContext, orderId: string) =>
  handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'CompleteOrder', orderId, at: ctx.now() });

/**
 * Cancels an order before shipping. An unpaid one gives its held stock back; a paid one gives back the sold stock
 * and its money (the payment's refund).
 */
export async function cancelOrder(ctx: CommandContext, deps: PurchaseDeps, staffId: string, orderId: string, reason: string) {
  const result = await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'CancelOrder', orderId, reason, staffId, at: ctx.now() });
  const cancelled = result.events.find((e) => e.type === 'ShopOrderCancelled');
  if (!cancelled) return result;
  if (cancelled.data.paid) {
    await returnLines(ctx, orderId, result.state.lines);
    await refundPayment(ctx, deps, orderId, { kind: 'refund', source: `staff:${staffId}`, reason: reason || 'Order cancelled' });
  } else await releaseLines(ctx, orderId, result.state.lines, 'cancelled');
  return result;
}

/**
 * Refunds some lines of a paid order (all or none; a line refunded already is refused). The order decides first:
 * the refund is appended at the order's version, so of two staff refunding the same line at once exactly one is
 * recorded and the other is refused before any money moves. Then the recorded refund is paid out
 * (finishLineRefund). Keyed by the request (`ctx.idFor`), so a retry finishes the same refund and refunds nothing twice.
 */
export async function refundOrderLines(ctx: CommandContext, deps: Pick<PurchaseDeps, 'gateway'>, staffId: string, orderId: string, lines: { lineNo: number; quantity?: number }[], reason: string | null) {
  const refundId = ctx.idFor('shop-line-refund');
  const { state: before } = await loadStream(ctx.store, shopOrderStream(orderId), orderDecider);
  if (before.status === null) throw new DomainError('Order not found.', 'ORDER_NOT_FOUND', 404);
  // A line named without a quantity: all of it that is left.
  const left = (lineNo: number) => (before.lines.find((l) => l.lineNo === lineNo)?.quantity ?? 0) - (before.refunded[lineNo] ?? 0);
  const command = { type: 'RefundOrderLines' as const, orderId, refundId, lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity ?? left(l.lineNo) })), staffId, reason, at: ctx.now() };
  if (!before.refunds[refundId]) {
    // Refused before anything is recorded when the payment cannot give the money back in part.
    const planned = orderDecider.decide(command, before);
    const cents = planned.reduce((n, e) => n + (e.type === 'ShopOrderLineRefunded' ? e.data.amountCents : 0), 0);
    const { state: payment } = await loadStream(ctx.store, paymentStream(orderId), paymentDecider);
    if (cents > 0) await partRefundRefusal(payment, deps, orderId, cents);
  }
  await handle(ctx, shopOrderStream(orderId), orderDecider, command);
  return finishLineRefund(ctx, deps, orderId, refundId);
}

/**
 * Pays out a line refund the order recorded: its money through the payment's part refund keyed by the refund id
 * (once, however often this runs), then its items back in stock. A payment reversed in the meantime gave back all
 * that was left, this refund's money with it. Safe to repeat after a crash: the recovery pass runs it again.
 */
export async function finishLineRefund(ctx: CommandContext, deps: Pick<PurchaseDeps, 'gateway'>, orderId: string, refundId: string) {
  const { state } = await loadStream(ctx.store, shopOrderStream(orderId), orderDecider);
  const refunded = state.refunds[refundId] ?? [];
  const cents = refunded.reduce((n, r) => n + r.amountCents, 0);
  const { state: payment } = await loadStream(ctx.store, paymentStream(orderId), paymentDecider);
  if (cents > 0 && payment.status !== 'reversed') {
    const first = refunded[0]!;
    await refundPaymentPart(ctx, deps, orderId, { refundId, amountCents: cents, source: `staff:${first.refundedBy}`, reason: first.reason ?? null });
  }
  for (const r of refunded) {
    const line = state.lines.find((l) => l.lineNo === r.lineNo)!;
    await handle(ctx, shopStockStream(line.variantId), stockDecider, { type: 'ReturnStock', variantId: line.variantId, reservationId: orderId, quantity: r.quantity, at: ctx.now() },
      { eventId: () => derivedId('shop-line-refund-stock', refundId, String(r.lineNo)) });
  }
  return state;
}

/** Pays out every line refund of the order that is recorded but not paid yet (the recovery pass). */
export async function finishLineRefunds(ctx: CommandContext, deps: Pick<PurchaseDeps, 'gateway'>, orderId: string): Promise<number> {
  const { state } = await loadStream(ctx.store, shopOrderStream(orderId), orderDecider);
  const { state: payment } = await loadStream(ctx.store, paymentStream(orderId), paymentDecider);
  const unpaid = Object.keys(state.refunds).filter((id) => payment.partRefunds[id] === undefined);
  for (const refundId of unpaid) await finishLineRefund(ctx, deps, orderId, refundId);
  return unpaid.length;
}

/** Refunds a paid order in full: the payment's reversal marks the order refunded and returns its stock. */
export async function refundOrder(ctx: CommandContext, deps: PurchaseDeps, staffId: string, orderId: string, reason: string | null) {
  const { state } = await loadStream(ctx.store, shopOrderStream(orderId), orderDecider);
  if (state.status === null) throw new DomainError('Order not found.', 'ORDER_NOT_FOUND', 404);
  if (!['paid', 'fulfilled', 'completed'].includes(state.status)) throw new DomainError('Only a paid order can be refunded.', 'ORDER_STATE', 409);
  return refundPayment(ctx, deps, orderId, { kind: 'refund', source: `staff:${staffId}`, reason });
}
