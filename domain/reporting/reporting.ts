// The creator's reports: which source a payment's money counts in,
// periods and their comparison, who sees money figures, and the UTM values kept per fan. Pure: the read model
// (projections/report-payments.ts) and the queries call these; the console reads the wire types.
import type { Role } from '../shared/wire';
import { ValidationError } from '../shared/validation';
import { BASE_TIER_ID } from '../membership-plan/plan';

/**
 * The reports' sources, finer than the ledger's four (domain/payment earningsSourceOf): a subscription's first
 * period and its rebills apart, mass/welcome-message copies apart from other chat purchases, and money taken in a
 * live stream (per-minute one-to-one billing and tips sent from the live page) as "live".
 */
export const REPORT_SOURCES = ['subscriptions', 'rebills', 'unlocks', 'tips', 'chat', 'mass_messages', 'live', 'shop', 'bookings'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_SOURCE_LABELS: Record<ReportSource, string> = {
  subscriptions: 'Subscriptions',
  rebills: 'Rebills',
  unlocks: 'Unlocks',
  tips: 'Tips',
  chat: 'Chat',
  mass_messages: 'Mass messages',
  live: 'Live',
  shop: 'Shop',
  bookings: 'Chat bookings',
};

/**
 * The membership tier a payment paid for — a subscription, its renewal or an upgrade (a payment naming none paid for
 * the base tier) — or null for any other purchase: the earnings report's breakdown per tier.
 */
export const membershipTierOf = (purpose: { kind?: unknown; [field: string]: unknown }): string | null =>
  purpose.kind === 'subscription' ? (typeof purpose.tierId === 'string' && purpose.tierId ? purpose.tierId : BASE_TIER_ID) : null;

/** Money movements the reports list: a capture, or its refund, void or chargeback (a negative amount). */
export type MovementKind = 'capture' | 'refund' | 'void' | 'chargeback';
export const REVERSAL_KINDS = ['refund', 'void', 'chargeback'] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

// ---- periods ---------------------------------------------------------------------------------------------

export type ReportGrouping = 'day' | 'week' | 'month';
export const REPORT_GROUPINGS: readonly ReportGrouping[] = ['day', 'week', 'month'];

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range a report covers at once (about ten years: more is never one screen). */
export const MAX_REPORT_DAYS = 3700;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDaysTo = (day: string, n: number) => dayOf(dayMs(day) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

export const isIsoDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(dayMs(v)) && dayOf(dayMs(v)) === v;

/** A report range (days, both ends included, UTC). Throws a 400 naming the field. */
export interface DayRange {
  from: string;
  to: string;
}

export function parseRange(from: string | undefined, to: string | undefined, today: string, defaultDays = 30): DayRange {
  if (from !== undefined && !isIsoDay(from)) throw new ValidationError('from', 'from must be a date as YYYY-MM-DD.');
  if (to !== undefined && !isIsoDay(to)) throw new ValidationError('to', 'to must be a date as YYYY-MM-DD.');
  const end = to ?? today;
  const start = from ?? addDaysTo(end, -(defaultDays - 1));
  if (start > end) throw new ValidationError('from', 'from must be on or before to.');
  if (daysBetween(start, end) > MAX_REPORT_DAYS) throw new ValidationError('from', `A report covers at most ${MAX_REPORT_DAYS} days.`);
  return { from: start, to: end };
}

/** A range only when either end is given (the lists that otherwise cover everything). */
export const parseOptionalRange = (from: string | undefined, to: string | undefined, today: string): DayRange | null => (from || to ? parseRange(from, to, today) : null);

/** The period of the same length just before `r` (what "compared with the previous period" compares with). */
export function previousRange(r: DayRange): DayRange {
  const n = daysBetween(r.from, r.to);
  return { from: addDaysTo(r.from, -n), to: addDaysTo(r.from, -1) };
}

/** The bucket a day falls in: the day, the Monday of its ISO week, or the first of its month. */
export function bucketOf(day: string, group: ReportGrouping): string {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(dayMs(day)).getUTCDay() + 6) % 7; // Monday 0
  return addDaysTo(day, -weekday);
}

/** Every bucket of the range, oldest first (so a chart shows the quiet days too). */
export function bucketsOf(r: DayRange, group: ReportGrouping): string[] {
  const out: string[] = [];
  let day = r.from;
  while (day <= r.to) {
    const b = bucketOf(day, group);
    if (out[out.length - 1] !== b) out.push(b);
    day = group === 'day' ? addDaysTo(day, 1) : group === 'week' ? addDaysTo(bucketOf(day, 'week'), 7) : nextMonth(day);
  }
  return out;
}

const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Change against the previous period in percent (one decimal), null when there was nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

// ---- who sees what ---------------------------------------------------------------------------------------

/** The settings the report rules read (site settings). */
export interface ReportSettings {
  hide_earnings?: boolean;
  content_manager_reporting_enabled?: boolean;
}

const REPORT_ADMINS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];

/**
 * The reporting page (the content manager sees it depending on the earnings and
 * reporting settings): admins and the model always; the content manager while the reporting setting is on.
 */
export function mayOpenReports(role: Role | null | undefined, s: ReportSettings): boolean {
  if (!role) return false;
  if (REPORT_ADMINS.includes(role) || role === 'model') return true;
  return role === 'content_manager' && !!s.content_manager_reporting_enabled;
}

/** The orders of the per-fan report; a role that does not see money gets `net_cents` as `purchases`. */
export const USER_REPORT_SORTS = ['net_cents', 'purchases', 'last_purchase_at', 'registered_at', 'email'] as const;
export type UserReportSort = (typeof USER_REPORT_SORTS)[number];
export const userReportSortFor = (money: boolean, sort: UserReportSort): UserReportSort => (money || sort !== 'net_cents' ? sort : 'purchases');

/**
 * Money figures (hide_earnings, as the chat applies it): admins and support always; the model and the
 * content manager while hide_earnings is off. Without them a report still shows its counts.
 */
export function seesReportMoney(role: Role | null | undefined, s: ReportSettings): boolean {
  if (!role) return false;
  if (REPORT_ADMINS.includes(role) || role === 'support') return true;
  if (role === 'model' || role === 'content_manager') return !s.hide_earnings;
  return false;
}

// ---- UTM -------------------------------------------------------------------------------------------------

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmParams = Partial<Record<UtmField, string>>;
/** The cookie the fan site keeps them in: one year. */
export const UTM_COOKIE = 'fanclub_utm';
export const UTM_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const UTM_MAX = 200;

/**
 * The UTM values worth keeping from a query string or a cookie's JSON: known fields only, trimmed, at most 200
 * characters, no control characters; null when none is left (a cookie from anywhere else is just ignored).
 */
export function cleanUtm(input: unknown): UtmParams | null {
  if (!input || typeof input !== 'object') return null;
  const out: UtmParams = {};
  for (const f of UTM_FIELDS) {
    const v = (input as Record<string, unknown>)[f];
    if (typeof v !== 'string') continue;
    // eslint-disable-next-line no-control-regex
    const clean = v.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, UTM_MAX);
    if (clean) out[f] = clean;
  }
  return Object.keys(out).length ? out : null;
}

/** The cookie's value as the fan site writes it (URI-encoded JSON; the cookie parser may have decoded it already); null when it is not one. */
export function utmFromCookie(value: string | undefined): UtmParams | null {
  if (!value) return null;
  for (const text of [value, safeDecode(value)]) {
    try {
      if (text !== null) return cleanUtm(JSON.parse(text));
    } catch {
      /* try the other reading */
    }
  }
  return null;
}

const safeDecode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
};

/** The cookie the fan site sets from a landing URL's utm_* parameters; null when it has none. */
export function utmCookieFromSearch(search: string, secure: boolean): string | null {
  const params = new URLSearchParams(search);
  const utm = cleanUtm(Object.fromEntries(UTM_FIELDS.map((f) => [f, params.get(f) ?? undefined])));
  if (!utm) return null;
  return `${UTM_COOKIE}=${encodeURIComponent(JSON.stringify(utm))}; Max-Age=${UTM_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// ---- Google Analytics 4 ------------------------------------------------------------------------------------

/** Where the fan site sends GA4 hits itself (no Google script runs: the site's CSP allows no third-party script). */
export const GA4_COLLECT_URL = 'https://www.google-analytics.com/g/collect';

export interface Ga4Purchase {
  measurementId: string;
  clientId: string;
  userId: string;
  transactionId: string;
  valueCents: number;
  itemId: string;
  itemName: string;
  pageUrl: string;
  pageTitle: string;
}

/**
 * A GA4 purchase hit in the Measurement Protocol's browser form (what gtag.js would send): transaction id, user id
 * and value in USD ("Purchase tracking uses transaction id plus user id and USD").
 */
export function ga4PurchaseUrl(p: Ga4Purchase): string {
  const value = (p.valueCents / 100).toFixed(2);
  const q = new URLSearchParams({
    v: '2', tid: p.measurementId, cid: p.clientId, uid: p.userId, en: 'purchase', cu: 'USD',
    'ep.transaction_id': p.transactionId, 'ep.currency': 'USD', 'epn.value': value,
    pr1: `id${p.itemId}~nm${p.itemName}~pr${value}~qt1`, dl: p.pageUrl, dt: p.pageTitle, seg: '1', _s: '1',
  });
  return `${GA4_COLLECT_URL}?${q}`;
}
