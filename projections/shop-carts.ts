// Read model: each fan's shopping cart (its lines: a product variant and how many), for the cart page and the
// navbar's cart count. Prices are not kept: the cart shows each product's price of the moment.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { shopCartsTables, type ReadModelRows, type ReadModels } from './schema';

export interface ShopCartLineRow {
  user_id: string;
  variant_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
}

export const shopCartsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'shop-carts',
  tables: shopCartsTables,
  handles: ['ShopCartLineAdded', 'ShopCartLineChanged', 'ShopCartLineRemoved', 'ShopCartCheckedOut'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'ShopCartLineAdded': {
        const key = { user_id: d.userId, variant_id: d.variantId };
        const line = await store.get<ShopCartLineRow>('shop_cart_lines', key);
        store.put('shop_cart_lines', line
          ? { ...line, quantity: line.quantity + d.quantity }
          : { ...key, product_id: d.productId, quantity: d.quantity, added_at: d.addedAt });
        return;
      }
      case 'ShopCartLineChanged':
        await update<ShopCartLineRow>(store, 'shop_cart_lines', { user_id: d.userId, variant_id: d.variantId }, (l) => ({ ...l, quantity: d.quantity }));
        return;
      case 'ShopCartLineRemoved':
        store.delete('shop_cart_lines', { user_id: d.userId, variant_id: d.variantId });
        return;
      case 'ShopCartCheckedOut':
        for (const variantId of d.variantIds) store.delete('shop_cart_lines', { user_id: d.userId, variant_id: variantId });
        return;
    }
  },
});

/** A fan's cart lines, in the order they were added. */
export async function cartLines(db: Kysely<ReadModels>, userId: string): Promise<ShopCartLineRow[]> {
  const rows = await db.withSchema('rm').selectFrom('shop_cart_lines').selectAll().where('user_id', '=', userId).orderBy('added_at').orderBy('variant_id').execute();
  return rows.map((r) => ({ ...r, product_id: r.product_id ?? '', quantity: Number(r.quantity ?? 0), added_at: r.added_at ? new Date(r.added_at).toISOString() : '' }));
}
