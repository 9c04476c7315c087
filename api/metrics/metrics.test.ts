import { describe, expect, it } from 'vitest';
import { paymentOutcomeOf, purchaseKindOf } from './payments';
import { lowestCheckpoint, projectionLags } from './projection-lag';
import { carriesScrapeToken, routeLabelOf } from '../routes/metrics';
import { statusClassOf } from './registry';

describe('payment outcomes from events', () => {
  it('captures, declines and reversals by purchase kind; a later subscription period is a rebill', () => {
    expect(paymentOutcomeOf({ type: 'PaymentCaptured', data: { purpose: { kind: 'unlock', postId: 'p-1' } } })).toEqual({ outcome: 'captured', kind: 'unlock' });
    expect(paymentOutcomeOf({ type: 'PaymentCaptured', data: { purpose: { kind: 'subscription', period: 2 } } })).toEqual({ outcome: 'captured', kind: 'rebill' });
    expect(paymentOutcomeOf({ type: 'PaymentFailed', data: { purpose: { kind: 'subscription', period: 1 } } })).toEqual({ outcome: 'declined', kind: 'subscription' });
    expect(paymentOutcomeOf({ type: 'PaymentReversed', data: { kind: 'chargeback', purpose: { kind: 'tip' } } })).toEqual({ outcome: 'chargeback', kind: 'tip' });
    expect(paymentOutcomeOf({ type: 'PaymentReversed', data: { kind: 'void', purpose: { kind: 'chat_unlock' } } })).toEqual({ outcome: 'voided', kind: 'chat_unlock' });
    expect(paymentOutcomeOf({ type: 'CryptoPaymentPaid', data: {} })).toEqual({ outcome: 'captured', kind: 'wallet_top_up' });
    expect(paymentOutcomeOf({ type: 'PaymentRequested', data: { purpose: { kind: 'tip' } } })).toBeNull();
  });
  it('a kind that is not a plain word becomes "other": no id or free text reaches a label', () => {
    expect(purchaseKindOf({ kind: '0b8c2f7e-1111-4000-8000-000000000000' })).toBe('other');
    expect(purchaseKindOf({ kind: 'Shop Order' })).toBe('other');
    expect(purchaseKindOf(undefined)).toBe('other');
    expect(purchaseKindOf({ kind: 'shop_order' })).toBe('shop_order');
  });
});

describe('projection lag', () => {
  const at = (tx: number, secondsAgo: number, now: number) => ({ position: { tx, seq: 1 }, recordedAt: new Date(now - secondsAgo * 1000) });
  it('counts the events after each checkpoint and how long the oldest has waited', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const checkpoints = new Map([['users', { tx: 10, seq: 1 }], ['posts', { tx: 12, seq: 1 }], ['tips', { tx: 13, seq: 1 }]]);
    expect(lowestCheckpoint(checkpoints)).toEqual({ tx: 10, seq: 1 });
    expect(projectionLags(checkpoints, [at(11, 30, now), at(12, 20, now), at(13, 5, now)], now)).toEqual([
      { name: 'users', events: 3, seconds: 30 },
      { name: 'posts', events: 1, seconds: 5 },
      { name: 'tips', events: 0, seconds: 0 },
    ]);
  });
});

describe('labels and the scrape token', () => {
  it('route patterns as they are, the status by class', () => {
    expect(routeLabelOf('/api/blogs/:id')).toBe('/api/blogs/:id');
    expect(routeLabelOf(undefined)).toBe('unmatched');
    expect([200, 204, 302, 404, 430, 503].map(statusClassOf)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx']);
  });
  it('only the exact token with the Bearer scheme; nothing when no token is set', () => {
    const token = 'a'.repeat(40);
    expect(carriesScrapeToken(`Bearer ${token}`, token)).toBe(true);
    expect(carriesScrapeToken(`Bearer ${token}b`, token)).toBe(false);
    expect(carriesScrapeToken(token, token)).toBe(false);
    expect(carriesScrapeToken(undefined, token)).toBe(false);
    expect(carriesScrapeToken('Bearer ', undefined)).toBe(false);
  });
});
