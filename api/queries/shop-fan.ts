// The shop's answers to fans, beside its read models: who is looking (audience, membership), the cart at today's
// prices, orders as their buyer sees them, checkout outcomes and a digital line's download link. The routes
// (api/routes/shop.ts) parse, authorise, run one command and hand these the result.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { isStaffRole } from '../../domain/shared/wire';
import { canSeeProduct, PRODUCT_NOT_FOUND, priceAt, SOLD_OUT } from '../../domain/shop-product/product';
import { ORDER_NOT_FOUND } from '../../domain/shop-order/order';
import { cartCount } from '../../domain/shop-cart/cart';
import { downloadRulesOf, SHOP_CLOSED, shopShownTo } from '../../domain/settings/shop-settings';
import { walletPurchaseMessage } from '../../domain/wallet/wallet';
import { productsByIds, type ShopProduct } from '../../projections/shop-products';
import { cartLines } from '../../projections/shop-carts';
import { addressesOf } from '../../projections/shop-addresses';
import { findOrder, type ShopOrderRow } from '../../projections/shop-orders';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import type { PurchaseOutcome } from '../../commands/purchases';
import { paymentResult } from '../schemas/payment';
import type { cartView, downloadAnswer } from '../schemas/shop';
import { digitalFile, downloadViewOf, orderViewOf, productImages, productThumbnails } from './shop';
import type { Services } from '../services';

export type ShopViewer = { role: Parameters<typeof shopShownTo>[1]; isStaff: boolean; isSubscriber: boolean };


export function shopFanQueries(services: Services) {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();

  const viewerOf = async (request: FastifyRequest): Promise<ShopViewer> => {
    const c = request.caller;
    if (!c) return { role: null, isStaff: false, isSubscriber: false };
    const sub = await findSubscriber(db(), c.userId);
    return { role: c.role, isStaff: isStaffRole(c.role), isSubscriber: subscriberStatus(sub, now()) === 'active' };
  };
  /** Published (or, for staff, any) product the viewer may see; subscribers-only ones for members and staff. */
  const visible = (p: ShopProduct | undefined, v: ShopViewer): p is ShopProduct =>
    !!p && !p.deleted && canSeeProduct({ status: p.status, visibility: p.visibility }, v) && (v.isStaff || p.status === 'published');

  /** The orders as their buyer sees them: each line's picture (while the buyer may see the product) and downloads. */
  const ordersShown = async (orders: ShopOrderRow[], viewer: ShopViewer) => {
    const [products, settings] = await Promise.all([productsByIds(db(), [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))]), currentSettings(db())]);
    const thumbnails = await productThumbnails(services, [...products.values()].filter((p) => visible(p, viewer)));
    const extras = { now: now(), thumbnails, rules: downloadRulesOf(settings.shop_settings) };
    return orders.map((o) => orderViewOf(o, extras));
  };

  return {
    viewerOf,
    visible,
    ordersShown,

    /** The viewer, when the shop is shown to them; else 404 'The shop is closed.'. */
    async shopViewer(request: FastifyRequest): Promise<ShopViewer> {
      const [viewer, settings] = await Promise.all([viewerOf(request), currentSettings(db())]);
      if (!shopShownTo(settings.shop_settings, viewer.role)) throw new DomainError(SHOP_CLOSED, 'SHOP_CLOSED', 404);
      return viewer;
    },

    /** The cart at today's prices: each line's availability and what stops it, the navbar count, the subtotal of what can be bought. */
    async cartOf(userId: string, viewer: ShopViewer): Promise<z.output<typeof cartView>> {
      const lines = await cartLines(db(), userId);
      const products = await productsByIds(db(), [...new Set(lines.map((l) => l.product_id))]);
      const at = now();
      // Pictures only of what the viewer may see (a subscribers-only product in a lapsed member's cart shows none).
      const images = await productImages(services, [...products.values()].filter((p) => visible(p, viewer)));
      const shown = lines.map((l) => {
        const p = products.get(l.product_id);
        const variant = p?.variants.find((v) => v.variantId === l.variant_id);
        const forSale = visible(p, viewer) && p.status === 'published';
        const available = p?.stock[l.variant_id]?.available ?? null;
        const unit = p ? priceAt({ priceCents: p.price_cents, sale: p.sale }, at) : 0;
        const problem = !forSale ? PRODUCT_NOT_FOUND
          : !variant ? 'This option is no longer available.'
            : available !== null && available < l.quantity ? (available <= 0 ? SOLD_OUT : `Only ${available} left.`) : null;
        return {
          product_id: l.product_id, variant_id: l.variant_id, title: p?.title ?? '', variant_name: variant?.name ?? '', kind: p?.kind ?? 'physical',
          image_media_id: p?.image_media_ids[0] ?? null, thumbnail_url: (p && images.get(p.image_media_ids[0])?.thumbnail_url) ?? null, unit_price_cents: unit, quantity: l.quantity, line_total_cents: unit * l.quantity, available, problem,
        };
      });
      return { lines: shown, count: cartCount(lines), subtotal_cents: shown.filter((l) => !l.problem).reduce((n, l) => n + l.line_total_cents, 0) };
    },

    /** The fan's shipping addresses (and the one just added). */
    async addresses(userId: string, added?: string) {
      const rows = await addressesOf(db(), userId);
      return { addresses: rows.map((r) => ({ _id: r.id, ...r.address })), ...(added ? { address_id: added } : {}) };
    },

    /** A checkout's answer: the payment's result, the order as its buyer sees it, and the message (the wallet's balance after). */
    async checkoutAnswer(request: FastifyRequest, userId: string, outcome: PurchaseOutcome, byWallet: boolean) {
      const o = await findOrder(db(), outcome.paymentId);
      const order = o && o.user_id === userId ? (await ordersShown([o], await viewerOf(request)))[0] : null;
      const balance = byWallet ? outcome.balanceCents ?? 0 : null;
      const data = { ...paymentResult(outcome), order_id: outcome.paymentId, amount_cents: outcome.amountCents, ...(balance !== null ? { wallet_balance_cents: balance } : {}), order };
      return { data, message: balance !== null ? walletPurchaseMessage(balance) : outcome.message, accepted: outcome.accepted };
    },

    /** A sold-out checkout's answer: the line that could not be had. */
    soldOut(e: DomainError) {
      const d = e.details as { productId?: string; variantId?: string; title?: string; available?: number };
      return { success: 0 as const, message: e.message, code: e.code, data: { product_id: d.productId ?? null, variant_id: d.variantId ?? null, title: d.title ?? null, available: d.available ?? 0 } };
    },

    /** The buyer's order line a download is asked of, and its file when it can be served (a file that cannot be served uses up no download). */
    async downloadTarget(userId: string, orderId: string, lineNo: number) {
      const o = await findOrder(db(), orderId);
      if (!o || o.user_id !== userId) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
      const line = o.lines.find((l) => l.lineNo === lineNo);
      const file = line?.kind === 'digital' ? await digitalFile(services, (await productsByIds(db(), [line.productId])).get(line.productId)) : null;
      if (line?.kind === 'digital' && !file) throw new DomainError('This file is not available right now. Please try again later.', 'DOWNLOAD_UNAVAILABLE', 409);
      return { order: o, productId: line?.productId ?? '', file, rules: downloadRulesOf((await currentSettings(db())).shop_settings) };
    },

    /** A download's answer: the file's link signed for the settings' minutes, and what is left of the line's downloads. */
    async downloadAnswer(orderId: string, lineNo: number, target: { order: ShopOrderRow; file: { key: string; fileName: string } | null; rules: ReturnType<typeof downloadRulesOf> }): Promise<z.output<typeof downloadAnswer>> {
      const after = (await findOrder(db(), orderId)) ?? target.order;
      const line = after.lines.find((l) => l.lineNo === lineNo)!;
      return {
        url: await services.storage.signedGetUrl(target.file!.key, target.rules.linkMinutes * 60), file_name: target.file!.fileName,
        download: downloadViewOf(after, line, now(), target.rules)!,
      };
    },
  };
}
