import { describe, expect, it } from 'vitest';
import { paidWith, paymentsCsv, receiptText, statusLabel, type PaymentHistoryRow } from './history';

const row = (over: Partial<PaymentHistoryRow> = {}): PaymentHistoryRow => ({
  id: 'p-1', type: 'tip', label: 'Tip', amount_cents: 1234, currency: 'USD', method: 'card', card: 'visa •••• 4242', paid_with: 'Visa •••• 4242',
  status: 'captured', reference_id: null, gateway_transaction_id: 'gw-1', created_at: '2025-01-02T03:04:05.000Z', settled_at: null, ...over,
});

describe('payment history texts', () => {
  it('names how a payment was made', () => {
    expect(paidWith('card', 'visa •••• 4242')).toBe('Visa •••• 4242');
    expect(paidWith('wallet', null)).toBe('Wallet');
    expect(paidWith('crypto', 'BTC')).toBe('Crypto (BTC)');
  });
  it('money back reads Returned, a declined payment Declined', () => {
    expect(statusLabel(row({ type: 'refund', amount_cents: -100 }))).toBe('Returned');
    expect(statusLabel(row({ status: 'failed' }))).toBe('Declined');
    expect(statusLabel(row())).toBe('Paid');
  });
  it('the CSV has a header, dollars with two decimals, negative refunds, and no formulas', () => {
    const csv = paymentsCsv([row(), row({ id: 'p-2', type: 'refund', label: '=HYPERLINK("x")', amount_cents: -5 })]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,item,amount,currency,paid_with,status,receipt_number,provider_reference');
    expect(lines[1]).toBe('"2025-01-02T03:04:05.000Z","Tip","12.34","USD","Visa •••• 4242","Paid","p-1","gw-1"');
    expect(lines[2]).toContain('"\'=HYPERLINK(""x"")","-0.05"');
  });
  it('the receipt names the merchant, the customer, the item and the amount', () => {
    const text = receiptText({ payment: row(), merchant: { name: 'Ava', url: 'https://ava.example' }, customer: { name: 'Fan', email: 'fan@example.com' } });
    expect(text).toContain('Receipt — Ava');
    expect(text).toContain('Billed to:      Fan <fan@example.com>');
    expect(text).toContain('Amount:         $12.34 USD');
  });
});
