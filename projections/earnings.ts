// Read model: earnings per day and source, for the dashboard chart and the ledger check.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { earningsTables, type ReadModelRows, type ReadModels } from './schema';
import { EARNINGS_SOURCES, earningsSourceOf } from '../domain/payment/purchase-kinds';

export const earningsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'earnings',
  tables: earningsTables,
  handles: ['PaymentCaptured', 'PaymentReversed', 'PaymentPartlyRefunded'],
  async apply(event, store) {
    const { type, data: d } = event;
    const source = earningsSourceOf(d.purpose);
    if (source === null) return; // a wallet top-up: the fan's own money until the wallet pays for something
    // A refund, void or chargeback comes off the day it happened (what the creator kept that day), in its source.
    const reversed = type !== 'PaymentCaptured';
    const key = { day: String(reversed ? d.reversedAt : d.capturedAt).slice(0, 10), source };
    const row = await store.get<{ cents: number; count: number }>('earnings_daily', key);
    store.put('earnings_daily', { ...key, cents: (row?.cents ?? 0) + (reversed ? -d.amountCents : d.amountCents), count: (row?.count ?? 0) + (reversed ? 0 : 1) });
  },
});


/** 30 days ending today (UTC), oldest first, zero-filled. */
export async function earningsLastDays(db: Kysely<ReadModels>, todayIso: string, days = 30): Promise<{ day: string; cents: number }[]> {
  const end = Date.parse(todayIso.slice(0, 10));
  const dayList = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const rows = await db.withSchema('rm').selectFrom('earnings_daily').select(['day', (eb) => eb.fn.sum<number>('cents').as('cents')]).where('day', '>=', dayList[0]).groupBy('day').execute();
  const byDay = new Map(rows.map((r: { day: string; cents: number }) => [r.day, Number(r.cents)]));
  return dayList.map((day) => ({ day, cents: byDay.get(day) ?? 0 }));
}


/** Net earnings per source over the days from `fromDay` (YYYY-MM-DD) on; every known source listed, zero when none. */
export async function earningsBySource(db: Kysely<ReadModels>, fromDay: string): Promise<{ source: string; cents: number }[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('earnings_daily')
    .select(['source', (eb) => eb.fn.sum<number>('cents').as('cents')])
    .where('day', '>=', fromDay)
    .groupBy('source')
    .execute();
  const bySource = new Map(rows.map((r: { source: string; cents: number }) => [r.source, Number(r.cents)]));
  const known: string[] = [...EARNINGS_SOURCES];
  return [...known, ...[...bySource.keys()].filter((s) => !known.includes(s)).sort()].map((source) => ({ source, cents: bySource.get(source) ?? 0 }));
}
