// What the report calls answer (GET /admin-api/reports/*), shared by the server and the console.
import type { MovementKind, ReportGrouping, ReportSource, UtmParams } from './reporting';

/** Money figures are null when the caller's role may not see them (hide_earnings); counts always come. */
export type Cents = number | null;
// The money-carrying shapes take their cents type as `C`: the read queries (projections/report-queries.ts) fill them
// with every figure (C = number), and domain/reporting/views.ts hides the money for roles that may not see it.

export interface EarningsBucket<C extends Cents = Cents> {
  /** First day of the bucket (YYYY-MM-DD). */
  period: string;
  total_cents: C;
  by_source: Record<ReportSource, C>;
  /** Captures in the bucket (reversals are not counted as sales). */
  count: number;
}

export interface EarningsTotals<C extends Cents = Cents> {
  total_cents: C;
  by_source: Record<ReportSource, C>;
  count: number;
  count_by_source: Record<ReportSource, number>;
  refunded_cents: C;
  voided_cents: C;
  charged_back_cents: C;
}

export interface EarningsReport {
  from: string;
  to: string;
  group: ReportGrouping;
  earnings_hidden: boolean;
  buckets: EarningsBucket[];
  totals: EarningsTotals;
  previous: { from: string; to: string; totals: EarningsTotals };
  /** Percent change of the total against the previous period (null: nothing to compare with, or hidden). */
  change_percent: number | null;
  change_by_source: Record<ReportSource, number | null>;
  /** Memberships by tier over the range (subscriptions, rebills and upgrades), lowest rank first. */
  tiers: TierEarningsLine[];
}

/**
 * One membership tier in the earnings report: the payments for it over the range (new subscriptions, renewals and
 * upgrades into it), their net after refunds, voids and chargebacks, and its paid-up members now.
 */
export interface TierEarningsLine<C extends Cents = Cents> {
  tier_id: string;
  name: string;
  sales: number;
  net_cents: C;
  members: number;
}

/** One money movement (a capture, or a refund, void or chargeback as a negative amount). */
export interface MovementRow<C extends Cents = Cents> {
  id: string;
  payment_id: string;
  user_id: string;
  email: string | null;
  name: string | null;
  kind: MovementKind;
  source: ReportSource;
  amount_cents: C;
  method: string;
  reference_id: string | null;
  promotion_id: string | null;
  at: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  per_page: number;
}

export interface ReversalsReport extends Page<MovementRow> {
  earnings_hidden: boolean;
  totals: Record<'refund' | 'void' | 'chargeback', { count: number; cents: Cents }>;
}

export interface UserReportRow<C extends Cents = Cents> {
  user_id: string;
  email: string;
  name: string;
  registered_at: string;
  net_cents: C;
  by_source: Record<ReportSource, C>;
  purchases: number;
  reversals: number;
  first_purchase_at: string | null;
  last_purchase_at: string | null;
}

export interface UserReport extends Page<UserReportRow> {
  earnings_hidden: boolean;
  net_cents: Cents;
}

export interface PurchaseHistory extends Page<MovementRow> {
  earnings_hidden: boolean;
  user: { id: string; email: string | null; name: string | null; registered_at: string } | null;
  net_cents: Cents;
}

export interface UnlockRow<C extends Cents = Cents> {
  payment_id: string;
  post_id: string;
  root_post_id: string;
  caption: string | null;
  user_id: string;
  email: string | null;
  name: string | null;
  amount_cents: C;
  promotion_id: string | null;
  unlocked_at: string;
  /** refunded / voided / charged back: the money came back and the post is locked again. */
  reversed: 'refund' | 'void' | 'chargeback' | null;
}

export interface UnlocksReport extends Page<UnlockRow> {
  earnings_hidden: boolean;
  /** Net of what came back. */
  net_cents: Cents;
}

export interface PostBuyersReport extends UnlocksReport {
  post: { id: string; root_post_id: string; caption: string | null; price_cents: number | null; versions: string[] } | null;
  promotion_id: string | null;
  buyers: number;
}

export interface OptInReport {
  counts: Record<string, number>;
  rows: { user_id: string; email: string; name: string; status: string; link_sent_at: string | null; registered_at: string }[];
  total: number;
  page: number;
  per_page: number;
}

export interface UtmRow extends UtmParams {
  user_id: string;
  email: string | null;
  name: string | null;
  registered_at: string;
}

export interface UtmReport extends Page<UtmRow> {
  /** Registrations per utm_source in the filter (none: '(none)'). */
  by_source: { source: string; count: number }[];
}

export interface ActivityRow {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  stream_id: string;
  subject_user_id: string | null;
}

export interface ReportingPageSettings {
  content_manager_reporting_enabled: boolean;
  reporting_default_group: ReportGrouping;
  hide_earnings: boolean;
}
