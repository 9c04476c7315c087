// Pricing a checkout: each item at its product's price at that moment (the sale price inside its window), and
// shipping per physical product to the destination country (once per product, whatever the quantity). A product
// the fan may not see, a draft, a deleted one or a variant it no longer has cannot be bought.
import { DomainError } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { canSeeProduct, NO_SHIPPING_TO, PRODUCT_NOT_FOUND, priceAt, shippingTo, type ProductState } from '../shop-product/product';
import type { OrderLine } from './order';

export interface CheckoutItem {
  productId: string;
  variantId: string;
  quantity: number;
}

export interface PricedCheckout {
  lines: OrderLine[];
  shippingCents: number;
}

export function priceCheckout(
  items: readonly CheckoutItem[],
  products: ReadonlyMap<string, ProductState>,
  viewer: { isStaff: boolean; isSubscriber: boolean },
  country: string | null,
  at: string,
): PricedCheckout {
  if (items.length === 0) throw new ValidationError('items', 'Your cart is empty.');
  const lines: OrderLine[] = [];
  const shipped = new Map<string, number>();
  for (const item of items) {
    const p = products.get(item.productId);
    if (!p?.details || p.deleted || !canSeeProduct({ status: p.status, visibility: p.details.visibility }, viewer) || p.status !== 'published')
      throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404, { productId: item.productId });
    const variant = p.details.variants.find((v) => v.variantId === item.variantId);
    if (!variant) throw new DomainError('This option is no longer available.', 'VARIANT_NOT_FOUND', 404, { productId: item.productId, variantId: item.variantId });
    if (p.details.kind === 'physical' && !shipped.has(item.productId)) {
      if (!country) throw new ValidationError('addressId', 'Choose where to ship your order.');
      const cents = shippingTo(p.details, country);
      if (cents === null) throw new ValidationError('addressId', `${NO_SHIPPING_TO.slice(0, -1)}: ${p.details.title}.`);
      shipped.set(item.productId, cents);
    }
    lines.push({
      lineNo: lines.length + 1, productId: item.productId, variantId: item.variantId, kind: p.details.kind, title: p.details.title,
      variantName: variant.name, sku: variant.sku, unitPriceCents: priceAt(p.details, at), quantity: item.quantity,
    });
  }
  return { lines, shippingCents: [...shipped.values()].reduce((a, b) => a + b, 0) };
}
