import { describe, expect, it } from 'vitest';
import { GA4_COLLECT_URL, ga4PurchaseUrl, utmCookieFromSearch, bucketOf, bucketsOf, changePercent, cleanUtm, mayOpenReports, parseRange, previousRange, seesReportMoney, utmFromCookie } from './reporting';

describe('report periods', () => {
  it('parses a range with defaults and names the field of a bad one', () => {
    expect(parseRange(undefined, undefined, '2026-03-31')).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(parseRange('2026-01-01', '2026-01-31', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(() => parseRange('2026-02-30', undefined, '2026-03-31')).toThrow('from must be a date as YYYY-MM-DD.');
    expect(() => parseRange(undefined, 'yesterday', '2026-03-31')).toThrow('to must be a date as YYYY-MM-DD.');
    expect(() => parseRange('2026-02-02', '2026-02-01', '2026-03-31')).toThrow('from must be on or before to.');
    expect(() => parseRange('1990-01-01', '2026-02-01', '2026-03-31')).toThrow('A report covers at most 3700 days.');
  });
  it('the previous period has the same length and ends the day before', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousRange({ from: '2026-03-05', to: '2026-03-05' })).toEqual({ from: '2026-03-04', to: '2026-03-04' });
  });
  it('buckets by day, ISO week (Monday) and month, listing every bucket of the range', () => {
    expect(bucketOf('2026-11-26', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-26', 'month')).toBe('2026-11-01');
    expect(bucketsOf({ from: '2026-11-26', to: '2026-11-28' }, 'day')).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(bucketsOf({ from: '2026-11-26', to: '2026-12-08' }, 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(bucketsOf({ from: '2026-11-26', to: '2027-01-02' }, 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
  });
  it('change in percent, null when the previous period had nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 150)).toBe(-66.7);
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(0, 0)).toBe(0);
  });
});

describe('who sees reports', () => {
  it('admins and the model open them; the content manager only with the reporting setting; support and fans never', () => {
    for (const r of ['admin', 'super_admin', 'sub_admin', 'model'] as const) expect(mayOpenReports(r, {})).toBe(true);
    expect(mayOpenReports('content_manager', {})).toBe(false);
    expect(mayOpenReports('content_manager', { content_manager_reporting_enabled: true })).toBe(true);
    for (const r of ['support', 'live_stream_manager', 'user', null] as const) expect(mayOpenReports(r, { content_manager_reporting_enabled: true })).toBe(false);
  });
  it('hide_earnings hides money from the model and the content manager, never from admins or support', () => {
    expect(seesReportMoney('model', { hide_earnings: true })).toBe(false);
    expect(seesReportMoney('content_manager', { hide_earnings: true })).toBe(false);
    expect(seesReportMoney('content_manager', {})).toBe(true);
    expect(seesReportMoney('admin', { hide_earnings: true })).toBe(true);
    expect(seesReportMoney('support', { hide_earnings: true })).toBe(true);
    expect(seesReportMoney('live_stream_manager', {})).toBe(false);
  });
});

describe('UTM values', () => {
  it('keeps the five known fields, trimmed, bounded and without control characters', () => {
    expect(cleanUtm({ utm_source: ' news ', utm_medium: 'email\u0000', other: 'x', utm_term: '' })).toEqual({ utm_source: 'news', utm_medium: 'email' });
    expect(cleanUtm({ utm_campaign: 'x'.repeat(500) })?.utm_campaign).toHaveLength(200);
    expect(cleanUtm({ other: 'x' })).toBeNull();
    expect(cleanUtm('nope')).toBeNull();
  });
  it('reads the fan site\'s cookie (URI-encoded JSON) and ignores anything else', () => {
    expect(utmFromCookie(encodeURIComponent(JSON.stringify({ utm_source: 'ig', utm_campaign: 'spring' })))).toEqual({ utm_source: 'ig', utm_campaign: 'spring' });
    expect(utmFromCookie('%7Bbroken')).toBeNull();
    expect(utmFromCookie(undefined)).toBeNull();
  });
});

describe('the fan site\'s UTM cookie and GA4 purchase hits', () => {
  it('sets a one-year cookie from a landing URL\'s utm_* values, none without them', () => {
    const c = utmCookieFromSearch('?utm_source=ig&utm_campaign=spring%20drop&x=1', true)!;
    expect(c).toBe(`fanclub_utm=${encodeURIComponent(JSON.stringify({ utm_source: 'ig', utm_campaign: 'spring drop' }))}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    expect(utmFromCookie(c.split(';')[0].split('=')[1])).toEqual({ utm_source: 'ig', utm_campaign: 'spring drop' });
    expect(utmFromCookie(JSON.stringify({ utm_source: '100% organic' }))).toEqual({ utm_source: '100% organic' });
    expect(utmCookieFromSearch('?page=2', false)).toBeNull();
  });
  it('a purchase hit carries the measurement id, transaction id, user id and the value in USD', () => {
    const url = new URL(ga4PurchaseUrl({ measurementId: 'G-AB12CD34EF', clientId: '123.456', userId: 'u1', transactionId: 'p1', valueCents: 1250, itemId: 'unlock', itemName: 'Post unlock', pageUrl: 'http://x/', pageTitle: 'X' }));
    expect(`${url.origin}${url.pathname}`).toBe(GA4_COLLECT_URL);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ v: '2', tid: 'G-AB12CD34EF', cid: '123.456', uid: 'u1', en: 'purchase', cu: 'USD', 'ep.transaction_id': 'p1', 'ep.currency': 'USD', 'epn.value': '12.50' });
  });
});
