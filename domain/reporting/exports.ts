// The reports' CSV exports: their columns, money columns only for roles that see money, and the filter
// each export records (DataExported). Pure: api/csv.ts writes the file and records the export.
import { centsToDecimal, type CsvColumn } from '../shared/csv';
import { REPORT_SOURCES, UTM_FIELDS } from './reporting';
import type { MovementRow, UnlockRow, UserReportRow, UtmRow } from './wire';

const money = <T>(shown: boolean, columns: CsvColumn<T>[]): CsvColumn<T>[] => (shown ? columns : []);

/** A row of the earnings CSV: one day and source that had money (memberships also by tier). */
export interface EarningsDayRow {
  day: string;
  source: string;
  /** A membership payment's tier (subscriptions, rebills); null for other sources. */
  tier_id: string | null;
  captures: number;
  reversals: number;
  net_cents: number;
}

/** `tierNames`: tier id → name (a tier it does not know is written by its id). */
export const earningsColumns = (shown: boolean, tierNames: Map<string, string> = new Map()): CsvColumn<EarningsDayRow>[] => [
  { header: 'day', value: (r) => r.day },
  { header: 'source', value: (r) => r.source },
  { header: 'tier', value: (r) => (r.tier_id ? tierNames.get(r.tier_id) || r.tier_id : '') },
  { header: 'sales', value: (r) => r.captures },
  { header: 'refunds_voids_chargebacks', value: (r) => r.reversals },
  ...money<EarningsDayRow>(shown, [{ header: 'net', value: (r) => centsToDecimal(r.net_cents) }]),
];

/** The columns of a money-movement CSV (reversals). */
export const movementColumns = (shown: boolean): CsvColumn<MovementRow>[] => [
  { header: 'date', value: (r) => r.at }, { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name },
  { header: 'kind', value: (r) => r.kind }, { header: 'source', value: (r) => r.source },
  ...money<MovementRow>(shown, [{ header: 'amount', value: (r) => centsToDecimal(r.amount_cents) }]),
  { header: 'method', value: (r) => r.method }, { header: 'payment_id', value: (r) => r.payment_id }, { header: 'reference_id', value: (r) => r.reference_id },
];

export const userReportColumns = (shown: boolean): CsvColumn<UserReportRow>[] => [
  { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name }, { header: 'registered_at', value: (r) => r.registered_at },
  { header: 'purchases', value: (r) => r.purchases }, { header: 'reversals', value: (r) => r.reversals },
  { header: 'first_purchase_at', value: (r) => r.first_purchase_at }, { header: 'last_purchase_at', value: (r) => r.last_purchase_at },
  ...money<UserReportRow>(shown, [
    { header: 'net', value: (r) => centsToDecimal(r.net_cents) },
    ...REPORT_SOURCES.map((s) => ({ header: s, value: (r: UserReportRow) => centsToDecimal(r.by_source[s]) })),
  ]),
];

export const unlockColumns = (shown: boolean): CsvColumn<UnlockRow>[] => [
  { header: 'unlocked_at', value: (r) => r.unlocked_at }, { header: 'post_id', value: (r) => r.post_id }, { header: 'root_post_id', value: (r) => r.root_post_id },
  { header: 'caption', value: (r) => r.caption }, { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name },
  ...money<UnlockRow>(shown, [{ header: 'amount', value: (r) => centsToDecimal(r.amount_cents) }]),
  { header: 'promotion_id', value: (r) => r.promotion_id }, { header: 'reversed', value: (r) => r.reversed },
];

/** The UTM CSV: when the fan registered, who, and the values (an empty cell for one not given). */
export const utmColumns: CsvColumn<UtmRow>[] = (['registered_at', 'email', 'name', ...UTM_FIELDS] as const).map((f) => ({ header: f, value: (row) => row[f] ?? '' }));

/** The filter an export records: the ones given, in their order. */
export const givenFilter = (filter: Record<string, string | null | undefined>) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v));
