// Read model: each fan's saved shipping addresses, to choose from at checkout.
import type { Kysely } from 'kysely';
import type { ShippingAddress } from '../domain/shop-order/order';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { shopAddressesTables, type ReadModelRows, type ReadModels } from './schema';

export interface ShopAddressRow {
  id: string;
  user_id: string;
  address: ShippingAddress;
  created_at: string;
  updated_at: string;
}

export const shopAddressesProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'shop-addresses',
  tables: shopAddressesTables,
  handles: ['ShippingAddressAdded', 'ShippingAddressChanged', 'ShippingAddressRemoved'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'ShippingAddressAdded':
        store.put('shop_addresses', { id: d.addressId, user_id: d.userId, address: d.address, created_at: d.addedAt, updated_at: d.addedAt });
        return;
      case 'ShippingAddressChanged':
        await update<ShopAddressRow>(store, 'shop_addresses', { id: d.addressId }, (a) => ({ ...a, address: d.address, updated_at: d.changedAt }));
        return;
      case 'ShippingAddressRemoved':
        store.delete('shop_addresses', { id: d.addressId });
        return;
    }
  },
});

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : '');

/** A fan's addresses, oldest first. */
export async function addressesOf(db: Kysely<ReadModels>, userId: string): Promise<ShopAddressRow[]> {
  const rows = await db.withSchema('rm').selectFrom('shop_addresses').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, user_id: r.user_id ?? '', address: r.address as ShippingAddress, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }));
}
