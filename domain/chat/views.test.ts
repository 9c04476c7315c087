import { describe, expect, it } from 'vitest';
import { chatListEntry, chatListStatus, chatSortOf, chatUserDetails, payPerMessageStatus, type ChatListFacts } from './views';

const row: ChatListFacts = {
  id: 'fan', name: 'Ann', nickname: null, complimentary: true, status: '2', expires_at: null, last_message: 'hi', last_message_at: null,
  staff_unread: 3, mass_messages_muted: false, wallet_cents: 1250, spent_cents: 4000,
};

describe('chat views', () => {
  it('reads the sort names and their aliases, never an inherited member', () => {
    expect(chatSortOf('latest')).toBe('latest_message');
    expect(chatSortOf('unread')).toBe('unread_messages');
    expect(chatSortOf('toString')).toBeUndefined();
  });

  it('lists the cancelled-but-paid fans when sorting by expiry', () => {
    expect(chatListStatus('expiration_date', '1')).toBe('2');
    expect(chatListStatus('latest_message', '1')).toBe('1');
    expect(chatListStatus('latest_message', 'all')).toBeNull();
  });

  it('shows wallets and spending by role', () => {
    const admin = chatListEntry(row, 'admin');
    expect([admin.wallet_amount, admin.total_amount_spent_cents, admin.has_complimentary_subscription]).toEqual([12.5, 4000, true]);
    const manager = chatListEntry(row, 'live_stream_manager');
    expect([manager.wallet_amount, manager.total_amount_spent, manager.has_complimentary_subscription]).toEqual([null, null, false]);
  });

  it('adds a chargeback penalty to the deductions in the header', () => {
    const d = chatUserDetails(
      { id: 'fan', name: 'Ann', nickname: 'a', spentCents: 0, walletCents: 0, lastSeen: null, credits: 2, status: '1', reversals: { voidCents: 100, refundCents: 0, chargebackCents: 500, chargebackCount: 1 } },
      'admin',
    );
    expect(d.totalDeductionCents).toBe(100 + 500 + 2500);
    expect(d.payPerMessageCredit).toBe(2);
  });

  it('gives the price in dollars and cents', () => {
    expect(payPerMessageStatus({ is_pay_per_message_enabled: true, pay_per_message_amount: 3 }, 0, true)).toEqual({
      isPayPerMessageEnabled: true, payPerMessageAmount: 3, payPerMessageAmountCents: 300, payPerMessageCredit: 0, canChat: true,
    });
  });
});
