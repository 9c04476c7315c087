import { describe, expect, it } from 'vitest';
import {
  checkPushSubscription, classifyPushAnswer, installPopupShows, isPaymentPage, nextInstallCounter, preferencesFromTags, pushBackoffMs, pushJobDecider, pushPromptFor,
  pushSubscriptionDecider, requirePushEnabled, requirePushOffered, showNotificationHelp, tagsOf, MAX_PUSH_ATTEMPTS, type InstallCounter,
} from './push';
import { fold } from '../shared/decider';

describe('web push rules', () => {
  it('tags are the positional letters A–E for content, offers, live stream, messages, mass messages', () => {
    expect(preferencesFromTags(['A', 'c', 'E'])).toEqual({ content: true, offers: false, live_stream: true, messages: false, mass_messages: true });
    expect(tagsOf(preferencesFromTags('BD'))).toBe('BD');
    expect(tagsOf(preferencesFromTags([]))).toBe('');
    expect(() => preferencesFromTags(['F'])).toThrow(/letters A to E/);
    expect(() => preferencesFromTags('AA')).toThrow(/letters A to E/);
  });

  it('the prompt: users and admins differ; never proxy_user, support or live_stream_manager', () => {
    expect(pushPromptFor('user')).toBe('user');
    for (const r of ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'] as const) expect(pushPromptFor(r)).toBe('admin');
    for (const r of ['proxy_user', 'support', 'live_stream_manager'] as const) expect(pushPromptFor(r)).toBeNull();
  });

  it('saving preferences or a device: 403 to those never offered the prompt, 409 while the site is switched off', () => {
    expect(() => requirePushOffered('user')).not.toThrow();
    expect(() => requirePushOffered('support')).toThrow(expect.objectContaining({ code: 'PUSH_NOT_OFFERED', status: 403 }));
    expect(() => requirePushEnabled(true)).not.toThrow();
    expect(() => requirePushEnabled(false)).toThrow(expect.objectContaining({ code: 'PUSH_DISABLED', status: 409 }));
  });

  it('the help popup shows 5 days after subscribing without web notifications', () => {
    const base = { subscribedAt: '2026-01-01T00:00:00Z', webNotificationsOn: false, dismissed: false };
    expect(showNotificationHelp({ ...base, now: '2026-01-05T23:59:59Z' })).toBe(false);
    expect(showNotificationHelp({ ...base, now: '2026-01-06T00:00:00Z' })).toBe(true);
    expect(showNotificationHelp({ ...base, webNotificationsOn: true, now: '2026-02-01T00:00:00Z' })).toBe(false);
    expect(showNotificationHelp({ ...base, subscribedAt: null, now: '2026-02-01T00:00:00Z' })).toBe(false);
  });

  it('the install popup shows at 3, 12, 21 and 30; closing adds one; 50 goes back to 12; never stops it', () => {
    const shown: number[] = [];
    let c: InstallCounter = 0;
    for (let i = 0; i < 60; i++) {
      if (installPopupShows(c)) shown.push(c as number);
      c = nextInstallCounter(c, 'visit');
    }
    expect(shown.slice(0, 4)).toEqual([3, 12, 21, 30]);
    expect(nextInstallCounter(49, 'close')).toBe(12);
    expect(nextInstallCounter(3, 'close')).toBe(4);
    expect(nextInstallCounter(3, 'never')).toBe('never');
    expect(installPopupShows('never')).toBe(false);
  });

  it('push answers: 2xx sent, 404/410 gone, 429/5xx/none retried with backoff until the last attempt, other 4xx failed', () => {
    expect(classifyPushAnswer(201, 1)).toBe('sent');
    expect(classifyPushAnswer(410, 1)).toBe('gone');
    expect(classifyPushAnswer(404, 1)).toBe('gone');
    expect(classifyPushAnswer(503, 1)).toBe('retry');
    expect(classifyPushAnswer(null, 2)).toBe('retry');
    expect(classifyPushAnswer(429, MAX_PUSH_ATTEMPTS)).toBe('failed');
    expect(classifyPushAnswer(400, 1)).toBe('failed');
    expect([1, 2, 3].map(pushBackoffMs)).toEqual([30_000, 120_000, 480_000]);
  });

  it('a subscription needs an https endpoint (http only to this machine when allowed) and browser-sized keys', () => {
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    expect(checkPushSubscription({ endpoint: 'https://push.example/x', ...keys }, false).endpoint).toBe('https://push.example/x');
    expect(() => checkPushSubscription({ endpoint: 'http://127.0.0.1:9/x', ...keys }, false)).toThrow(/endpoint/);
    expect(checkPushSubscription({ endpoint: 'http://127.0.0.1:9/x', ...keys }, true).endpoint).toBe('http://127.0.0.1:9/x');
    expect(() => checkPushSubscription({ endpoint: 'http://10.0.0.1/x', ...keys }, true)).toThrow(/endpoint/);
    expect(() => checkPushSubscription({ endpoint: 'https://push.example/x', ...keys, auth: 'short' }, false)).toThrow(/keys/);
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.1', '172.20.0.1', '169.254.169.254', '[::1]', '[fd00::1]', 'intranet', 'db.internal'])
      expect(() => checkPushSubscription({ endpoint: `https://${host}/x`, ...keys }, false), host).toThrow(/endpoint/);
    expect(checkPushSubscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', ...keys }, false).endpoint).toContain('fcm');
    expect(checkPushSubscription({ endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', ...keys }, false).endpoint).toContain('mozilla');
  });

  it('a device: registered once, removed only by its person, expired by the push service', () => {
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    const reg = { type: 'Register' as const, subscriptionId: 's1', userId: 'u1', role: 'user' as const, input: { endpoint: 'https://p/x', ...keys }, userAgent: 'UA', at: 't' };
    const first = pushSubscriptionDecider.decide(reg, pushSubscriptionDecider.initialState());
    const s = fold(pushSubscriptionDecider, first);
    expect(pushSubscriptionDecider.decide(reg, s)).toEqual([]);
    expect(() => pushSubscriptionDecider.decide({ ...reg, role: 'support' }, s)).toThrow(/not offered/);
    expect(pushSubscriptionDecider.decide({ type: 'Unregister', subscriptionId: 's1', userId: 'u2', at: 't' }, s)).toEqual([]);
    expect(pushSubscriptionDecider.decide({ type: 'Expire', subscriptionId: 's1', status: 410, at: 't' }, s)[0]).toMatchObject({ type: 'PushSubscriptionRemoved', data: { reason: 'gone', userId: 'u1' } });
  });

  it('a job records each pass once: a pass that started from an older count adds nothing', () => {
    const rec = { type: 'Record' as const, jobId: 'j', results: [{ subscriptionId: 's', outcome: 'retry' as const, attempt: 1, status: 503, nextAt: 'n' }], reason: 'sent' as const, at: 't', expectedAttempts: 0 };
    const e1 = pushJobDecider.decide(rec, pushJobDecider.initialState());
    expect(e1[0]).toMatchObject({ data: { finished: false } });
    const s = fold(pushJobDecider, e1);
    expect(pushJobDecider.decide(rec, s)).toEqual([]);
    const done = pushJobDecider.decide({ ...rec, expectedAttempts: 1, results: [{ ...rec.results[0], outcome: 'sent', attempt: 2, nextAt: null }] }, s);
    expect(done[0]).toMatchObject({ data: { finished: true } });
  });

  it('no popup over checkout or payment pages: subscribe, membership, tips, wallet, payment methods', () => {
    for (const p of ['/subscribe', '/membership', '/join', '/tips', '/subscription-video', '/profile/wallet', '/profile/payments', '/profile/payments/abc', '/profile/payment-method', '/profile/add-new-payment-method', '/profile/cancel-subscription']) {
      expect([p, isPaymentPage(p)]).toEqual([p, true]);
    }
    for (const p of ['/', '/feed/abc', '/profile', '/tips-list', '/membership-faq', '/private-chat', '/gallery']) expect([p, isPaymentPage(p)]).toEqual([p, false]);
  });
});
