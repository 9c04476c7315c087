import { centsFromDollars, formatMoney } from '../../domain/shared/money';
import type { MeView } from '../../domain/user/wire';

/** "$12.34" from a wire dollar amount (12.34) or, when given, its exact cents. */
export function money(amount: number, cents?: number): string {
  if (typeof cents === 'number' && Number.isFinite(cents)) return formatMoney(cents);
  const exact = centsFromDollars(Number.isFinite(amount) ? amount.toFixed(2) : '0');
  return formatMoney(exact ?? Math.round(amount * 100));
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", "4 mo ago", "1 y ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  if (s < 0) return 'scheduled';
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.floor(h / 24);
  if (d < 30) return `${d} d ago`;
  const mo = Math.floor(d / 30);
  if (mo < 12) return `${mo} mo ago`;
  return `${Math.floor(d / 365)} y ago`;
}

export function fullDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return '';
  return t.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return '';
  return t.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Video length: seconds, or minutes plus seconds. */
export function duration(seconds: number | null | undefined): string {
  if (!seconds || seconds < 0) return '';
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}m ${String(s).padStart(2, '0')}s`;
}

/**
 * Subscription state: '1' and '2' are subscribed, but '1' with an expired expiration date counts
 * as lapsed.
 */
export function isMember(me: MeView | null | undefined): boolean {
  if (!me) return false;
  if (me.ccbillSubscriptionStatus === '2') return true;
  if (me.ccbillSubscriptionStatus === '1') {
    if (!me.expiration_date) return true;
    const exp = Date.parse(me.expiration_date);
    return Number.isNaN(exp) || exp > Date.now();
  }
  return false;
}

export function isStaff(me: MeView | null | undefined): boolean {
  return !!me && (me.isAdmin || (me.role !== 'user' && me.role !== 'proxy_user'));
}
