// Read model: every money movement the reports show (/admin/reporting, voids/refunds/chargebacks, the
// user report, purchase histories, unlocked content, who bought a post). One row per capture and one per refund,
// void or chargeback (negative), each with its report source (domain/reporting: rebills, mass messages and live
// apart) and its ledger source, so every report sums to what the auditor's ledger says (projections/ledger-check.ts).
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { reportPaymentsTables, type ReadModelRows } from './schema';
import { earningsSourceOf, purchasedItemOf, reportSourceOf } from '../domain/payment/purchase-kinds';
import { membershipTierOf, type MovementKind, type ReportSource } from '../domain/reporting/reporting';

export interface ReportPaymentRow {
  /** The payment id for a capture; `<payment id>:<kind>` for its reversal. */
  id: string;
  payment_id: string;
  user_id: string;
  kind: MovementKind;
  source: ReportSource;
  /** domain/payment earningsSourceOf: what the ledger and the earnings read model count it in. */
  ledger_source: string;
  /** Cents: positive for a capture, negative for a reversal. */
  amount_cents: number;
  /** UTC day (YYYY-MM-DD) of the movement: a reversal counts the day it happened, as in earnings. */
  day: string;
  at: string;
  method: string;
  /** The post, chat message or live session bought. */
  reference_id: string | null;
  promotion_id: string | null;
  mass_message_id: string | null;
  /** A membership payment's tier (the base tier when it names none); null for other purchases. */
  tier_id: string | null;
}

export interface ReportMassCopyRow {
  message_id: string;
  mass_message_id: string;
}

export interface ReportPaymentPromotionRow {
  payment_id: string;
  promotion_id: string;
}

export const reportPaymentsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'report-payments',
  tables: reportPaymentsTables,
  handles: ['MassMessageCopyRecorded', 'PostUnlockRequested', 'ChatMessageUnlockRequested', 'PaymentCaptured', 'PaymentReversed', 'PaymentPartlyRefunded'],
  async apply(event, store) {
    switch (event.type) {
      case 'MassMessageCopyRecorded': {
        const d = event.data;
        store.put('report_mass_copies', { message_id: d.messageId, mass_message_id: d.massMessageId });
        return;
      }
      case 'PostUnlockRequested':
      case 'ChatMessageUnlockRequested': {
        const d = event.data;
        if (d.promotionId) store.put('report_payment_promotions', { payment_id: d.paymentId, promotion_id: d.promotionId });
        return;
      }
      case 'PaymentCaptured': {
        const d = event.data;
        const source = earningsSourceOf(d.purpose);
        if (source === null) return; // a wallet top-up is not earnings
        const item = purchasedItemOf(d.purpose);
        const copy = d.purpose.kind === 'chat_unlock' && item ? await store.get<ReportMassCopyRow>('report_mass_copies', { message_id: item }) : undefined;
        const promo = await store.get<ReportPaymentPromotionRow>('report_payment_promotions', { payment_id: d.paymentId });
        store.put('report_payments', {
          id: d.paymentId, payment_id: d.paymentId, user_id: d.userId, kind: 'capture', source: reportSourceOf(d.purpose, !!copy) ?? source,
          ledger_source: source, amount_cents: d.amountCents, day: d.capturedAt.slice(0, 10), at: d.capturedAt,
          method: d.method ?? 'card', reference_id: item, promotion_id: promo?.promotion_id ?? null, mass_message_id: copy?.mass_message_id ?? null,
          tier_id: membershipTierOf(d.purpose),
        });
        return;
      }
      case 'PaymentReversed':
      case 'PaymentPartlyRefunded': {
        const d = event.data;
        const source = earningsSourceOf(d.purpose);
        if (source === null) return;
        const paid = await store.get<ReportPaymentRow>('report_payments', { id: d.paymentId });
        const item = purchasedItemOf(d.purpose);
        store.put('report_payments', {
          id: event.type === 'PaymentPartlyRefunded' ? `${d.paymentId}:${d.kind}:${event.data.refundId}` : `${d.paymentId}:${d.kind}`, payment_id: d.paymentId, user_id: d.userId, kind: d.kind, source: paid?.source ?? reportSourceOf(d.purpose, false) ?? source,
          ledger_source: source, amount_cents: -d.amountCents, day: d.reversedAt.slice(0, 10), at: d.reversedAt,
          method: paid?.method ?? 'card', reference_id: item, promotion_id: paid?.promotion_id ?? null, mass_message_id: paid?.mass_message_id ?? null,
          tier_id: paid?.tier_id ?? membershipTierOf(d.purpose),
        });
        return;
      }
    }
  },
});
