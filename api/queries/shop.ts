// The shop's read models as the fan site shows them: a product at today's price with what can be bought of each
// variant, an order as its buyer sees it (who did a staff step stays out).
import type { z } from 'zod';
import { priceAt } from '../../domain/shop-product/product';
import type { ShopProduct } from '../../projections/shop-products';
import type { ShopOrderRow } from '../../projections/shop-orders';
import type { orderView, productView } from '../schemas/shop';

/** A product as the fan site shows it: today's price, and what can be bought of each variant. */
export function productViewOf(p: ShopProduct, now: string): z.output<typeof productView> {
  const current = priceAt({ priceCents: p.price_cents, sale: p.sale }, now);
  const variants = p.variants.map((v) => {
    const available = p.stock[v.variantId]?.available ?? null;
    return { variant_id: v.variantId, name: v.name, sku: v.sku, available, in_stock: available === null || available > 0 };
  });
  return {
    _id: p.id, kind: p.kind, title: p.title, description_html: p.description_html, image_media_ids: p.image_media_ids, price_cents: p.price_cents,
    current_price_cents: current, on_sale: current !== p.price_cents, visibility: p.visibility, shipping: p.shipping, variants,
    in_stock: variants.some((v) => v.in_stock), created: p.created_at,
  };
}

/** An order as its buyer sees it (who did a staff step stays out). */
export function orderViewOf(o: ShopOrderRow): z.output<typeof orderView> {
  return {
    _id: o.id, status: o.status,
    lines: o.lines.map((l) => ({
      line_no: l.lineNo, product_id: l.productId, variant_id: l.variantId, kind: l.kind, title: l.title, variant_name: l.variantName, sku: l.sku,
      unit_price_cents: l.unitPriceCents, quantity: l.quantity, refunded_quantity: l.refunded_quantity ?? 0,
    })),
    subtotal_cents: o.subtotal_cents, shipping_cents: o.shipping_cents, total_cents: o.total_cents, refunded_cents: o.refunded_cents, address: o.address,
    carrier: o.carrier, tracking_number: o.tracking_number, cancel_reason: o.cancel_reason,
    history: (o.history ?? []).map((h) => ({ status: h.status, at: h.at, note: h.status === 'failed' ? null : h.note })),
    placed_at: o.placed_at, paid_at: o.paid_at,
  };
}

