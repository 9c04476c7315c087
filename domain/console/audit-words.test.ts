import { describe, expect, it } from 'vitest';
import { AUDIT_WORDS, auditSentence, type AuditedEventType } from './audit-words';

const TYPES = Object.keys(AUDIT_WORDS) as AuditedEventType[];
// A CamelCase event type name such as 'PushNotificationAttempted' must never be what a row says.
const TYPE_NAME = /\b[A-Z][a-z]+(?:[A-Z][a-z]+){2,}\b/;

describe('audit rows in words', () => {
  it('has words for every event type of the union (the record is typed by it), none the type name itself', () => {
    expect(TYPES.length).toBeGreaterThanOrEqual(178);
    for (const type of TYPES) {
      for (const data of [{}, null, { amountCents: 'x', results: 'no', changes: 5 }]) {
        const sentence = auditSentence(type, data);
        expect(sentence, type).toMatch(/^[A-Z0-9$"]/);
        expect(sentence, type).not.toMatch(TYPE_NAME);
        expect(sentence, type).not.toMatch(/undefined|null|NaN|\[object/);
      }
    }
  });

  it('says what a push attempt did', () => {
    const r = (outcome: string) => ({ subscriptionId: 's', outcome, attempt: 1, status: 201, nextAt: null });
    expect(auditSentence('PushNotificationAttempted', { results: [r('sent'), r('sent'), r('sent')], finished: true, reason: 'sent' })).toBe('Push notification sent to 3 devices');
    expect(auditSentence('PushNotificationAttempted', { results: [r('sent'), r('failed')], finished: true, reason: 'sent' })).toBe('Push notification sent to 1 device (1 failed)');
    expect(auditSentence('PushNotificationAttempted', { results: [], finished: true, reason: 'disabled' })).toBe('Push notification not sent: web push is turned off');
  });

  it('names amounts, purposes and counts', () => {
    expect(auditSentence('PaymentCaptured', { amountCents: 999, purpose: { kind: 'subscription', period: 1 } })).toBe('Paid $9.99 for a membership');
    expect(auditSentence('PaymentReversed', { amountCents: 500, purpose: { kind: 'tip' }, kind: 'chargeback' })).toBe('Payment of $5.00 for a tip charged back');
    expect(auditSentence('TipSent', { amountCents: 1250 })).toBe('Tip of $12.50 sent');
    expect(auditSentence('MassMessageSendCompleted', { delivered: 1 })).toBe('Mass message sent to 1 fan');
    expect(auditSentence('SiteSettingsUpdated', { changes: { live_enabled: true, model_name: 'A' } })).toBe('Settings saved: live enabled, model name');
    expect(auditSentence('DataExported', { resource: 'transactions', rows: 12 })).toBe('CSV of transactions downloaded (12 rows)');
    expect(auditSentence('NicknameSet', { nickname: null })).toBe('Nickname removed');
  });

  it('an unknown type falls back to its label in words', () => {
    expect(auditSentence('SomethingNewHappened', {})).toBe('Something new happened');
  });
});
