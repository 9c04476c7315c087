import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { ShippingAddress } from '../shop-order/order';
import { addressBookDecider, type AddressBookEvent } from './address-book';

const at = '2026-11-30T10:00:00.000Z';
const home: ShippingAddress = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };
const added: AddressBookEvent = { type: 'ShippingAddressAdded', data: { userId: 'u1', addressId: 'a1', address: home, addedAt: at } };

describe('address book', () => {
  it('adds a trimmed address once; a retry adds nothing', () => {
    given(addressBookDecider).when({ type: 'AddAddress', userId: 'u1', addressId: 'a1', address: { ...home, name: ' Ann Fan ', country: 'us' }, at }).then([added]);
    given(addressBookDecider, [added]).when({ type: 'AddAddress', userId: 'u1', addressId: 'a1', address: home, at }).then([]);
  });

  it('refuses an address missing a field, naming it', () => {
    given(addressBookDecider).when({ type: 'AddAddress', userId: 'u1', addressId: 'a1', address: { ...home, postalCode: '' }, at })
      .thenThrows('Postal code is required.', { status: 400, details: { field: 'postalCode' } });
  });

  it('changes and removes a known address; an unknown one is not found', () => {
    given(addressBookDecider, [added]).when({ type: 'ChangeAddress', userId: 'u1', addressId: 'a1', address: { ...home, line2: 'Apt 2' }, at })
      .then([{ type: 'ShippingAddressChanged', data: { userId: 'u1', addressId: 'a1', address: { ...home, line2: 'Apt 2' }, changedAt: at } }]);
    given(addressBookDecider).when({ type: 'ChangeAddress', userId: 'u1', addressId: 'a1', address: home, at }).thenThrows('Address not found.', { status: 404 });
    given(addressBookDecider, [added]).when({ type: 'RemoveAddress', userId: 'u1', addressId: 'a1', at })
      .then([{ type: 'ShippingAddressRemoved', data: { userId: 'u1', addressId: 'a1', removedAt: at } }]);
  });
});
