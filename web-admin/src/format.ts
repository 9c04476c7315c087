const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents → "$12.34" / "-$5.00"; a zero is "$0.00", never "-$0.00". */
export const money = (cents: number | null | undefined): string =>
  typeof cents === 'number' && Number.isFinite(cents) ? usd.format(cents === 0 ? 0 : cents / 100) : '—';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(value: string | null | undefined, withTime = true): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return (withTime ? dateTime : dateOnly).format(d);
}

/** "3 h ago" style, for compact cells. */
export function relative(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value).getTime();
  if (Number.isNaN(d)) return '';
  const s = Math.round((Date.now() - d) / 1000);
  const future = s < 0;
  const a = Math.abs(s);
  const txt =
    a < 60 ? `${a} s` : a < 3600 ? `${Math.floor(a / 60)} min` : a < 86400 ? `${Math.floor(a / 3600)} h` : `${Math.floor(a / 86400)} d`;
  return future ? `in ${txt}` : `${txt} ago`;
}

/** ccbillSubscriptionStatus (README "Memberships"): '1' renewing, '2' cancelled but paid through the expiry. */
export const SUBSCRIPTION_STATUS_LABEL: Record<string, string> = {
  '0': 'Not subscribed',
  '1': 'Active',
  '2': 'Active-Cancelled',
};
