import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { cartCount, cartDecider, type CartEvent } from './cart';

const at = '2026-11-30T10:00:00.000Z';
const added = (variantId: string, quantity: number): CartEvent => ({ type: 'ShopCartLineAdded', data: { userId: 'u1', productId: 'p1', variantId, quantity, addedAt: at } });
const add = (variantId: string, quantity: number) => ({ type: 'AddToCart' as const, userId: 'u1', productId: 'p1', variantId, quantity, at });

describe('cart', () => {
  it('adds to a line of the same variant and counts items', () => {
    const s = given(cartDecider, [added('v1', 1)]).when(add('v1', 2)).then([added('v1', 2)]);
    expect(s.lines).toEqual([{ productId: 'p1', variantId: 'v1', quantity: 3 }]);
    expect(cartCount(s.lines)).toBe(3);
  });

  it('a line holds at most 99; quantities are whole numbers from 1', () => {
    given(cartDecider, [added('v1', 98)]).when(add('v1', 5)).then([added('v1', 1)]);
    given(cartDecider, [added('v1', 99)]).when(add('v1', 1)).thenThrows('Quantity must be between 1 and 99.', { status: 400 });
    given(cartDecider).when(add('v1', 0)).thenThrows('Quantity must be between 1 and 99.');
    given(cartDecider).when(add('v1', 1.5)).thenThrows('Quantity must be between 1 and 99.');
  });

  it('a cart holds at most 50 lines', () => {
    const full = Array.from({ length: 50 }, (_, i) => added(`v${i}`, 1));
    given(cartDecider, full).when(add('v99', 1)).thenThrows('Your cart holds at most 50 items.', { status: 409 });
    given(cartDecider, full).when(add('v0', 1)).then([added('v0', 1)]);
  });

  it('changes and removes lines; an unknown line is not found, removing it twice changes nothing', () => {
    given(cartDecider, [added('v1', 1)]).when({ type: 'SetCartQuantity', userId: 'u1', variantId: 'v1', quantity: 4, at })
      .then([{ type: 'ShopCartLineChanged', data: { userId: 'u1', variantId: 'v1', quantity: 4, changedAt: at } }]);
    given(cartDecider).when({ type: 'SetCartQuantity', userId: 'u1', variantId: 'v1', quantity: 4, at }).thenThrows('This item is not in your cart.', { status: 404 });
    const s = given(cartDecider, [added('v1', 1)]).when({ type: 'RemoveFromCart', userId: 'u1', variantId: 'v1', at })
      .then([{ type: 'ShopCartLineRemoved', data: { userId: 'u1', variantId: 'v1', removedAt: at } }]);
    expect(s.lines).toEqual([]);
    given(cartDecider).when({ type: 'RemoveFromCart', userId: 'u1', variantId: 'v1', at }).then([]);
  });

  it('checkout takes the ordered lines out, once per order', () => {
    const out: CartEvent = { type: 'ShopCartCheckedOut', data: { userId: 'u1', orderId: 'o1', variantIds: ['v1'], checkedOutAt: at } };
    const s = given(cartDecider, [added('v1', 1), added('v2', 2)]).when({ type: 'CheckOutCart', userId: 'u1', orderId: 'o1', variantIds: ['v1'], at }).then([out]);
    expect(s.lines).toEqual([{ productId: 'p1', variantId: 'v2', quantity: 2 }]);
    given(cartDecider, [added('v1', 1), out]).when({ type: 'CheckOutCart', userId: 'u1', orderId: 'o1', variantIds: ['v1'], at }).then([]);
  });
});
