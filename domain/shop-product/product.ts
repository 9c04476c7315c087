// Shop product (stream `shop-product-<id>`): something the creator sells — a physical item shipped to the fan or a
// digital file delivered by a signed link. Each product has one or more variants (size, colour…) with their own
// SKU; each variant's stock is its own aggregate (domain/shop-stock), so buyers of different variants never wait
// for each other. The description arrives already sanitised (the API runs it through the site's sanitizer);
// images and the digital file are media-library ids. Prices are integer cents; a sale price applies within its
// window. Shipping is priced per destination country, with '*' as the price for anywhere else.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const shopProductStream = (productId: string) => `shop-product-${productId}`;

export type ProductKind = 'physical' | 'digital';
export type ProductVisibility = 'everyone' | 'subscribers';
export type ProductStatus = 'draft' | 'published';

export interface ProductVariant {
  variantId: string;
  /** 'Standard' for a product without choices; 'M', 'Red'… otherwise. */
  name: string;
  sku: string;
}

/** A sale price, in force from `startsAt` (inclusive) to `endsAt` (exclusive); either end may be open. */
export interface SalePrice {
  priceCents: number;
  startsAt: string | null;
  endsAt: string | null;
}

/** What shipping one order of this product to `country` (ISO 3166 alpha-2, or '*' for anywhere else) costs. */
export interface ShippingRule {
  country: string;
  cents: number;
}

export interface ProductDetails {
  kind: ProductKind;
  title: string;
  descriptionHtml: string;
  imageMediaIds: string[];
  priceCents: number;
  sale: SalePrice | null;
  variants: ProductVariant[];
  shipping: ShippingRule[];
  visibility: ProductVisibility;
  /** The file a digital product delivers (a media-library id); null for a physical product. */
  digitalMediaId: string | null;
}

export const PRODUCT_TITLE_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 50_000;
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_VARIANTS_MAX = 50;
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
export const SOLD_OUT = 'Sold out.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const NO_SHIPPING_TO = 'This product does not ship to that country.';

export type ProductEvent =
  | DomainEvent<'ShopProductCreated', { productId: string; createdBy: string; createdAt: string } & ProductDetails>
  | DomainEvent<'ShopProductUpdated', { productId: string; updatedAt: string } & ProductDetails>
  | DomainEvent<'ShopProductPublished', { productId: string; publishedAt: string }>
  | DomainEvent<'ShopProductUnpublished', { productId: string; unpublishedAt: string }>
  | DomainEvent<'ShopProductDeleted', { productId: string; deletedAt: string }>;

export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; userId: string; details: ProductDetails; at: string }
  | { type: 'UpdateProduct'; productId: string; details: ProductDetails; at: string }
  | { type: 'PublishProduct'; productId: string; at: string }
  | { type: 'UnpublishProduct'; productId: string; at: string }
  | { type: 'DeleteProduct'; productId: string; at: string };

export interface ProductState {
  exists: boolean;
  deleted: boolean;
  status: ProductStatus;
  details: ProductDetails | null;
}

const validCents = (cents: number, max = PRODUCT_PRICE_MAX_CENTS) => Number.isInteger(cents) && cents >= 0 && cents <= max;
const COUNTRY = /^([A-Z]{2}|\*)$/;

/** A product's rules; the field named in the error is the request's. */
export function validateProduct(d: ProductDetails): void {
  const title = d.title.trim();
  if (!title) throw new ValidationError('title', 'Title is required.');
  if (title.length > PRODUCT_TITLE_MAX) throw new ValidationError('title', `Title cannot be more than ${PRODUCT_TITLE_MAX} characters.`);
  if (d.descriptionHtml.length > PRODUCT_DESCRIPTION_MAX) throw new ValidationError('description', 'Description is too long.');
  if (d.imageMediaIds.length > PRODUCT_IMAGES_MAX) throw new ValidationError('images', `At most ${PRODUCT_IMAGES_MAX} images.`);
  if (new Set(d.imageMediaIds).size !== d.imageMediaIds.length) throw new ValidationError('images', 'An image is listed twice.');
  if (!validCents(d.priceCents) || d.priceCents < 50) throw new ValidationError('price', 'Price must be between $0.50 and $10,000.00.');
  if (d.sale) {
    if (!validCents(d.sale.priceCents) || d.sale.priceCents < 50 || d.sale.priceCents >= d.priceCents)
      throw new ValidationError('sale.price', 'Sale price must be at least $0.50 and below the price.');
    if (d.sale.startsAt && d.sale.endsAt && d.sale.endsAt <= d.sale.startsAt) throw new ValidationError('sale.endsAt', 'The sale must end after it starts.');
  }
  if (d.variants.length === 0) throw new ValidationError('variants', 'A product needs at least one variant.');
  if (d.variants.length > PRODUCT_VARIANTS_MAX) throw new ValidationError('variants', `At most ${PRODUCT_VARIANTS_MAX} variants.`);
  const names = new Set<string>();
  const skus = new Set<string>();
  const ids = new Set<string>();
  for (const v of d.variants) {
    if (!v.name.trim() || v.name.length > 100) throw new ValidationError('variants.name', 'Each variant needs a name of at most 100 characters.');
    if (v.sku.length > 64) throw new ValidationError('variants.sku', 'A SKU is at most 64 characters.');
    if (names.has(v.name.trim().toLowerCase())) throw new ValidationError('variants.name', 'Two variants have the same name.');
    if (v.sku && skus.has(v.sku)) throw new ValidationError('variants.sku', 'Two variants have the same SKU.');
    if (ids.has(v.variantId)) throw new ValidationError('variants', 'Two variants have the same id.');
    names.add(v.name.trim().toLowerCase());
    if (v.sku) skus.add(v.sku);
    ids.add(v.variantId);
  }
  if (d.kind === 'digital') {
    if (!d.digitalMediaId) throw new ValidationError('digitalMediaId', 'A digital product needs its file.');
    if (d.shipping.length) throw new ValidationError('shipping', 'A digital product is not shipped.');
  } else {
    if (d.digitalMediaId) throw new ValidationError('digitalMediaId', 'Only a digital product has a file.');
    if (d.shipping.length === 0) throw new ValidationError('shipping', 'Add where the product ships to.');
    const countries = new Set<string>();
    for (const r of d.shipping) {
      if (!COUNTRY.test(r.country)) throw new ValidationError('shipping.country', 'Use a two-letter country code, or * for anywhere else.');
      if (countries.has(r.country)) throw new ValidationError('shipping.country', 'A country is listed twice.');
      if (!validCents(r.cents, 100_000)) throw new ValidationError('shipping.cents', 'Shipping must be between $0.00 and $1,000.00.');
      countries.add(r.country);
    }
  }
}

/** The price of one item at `at`: the sale price inside its window, else the list price. */
export function priceAt(d: Pick<ProductDetails, 'priceCents' | 'sale'>, at: string): number {
  const s = d.sale;
  if (!s) return d.priceCents;
  if (s.startsAt && at < s.startsAt) return d.priceCents;
  if (s.endsAt && at >= s.endsAt) return d.priceCents;
  return s.priceCents;
}

/** What shipping to `country` costs (its own rule, else the '*' rule); null: not shipped there. 0 for digital. */
export function shippingTo(d: Pick<ProductDetails, 'kind' | 'shipping'>, country: string | null): number | null {
  if (d.kind === 'digital') return 0;
  if (!country) return null;
  const own = d.shipping.find((r) => r.country === country.toUpperCase());
  return (own ?? d.shipping.find((r) => r.country === '*'))?.cents ?? null;
}

/** Who sees a product: staff always; fans only a published one, and a subscribers-only one when subscribed. */
export function canSeeProduct(p: { status: ProductStatus; visibility: ProductVisibility }, viewer: { isStaff: boolean; isSubscriber: boolean }): boolean {
  if (viewer.isStaff) return true;
  if (p.status !== 'published') return false;
  return p.visibility === 'everyone' || viewer.isSubscriber;
}

const notFound = () => new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
const clean = (d: ProductDetails): ProductDetails => ({ ...d, title: d.title.trim(), variants: d.variants.map((v) => ({ ...v, name: v.name.trim(), sku: v.sku.trim() })) });

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ exists: false, deleted: false, status: 'draft', details: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ShopProductCreated': {
        const { productId: _p, createdBy: _c, createdAt: _a, ...details } = event.data;
        return { exists: true, deleted: false, status: 'draft', details };
      }
      case 'ShopProductUpdated': {
        const { productId: _p, updatedAt: _a, ...details } = event.data;
        return { ...state, details };
      }
      case 'ShopProductPublished':
        return { ...state, status: 'published' };
      case 'ShopProductUnpublished':
        return { ...state, status: 'draft' };
      case 'ShopProductDeleted':
        return { ...state, deleted: true, status: 'draft' };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateProduct') {
      if (state.exists) return []; // the same create again (a retry with the same id)
      validateProduct(command.details);
      return [{ type: 'ShopProductCreated', data: { productId: command.productId, createdBy: command.userId, createdAt: command.at, ...clean(command.details) } }];
    }
    if (!state.exists || state.deleted) throw notFound();
    switch (command.type) {
      case 'UpdateProduct': {
        validateProduct(command.details);
        // A product's kind is fixed once created: orders and stock already refer to it.
        if (command.details.kind !== state.details!.kind) throw new ValidationError('kind', 'A product cannot change between physical and digital.');
        const details = clean(command.details);
        if (JSON.stringify(details) === JSON.stringify(state.details)) return [];
        return [{ type: 'ShopProductUpdated', data: { productId: command.productId, updatedAt: command.at, ...details } }];
      }
      case 'PublishProduct':
        return state.status === 'published' ? [] : [{ type: 'ShopProductPublished', data: { productId: command.productId, publishedAt: command.at } }];
      case 'UnpublishProduct':
        return state.status === 'draft' ? [] : [{ type: 'ShopProductUnpublished', data: { productId: command.productId, unpublishedAt: command.at } }];
      case 'DeleteProduct':
        return [{ type: 'ShopProductDeleted', data: { productId: command.productId, deletedAt: command.at } }];
    }
  },
};
