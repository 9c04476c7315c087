import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { stockDecider, type StockEvent } from './stock';

const at = '2026-11-30T10:00:00.000Z';
const later = '2026-11-30T10:15:00.000Z';
const base = { variantId: 'v1', productId: 'p1' };
const set = (onHand: number | null): StockEvent => ({ type: 'ShopStockSet', data: { ...base, onHand, setBy: 'admin', setAt: at } });
const reserved = (reservationId: string, quantity: number, expiresAt = later): StockEvent => ({ type: 'ShopStockReserved', data: { ...base, reservationId, quantity, expiresAt, reservedAt: at } });
const reserve = (reservationId: string, quantity: number, when = at) => ({ type: 'ReserveStock' as const, ...base, reservationId, quantity, at: when, expiresAt: later });

describe('stock of a variant', () => {
  it('reserves what is there; the last item goes to one buyer and the next is told it is sold out', () => {
    given(stockDecider, [set(1)]).when(reserve('o1', 1)).then([reserved('o1', 1)]);
    given(stockDecider, [set(1), reserved('o1', 1)]).when(reserve('o2', 1)).thenThrows('Sold out.', { code: 'SOLD_OUT', status: 409, details: { available: 0 } });
    given(stockDecider, [set(3)]).when(reserve('o1', 4)).thenThrows('Sold out.', { details: { available: 3 } });
  });

  it('the same reservation again holds nothing more', () => {
    given(stockDecider, [set(5), reserved('o1', 2)]).when(reserve('o1', 2)).then([]);
  });

  it('stock never set is unlimited', () => {
    const s = given(stockDecider).when(reserve('o1', 99)).then([reserved('o1', 99)]);
    expect(s.onHand).toBeNull();
  });

  it('a failed payment releases the hold, once', () => {
    const s = given(stockDecider, [set(1), reserved('o1', 1)]).when({ type: 'ReleaseStock', variantId: 'v1', reservationId: 'o1', reason: 'payment_failed', at })
      .then([{ type: 'ShopStockReleased', data: { ...base, reservationId: 'o1', quantity: 1, reason: 'payment_failed', releasedAt: at } }]);
    expect(s.onHand).toBe(1);
    const events = [set(1), reserved('o1', 1), { type: 'ShopStockReleased', data: { ...base, reservationId: 'o1', quantity: 1, reason: 'payment_failed', releasedAt: at } } as StockEvent];
    given(stockDecider, events).when({ type: 'ReleaseStock', variantId: 'v1', reservationId: 'o1', reason: 'expired', at }).then([]);
  });

  it('a hold that ran out is released when someone else reserves', () => {
    given(stockDecider, [set(1), reserved('o1', 1)]).when(reserve('o2', 1, later)).then([
      { type: 'ShopStockReleased', data: { ...base, reservationId: 'o1', quantity: 1, reason: 'expired', releasedAt: later } },
      reserved('o2', 1),
    ].map((e) => (e.type === 'ShopStockReserved' ? { ...e, data: { ...e.data, reservedAt: later } } : e)) as StockEvent[]);
  });

  it('a capture sells the hold once; a refund returns it, never more than was sold', () => {
    const sold: StockEvent = { type: 'ShopStockSold', data: { ...base, reservationId: 'o1', quantity: 2, soldAt: at } };
    given(stockDecider, [set(2), reserved('o1', 2)]).when({ type: 'SellStock', variantId: 'v1', reservationId: 'o1', quantity: 2, at }).then([sold]);
    given(stockDecider, [set(2), reserved('o1', 2), sold]).when({ type: 'SellStock', variantId: 'v1', reservationId: 'o1', quantity: 2, at }).then([]);
    const back: StockEvent = { type: 'ShopStockReturned', data: { ...base, reservationId: 'o1', quantity: 1, returnedAt: at } };
    const s = given(stockDecider, [set(2), reserved('o1', 2), sold]).when({ type: 'ReturnStock', variantId: 'v1', reservationId: 'o1', quantity: 1, at }).then([back]);
    expect(s.onHand).toBe(1);
    given(stockDecider, [set(2), reserved('o1', 2), sold, back]).when({ type: 'ReturnStock', variantId: 'v1', reservationId: 'o1', quantity: 5, at })
      .then([{ ...back, data: { ...back.data, quantity: 1 } }]);
    given(stockDecider, [set(2), reserved('o1', 2), sold, back, back]).when({ type: 'ReturnStock', variantId: 'v1', reservationId: 'o1', quantity: 1, at }).then([]);
  });

  it('a capture after the hold was released takes the items again if they are there, else sold out', () => {
    const released: StockEvent = { type: 'ShopStockReleased', data: { ...base, reservationId: 'o1', quantity: 1, reason: 'expired', releasedAt: later } };
    const s = given(stockDecider, [set(1), reserved('o1', 1), released]).when({ type: 'SellStock', variantId: 'v1', reservationId: 'o1', quantity: 1, at: later })
      .then([{ type: 'ShopStockSold', data: { ...base, reservationId: 'o1', quantity: 1, soldAt: later } }]);
    expect(s.onHand).toBe(0);
    given(stockDecider, [set(1), reserved('o1', 1), released, reserved('o2', 1)]).when({ type: 'SellStock', variantId: 'v1', reservationId: 'o1', quantity: 1, at: later })
      .thenThrows('Sold out.');
  });

  it('on hand never goes below zero over any run of its commands', () => {
    const events: StockEvent[] = [set(3)];
    const tries = ['a', 'b', 'c', 'd', 'e'].flatMap((id) => [reserve(id, 1), { type: 'SellStock' as const, variantId: 'v1', reservationId: id, quantity: 1, at }]);
    let refused = 0;
    for (const c of tries) {
      try {
        events.push(...stockDecider.decide(c, fold(stockDecider, events)));
      } catch {
        refused++;
      }
      expect(fold(stockDecider, events).onHand).toBeGreaterThanOrEqual(0);
    }
    expect(events.filter((e) => e.type === 'ShopStockSold')).toHaveLength(3);
    expect(refused).toBe(4); // d and e: their reservation and their sale
  });

  it('staff set a whole number of items, or unlimited', () => {
    given(stockDecider).when({ type: 'SetStock', ...base, onHand: -1, userId: 'admin', at }).thenThrows('Stock must be a whole number between 0 and 1000000.', { status: 400 });
    given(stockDecider).when({ type: 'SetStock', ...base, onHand: 2.5, userId: 'admin', at }).thenThrows(/whole number/);
    given(stockDecider).when({ type: 'SetStock', ...base, onHand: 4, userId: 'admin', at }).then([set(4)]);
    given(stockDecider, [set(4)]).when({ type: 'SetStock', ...base, onHand: 4, userId: 'admin', at }).then([]);
  });
});
