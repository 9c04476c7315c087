// A fan's shipping addresses (stream `shop-addresses-<userId>`): kept to choose from at checkout. An order copies
// the address it ships to, so editing or removing one later never changes an order.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { validateAddress, type ShippingAddress } from '../shop-order/order';

export const addressBookStream = (userId: string) => `shop-addresses-${userId}`;
export const ADDRESSES_MAX = 20;
export const ADDRESS_NOT_FOUND = 'Address not found.';

export type AddressBookEvent =
  | DomainEvent<'ShippingAddressAdded', { userId: string; addressId: string; address: ShippingAddress; addedAt: string }>
  | DomainEvent<'ShippingAddressChanged', { userId: string; addressId: string; address: ShippingAddress; changedAt: string }>
  | DomainEvent<'ShippingAddressRemoved', { userId: string; addressId: string; removedAt: string }>;

export type AddressBookCommand =
  | { type: 'AddAddress'; userId: string; addressId: string; address: ShippingAddress; at: string }
  | { type: 'ChangeAddress'; userId: string; addressId: string; address: ShippingAddress; at: string }
  | { type: 'RemoveAddress'; userId: string; addressId: string; at: string };

export interface AddressBookState {
  addresses: Record<string, ShippingAddress>;
}

const trimmed = (a: ShippingAddress): ShippingAddress =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, k === 'country' ? v.trim().toUpperCase() : v.trim()])) as unknown as ShippingAddress;

export const addressBookDecider: Decider<AddressBookCommand, AddressBookEvent, AddressBookState> = {
  initialState: () => ({ addresses: {} }),
  evolve(s, e) {
    switch (e.type) {
      case 'ShippingAddressAdded':
      case 'ShippingAddressChanged':
        return { addresses: { ...s.addresses, [e.data.addressId]: e.data.address } };
      case 'ShippingAddressRemoved': {
        const { [e.data.addressId]: _gone, ...addresses } = s.addresses;
        return { addresses };
      }
    }
  },
  decide(c, s) {
    const known = s.addresses[c.addressId];
    switch (c.type) {
      case 'AddAddress': {
        const address = trimmed(c.address);
        if (known) return []; // the same add again (a retry)
        validateAddress(address);
        if (Object.keys(s.addresses).length >= ADDRESSES_MAX) throw new DomainError(`You can keep at most ${ADDRESSES_MAX} addresses.`, 'ADDRESSES_FULL', 409);
        return [{ type: 'ShippingAddressAdded', data: { userId: c.userId, addressId: c.addressId, address, addedAt: c.at } }];
      }
      case 'ChangeAddress': {
        if (!known) throw new DomainError(ADDRESS_NOT_FOUND, 'ADDRESS_NOT_FOUND', 404);
        const address = trimmed(c.address);
        validateAddress(address);
        if (JSON.stringify(address) === JSON.stringify(known)) return [];
        return [{ type: 'ShippingAddressChanged', data: { userId: c.userId, addressId: c.addressId, address, changedAt: c.at } }];
      }
      case 'RemoveAddress':
        return known ? [{ type: 'ShippingAddressRemoved', data: { userId: c.userId, addressId: c.addressId, removedAt: c.at } }] : [];
    }
  },
};
