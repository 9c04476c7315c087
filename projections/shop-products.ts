// Read model: the shop's catalogue — each product with its variants, and each variant's stock (on hand, held for
// checkouts under way, available to buy) — for the fans' shop pages and the console's product list.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProductKind, ProductStatus, ProductVariant, ProductVisibility, SalePrice, ShippingRule } from '../domain/shop-product/product';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { shopProductsTables, storeRow, type ReadModelRows, type ReadModels } from './schema';

export interface ShopProductRow {
  id: string;
  kind: ProductKind;
  title: string;
  description_html: string;
  image_media_ids: string[];
  price_cents: number;
  sale: SalePrice | null;
  variants: ProductVariant[];
  shipping: ShippingRule[];
  visibility: ProductVisibility;
  digital_media_id: string | null;
  status: ProductStatus;
  deleted: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface ShopStockRow {
  variant_id: string;
  product_id: string;
  /** Neither held nor sold; null: unlimited. */
  available: number | null;
  reserved: number;
  sold: number;
  held: Record<string, number>;
  updated_at: string;
}

/** A variant's stock as shown: on hand counts the items held for checkouts under way; null counts are unlimited. */
export interface VariantStock {
  on_hand: number | null;
  reserved: number;
  available: number | null;
  sold: number;
}

const emptyStock = (variantId: string, productId: string, at: string): ShopStockRow => ({
  variant_id: variantId, product_id: productId, available: null, reserved: 0, sold: 0, held: {}, updated_at: at,
});

export const shopProductsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'shop-products',
  tables: shopProductsTables,
  handles: [
    'ShopProductCreated', 'ShopProductUpdated', 'ShopProductPublished', 'ShopProductUnpublished', 'ShopProductDeleted',
    'ShopStockSet', 'ShopStockReserved', 'ShopStockReleased', 'ShopStockSold', 'ShopStockReturned',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const stock = async (variantId: string, productId: string, at: string, change: (s: ShopStockRow) => ShopStockRow) => {
      const row = (await store.get<ShopStockRow>('shop_stock', { variant_id: variantId })) ?? emptyStock(variantId, productId, at);
      store.put('shop_stock', { ...change({ ...row, held: { ...(row.held ?? {}) } }), updated_at: at });
    };
    const minus = (n: number | null, by: number) => (n === null ? null : n - by);
    switch (type) {
      case 'ShopProductCreated':
        store.put('shop_products', {
          id: d.productId, kind: d.kind, title: d.title, description_html: d.descriptionHtml, image_media_ids: d.imageMediaIds, price_cents: d.priceCents,
          sale: d.sale, variants: d.variants, shipping: d.shipping, visibility: d.visibility, digital_media_id: d.digitalMediaId, status: 'draft', deleted: false,
          created_by: d.createdBy, created_at: d.createdAt, updated_at: d.createdAt, published_at: null,
        });
        return;
      case 'ShopProductUpdated':
        await update<ShopProductRow>(store, 'shop_products', { id: d.productId }, (p) => ({
          ...p, kind: d.kind, title: d.title, description_html: d.descriptionHtml, image_media_ids: d.imageMediaIds, price_cents: d.priceCents, sale: d.sale,
          variants: d.variants, shipping: d.shipping, visibility: d.visibility, digital_media_id: d.digitalMediaId, updated_at: d.updatedAt,
        }));
        return;
      case 'ShopProductPublished':
        await update<ShopProductRow>(store, 'shop_products', { id: d.productId }, (p) => ({ ...p, status: 'published', published_at: d.publishedAt, updated_at: d.publishedAt }));
        return;
      case 'ShopProductUnpublished':
        await update<ShopProductRow>(store, 'shop_products', { id: d.productId }, (p) => ({ ...p, status: 'draft', updated_at: d.unpublishedAt }));
        return;
      case 'ShopProductDeleted':
        await update<ShopProductRow>(store, 'shop_products', { id: d.productId }, (p) => ({ ...p, status: 'draft', deleted: true, updated_at: d.deletedAt }));
        return;
      case 'ShopStockSet':
        await stock(d.variantId, d.productId, d.setAt, (s) => ({ ...s, product_id: d.productId, available: d.onHand }));
        return;
      case 'ShopStockReserved':
        await stock(d.variantId, d.productId, d.reservedAt, (s) => ({
          ...s, available: minus(s.available, d.quantity), reserved: s.reserved + d.quantity, held: { ...s.held, [d.reservationId]: d.quantity },
        }));
        return;
      case 'ShopStockReleased':
        await stock(d.variantId, d.productId, d.releasedAt, (s) => {
          const { [d.reservationId]: _gone, ...held } = s.held;
          return { ...s, available: minus(s.available, -d.quantity), reserved: Math.max(0, s.reserved - d.quantity), held };
        });
        return;
      case 'ShopStockSold':
        await stock(d.variantId, d.productId, d.soldAt, (s) => {
          const { [d.reservationId]: was, ...held } = s.held;
          // A sale of a hold that was already released takes its items from what is available again.
          return was === undefined
            ? { ...s, available: minus(s.available, d.quantity), sold: s.sold + d.quantity, held }
            : { ...s, reserved: Math.max(0, s.reserved - was), sold: s.sold + d.quantity, held };
        });
        return;
      case 'ShopStockReturned':
        await stock(d.variantId, d.productId, d.returnedAt, (s) => ({ ...s, available: minus(s.available, -d.quantity), sold: Math.max(0, s.sold - d.quantity) }));
        return;
    }
  },
});

const stockView = (s: Pick<ShopStockRow, 'available' | 'reserved' | 'sold'> | undefined): VariantStock => {
  if (!s) return { on_hand: null, reserved: 0, available: null, sold: 0 };
  const available = s.available === null ? null : Number(s.available);
  return { on_hand: available === null ? null : available + Number(s.reserved), reserved: Number(s.reserved), available, sold: Number(s.sold) };
};

export type ShopProduct = ShopProductRow & { stock: Record<string, VariantStock> };

const kindOf = (v: string | null): ProductKind => (v === 'digital' ? 'digital' : 'physical');
const visibilityOf = (v: string | null): ProductVisibility => (v === 'subscribers' ? 'subscribers' : 'everyone');
const statusOf = (v: string | null): ProductStatus => (v === 'published' ? 'published' : 'draft');

/** A product as the database hands it back (timestamps read as ISO strings; the jsonb columns as apply wrote them). */
export function productRow(r: Selectable<ReadModels['shop_products']>): ShopProductRow {
  const p = storeRow('shop_products', r);
  return {
    id: p.id, kind: kindOf(p.kind), title: p.title ?? '', description_html: p.description_html ?? '', image_media_ids: (p.image_media_ids ?? []) as string[],
    price_cents: p.price_cents ?? 0, sale: (p.sale ?? null) as SalePrice | null, variants: (p.variants ?? []) as ProductVariant[], shipping: (p.shipping ?? []) as ShippingRule[],
    visibility: visibilityOf(p.visibility), digital_media_id: p.digital_media_id, status: statusOf(p.status), deleted: !!p.deleted, created_by: p.created_by ?? '',
    created_at: p.created_at ?? '', updated_at: p.updated_at ?? p.created_at ?? '', published_at: p.published_at,
  };
}

/** The stock of these products' variants, by variant id. */
export async function stockOfProducts(db: Kysely<ReadModels>, productIds: readonly string[]): Promise<Map<string, VariantStock>> {
  if (!productIds.length) return new Map();
  const rows = await db.withSchema('rm').selectFrom('shop_stock').select(['variant_id', 'available', 'reserved', 'sold']).where('product_id', 'in', productIds).execute();
  return new Map(rows.map((r) => [r.variant_id, stockView({ available: r.available, reserved: r.reserved ?? 0, sold: r.sold ?? 0 })]));
}

async function withStock(db: Kysely<ReadModels>, rows: ShopProductRow[]): Promise<ShopProduct[]> {
  const stock = await stockOfProducts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, stock: Object.fromEntries(r.variants.map((v) => [v.variantId, stock.get(v.variantId) ?? stockView(undefined)])) }));
}

export interface ProductListQuery {
  /** Drafts too (staff). */
  drafts: boolean;
  /** Subscribers-only products too (members and staff). */
  subscribersOnly: boolean;
  q?: string;
  status?: ProductStatus;
  sort?: 'created_at' | 'title' | 'price_cents' | 'updated_at';
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** Products not deleted, newest first (or as sorted), with their stock, and how many match. */
export async function listProducts(db: Kysely<ReadModels>, o: ProductListQuery): Promise<{ rows: ShopProduct[]; total: number }> {
  const where = sql<boolean>`${sql.join([
    sql`NOT p.deleted`,
    o.drafts ? sql`TRUE` : sql`p.status = 'published'`,
    o.subscribersOnly ? sql`TRUE` : sql`p.visibility = 'everyone'`,
    o.status ? sql`p.status = ${o.status}` : sql`TRUE`,
    o.q ? sql`p.title ILIKE ${`%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`TRUE`,
  ], sql` AND `)}`;
  const sort = `p.${o.sort ?? 'created_at'}` as const;
  const [rows, count] = await Promise.all([
    db.withSchema('rm').selectFrom('shop_products as p').selectAll('p').where(where).orderBy(sort, o.order === 'ASC' ? 'asc' : 'desc').orderBy('p.id', o.order === 'ASC' ? 'asc' : 'desc')
      .limit(o.limit).offset(o.offset).execute(),
    db.withSchema('rm').selectFrom('shop_products as p').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withStock(db, rows.map(productRow)), total: Number(count.n) };
}

/** One product not deleted, with its stock; undefined when there is none. */
export async function findProduct(db: Kysely<ReadModels>, productId: string): Promise<ShopProduct | undefined> {
  const r = await db.withSchema('rm').selectFrom('shop_products').selectAll().where('id', '=', productId).where('deleted', 'is not', true).executeTakeFirst();
  return r ? (await withStock(db, [productRow(r)]))[0] : undefined;
}

/** Products by id (deleted ones too: a cart line may name one), with their stock. */
export async function productsByIds(db: Kysely<ReadModels>, ids: readonly string[]): Promise<Map<string, ShopProduct>> {
  if (!ids.length) return new Map();
  const rows = await db.withSchema('rm').selectFrom('shop_products').selectAll().where('id', 'in', ids).execute();
  return new Map((await withStock(db, rows.map(productRow))).map((p) => [p.id, p]));
}
