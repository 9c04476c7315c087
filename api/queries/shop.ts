// The shop's read models as the fan site shows them: a product at today's price with what can be bought of each
// variant, an order as its buyer sees it (who did a staff step stays out).
import type { z } from 'zod';
import { priceAt } from '../../domain/shop-product/product';
import { downloadAllowance, type DownloadRules } from '../../domain/shop-download/download';
import type { ShopProduct } from '../../projections/shop-products';
import { deliveredAt, type ShopOrderLine, type ShopOrderRow } from '../../projections/shop-orders';
import { mediaByIds } from '../../projections/media';
import type { downloadView, orderView, productView } from '../schemas/shop';
import { mediaView } from '../views';
import type { Services } from '../services';

export type ProductImage = { _id: string; url: string | null; thumbnail_url: string | null };

/** The products' pictures with signed links (a product's pictures are public wherever the product is shown). */
export async function productImages(services: Services, products: readonly ShopProduct[]): Promise<Map<string, ProductImage>> {
  const media = await mediaByIds(services.database.db, [...new Set(products.flatMap((p) => p.image_media_ids))]);
  return new Map([...media.values()].filter((m) => !m.removed).map((m) => {
    const v = mediaView(m, true, services.storage);
    return [m.id, { _id: m.id, url: v.url, thumbnail_url: v.thumbnail_url }];
  }));
}

/** A product as the fan site shows it: today's price, and what can be bought of each variant. */
export function productViewOf(p: ShopProduct, now: string, images: ReadonlyMap<string, ProductImage>): z.output<typeof productView> {
  const current = priceAt({ priceCents: p.price_cents, sale: p.sale }, now);
  const variants = p.variants.map((v) => {
    const available = p.stock[v.variantId]?.available ?? null;
    return { variant_id: v.variantId, name: v.name, sku: v.sku, available, in_stock: available === null || available > 0 };
  });
  return {
    _id: p.id, kind: p.kind, title: p.title, description_html: p.description_html, image_media_ids: p.image_media_ids,
    images: p.image_media_ids.flatMap((id) => images.get(id) ?? []), price_cents: p.price_cents,
    current_price_cents: current, on_sale: current !== p.price_cents, visibility: p.visibility, shipping: p.shipping, variants,
    in_stock: variants.some((v) => v.in_stock), created: p.created_at,
  };
}

/** A digital line's downloads at `now` under the shop's rules, as the order's read model shows them; null for a physical line. */
export function downloadViewOf(o: ShopOrderRow, l: ShopOrderLine, now: string, rules: DownloadRules): z.output<typeof downloadView> | null {
  if (l.kind !== 'digital') return null;
  const a = downloadAllowance({ userId: o.user_id, status: o.status, deliveredAt: deliveredAt(o), line: { kind: l.kind, quantity: l.quantity, refundedQuantity: l.refunded_quantity ?? 0 } }, l.downloads ?? 0, now, rules);
  return { limit: a.limit, used: a.used, remaining: a.remaining, expires_at: a.expiresAt, refused: a.refusal?.message ?? null };
}

/** What an order's lines show beyond the order itself: the time and rules their downloads are judged by, their pictures by product id. */
export interface OrderExtras {
  now: string;
  rules: DownloadRules;
  thumbnails?: ReadonlyMap<string, string | null>;
}

/** An order as its buyer sees it (who did a staff step stays out); without extras, lines carry no picture or downloads. */
export function orderViewOf(o: ShopOrderRow, extras?: OrderExtras): z.output<typeof orderView> {
  return {
    _id: o.id, status: o.status,
    lines: o.lines.map((l) => ({
      line_no: l.lineNo, product_id: l.productId, variant_id: l.variantId, kind: l.kind, title: l.title, variant_name: l.variantName, sku: l.sku,
      unit_price_cents: l.unitPriceCents, quantity: l.quantity, refunded_quantity: l.refunded_quantity ?? 0,
      thumbnail_url: extras?.thumbnails?.get(l.productId) ?? null, download: extras ? downloadViewOf(o, l, extras.now, extras.rules) : null,
    })),
    subtotal_cents: o.subtotal_cents, shipping_cents: o.shipping_cents, total_cents: o.total_cents, refunded_cents: o.refunded_cents, address: o.address,
    carrier: o.carrier, tracking_number: o.tracking_number, cancel_reason: o.cancel_reason,
    history: (o.history ?? []).map((h) => ({ status: h.status, at: h.at, note: h.status === 'failed' ? null : h.note })),
    placed_at: o.placed_at, paid_at: o.paid_at,
  };
}


/** The first picture (signed thumbnail) of each of these products, by product id. */
export async function productThumbnails(services: Services, products: readonly ShopProduct[]): Promise<Map<string, string | null>> {
  const images = await productImages(services, products);
  return new Map(products.map((p) => [p.id, p.image_media_ids.map((id) => images.get(id)?.thumbnail_url).find((u) => !!u) ?? null]));
}

/** The file a digital product delivers, when it can be served (uploaded, processed, not removed); else null. */
export async function digitalFile(services: Services, product: Pick<ShopProduct, 'digital_media_id'> | undefined): Promise<{ key: string; fileName: string } | null> {
  if (!product?.digital_media_id) return null;
  const m = (await mediaByIds(services.database.db, [product.digital_media_id])).get(product.digital_media_id);
  if (!m || m.removed || m.status !== 'ready' || !m.original_key) return null;
  return { key: m.original_key, fileName: m.file_name ?? 'download' };
}
