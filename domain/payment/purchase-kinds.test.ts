import { describe, expect, it } from 'vitest';
import type { PaymentPurpose } from './payment';
import { countsAsEarnings, earningsSourceOf, PURCHASE_FACTS, purchasedItemOf, reportSourceOf, transactionTypeOf, type PurposeKind } from './purchase-kinds';
import { walletShortfallError } from '../wallet/wallet';

describe('report sources', () => {
  it('splits first periods from rebills, mass-message copies from chat, and counts live minutes and live tips as live', () => {
    expect(reportSourceOf({ kind: 'subscription', period: 1 }, false)).toBe('subscriptions');
    expect(reportSourceOf({ kind: 'subscription', period: 3 }, false)).toBe('rebills');
    expect(reportSourceOf({ kind: 'unlock', postId: 'p' }, false)).toBe('unlocks');
    expect(reportSourceOf({ kind: 'tip', tipFrom: 'tips_page' }, false)).toBe('tips');
    expect(reportSourceOf({ kind: 'tip', tipFrom: 'chat' }, false)).toBe('tips');
    expect(reportSourceOf({ kind: 'tip', tipFrom: 'live' }, false)).toBe('live');
    expect(reportSourceOf({ kind: 'chat_unlock', messageId: 'm' }, false)).toBe('chat');
    expect(reportSourceOf({ kind: 'chat_unlock', messageId: 'm' }, true)).toBe('mass_messages');
    expect(reportSourceOf({ kind: 'pay_per_message', messageId: 'm' }, false)).toBe('chat');
    expect(reportSourceOf({ kind: 'live_minute', sessionId: 's' }, false)).toBe('live');
  });
});

describe('the purchase kinds table', () => {
  const purposes: PaymentPurpose[] = [
    { kind: 'unlock', postId: 'p' },
    { kind: 'subscription', period: 1 },
    { kind: 'subscription', period: 2 },
    { kind: 'tip', tipFrom: 'live', isAnonymous: false, sessionId: 's' },
    { kind: 'chat_unlock', messageId: 'm' },
    { kind: 'pay_per_message', messageId: 'm2' },
    { kind: 'live_minute', sessionId: 's2', minute: 3 },
    { kind: 'wallet_top_up', currency: 'BTC' },
    { kind: 'chat_booking', bookingId: 'b' },
  ];

  it('has one row per purpose kind', () => {
    const kinds: PurposeKind[] = ['unlock', 'subscription', 'tip', 'chat_unlock', 'pay_per_message', 'live_minute', 'wallet_top_up', 'shop_order', 'chat_booking'];
    expect(Object.keys(PURCHASE_FACTS).sort()).toEqual([...kinds].sort());
  });

  it('maps each purpose to its earnings source, transaction type and bought item', () => {
    expect(purposes.map((p) => [earningsSourceOf(p), transactionTypeOf(p), purchasedItemOf(p)])).toEqual([
      ['unlocks', 'unlock', 'p'],
      ['subscriptions', 'subscription', null],
      ['subscriptions', 'rebill', null],
      ['tips', 'tip', null],
      ['chat', 'chat_unlock', 'm'],
      ['chat', 'pay_per_message', 'm2'],
      ['chat', 'live_minute', 's2'],
      [null, 'wallet_topup', null],
      ['bookings', 'chat_booking', 'b'],
    ]);
  });

  it('counts a wallet top-up as the fan\'s own money, final, and every purchase as earnings that can come back', () => {
    expect(purposes.filter((p) => !countsAsEarnings(p)).map((p) => p.kind)).toEqual(['wallet_top_up']);
    expect(purposes.filter((p) => !PURCHASE_FACTS[p.kind].reversible).map((p) => p.kind)).toEqual(['wallet_top_up']);
    expect(reportSourceOf({ kind: 'wallet_top_up', currency: 'BTC' }, false)).toBeNull();
  });

  it('reads a recorded purpose of an unknown kind safely', () => {
    expect(earningsSourceOf({ kind: 'gift_card' })).toBe('subscriptions');
    expect(reportSourceOf({ kind: 'gift_card' }, false)).toBe('subscriptions');
    expect(purchasedItemOf({ kind: 'gift_card' })).toBeNull();
    expect(purchasedItemOf({})).toBeNull();
  });

  it('tells a fan short of funds in the words of the flow they are in', () => {
    const msg = (p: PaymentPurpose) => walletShortfallError(p, 500, 100).message;
    expect(msg({ kind: 'pay_per_message', messageId: 'm' })).toBe('Your wallet balance is low. Please add funds to send message.');
    expect(msg({ kind: 'subscription', period: 1 })).toBe('Please Add Funds in wallet to subscribe.');
    expect(msg({ kind: 'unlock', postId: 'p' })).toBe('Insufficient wallet balance. Please add funds.');
  });
});
