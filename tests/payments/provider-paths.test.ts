// The CCBill (/api/ccbill/*) and Sticky.io (/api/sticky-io/*) path sets and the two v2 twins, over HTTP against
// the providers' simulators: each call is the same purchase as its v2 twin (the same answer, the same decline, the
// same error texts), charged once per Idempotency-Key at the provider its set names; a provider's set answers 409
// naming what is missing while that provider cannot charge the cards; staff and guests are refused; bad input
// names the field. A v1 site's subscribe, as the fan site picks its call, is a sale at CCBill.
// PGlite only: the back end makes no difference here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { paymentCall } from '../../web-fan/src/paymentPaths';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';

const STICKY_PASSWORD = 'sticky-api-password-1';

describe('the CCBill and Sticky.io path sets over HTTP (simulators)', () => {
  let ccbill: CcbillSimulator;
  let sticky: StickySimulator;
  let t: TestServer;
  let admin: string;
  let n = 0;

  const call = (token: string | null, url: string, body?: unknown, key?: string) =>
    t.call('POST', url, body ?? {}, { ...(token ? { token } : {}), headers: key ? { 'idempotency-key': key } : {} });
  /** CCBill's simulator matches a CVV above 300. */
  const card = (number = '4111111111111111') => ({ ...TEST_CARD_FORM, cardNumber: number, cvv: '456' });
  const fan = async (label: string) => {
    const r = await t.call('POST', '/api/users/register', { name: `Fan ${label}`, email: `${label}.${++n}@example.com`, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { token: r.body.data.token as string, id: r.body.data.userId as string };
  };
  const settings = async (changes: Record<string, unknown>) => {
    const r = await t.call('PUT', '/admin-api/subscription-settings/site', changes, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const salesOf = (id: string) => [...ccbill.sales.values()].filter((s) => Object.values(s.passThrough).includes(id));
  const ordersOf = (id: string) => sticky.approvedOrders().filter((o) => JSON.stringify(o).includes(id));
  const upload = async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = (await call(admin, '/api/upload/generate_presigned_url', { file_name: `p${++n}.jpg`, content_type: 'image/jpeg', media_type: 'message' })).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(image) })).status).toBe(200);
    return (await call(admin, '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' })).body.data.id as string;
  };
  const lockedPost = async (dollars: number) => {
    const r = await call(admin, '/api/blogs', { caption: `Locked ${++n}`, visibility: 'locked', amount: dollars, media_ids: [await upload()] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data._id as string;
  };
  const lockedMessage = async (fanId: string, dollars: number) => {
    const r = await call(admin, '/api/chat/send_message', { receiver: fanId, message: 'Just for you', media: [await upload()], isLocked: true, amount: dollars });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.message._id as string;
  };
  /** The answer without what differs from one purchase to the next. */
  const shape = (r: { status: number; body: any }) => ({ status: r.status, success: r.body.success, message: r.body.message, code: r.body.code, field: r.body.field, accepted: r.body.data?.accepted, failureCode: r.body.data?.failureCode });

  beforeAll(async () => {
    ccbill = await startCcbillSimulator();
    sticky = await startStickySimulator({ password: STICKY_PASSWORD, postbackDelivery: 'manual' });
    t = await startTestServer('pglite', {
      FANCLUB_CCBILL_REST_URL: ccbill.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: ccbill.endpoints.datalink,
      FANCLUB_CCBILL_FLEXFORMS_URL: ccbill.endpoints.flexForms,
      FANCLUB_STICKY_IO_API_URL: sticky.url,
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const s = sticky.account;
    const saved = await call(admin, '/api/settings/payment-providers/sticky-io', {
      appKey: 'fanclub-test', apiUsername: sticky.credentials.username, apiPassword: STICKY_PASSWORD, campaignId: s.campaignId, shippingId: s.shippingId,
      offerId: s.offerId, productId: s.productId, billingModelId: s.billingModelId, postbackSecret: 'postback-secret-0123456789abcdef',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await sticky?.close();
    await ccbill?.close();
  });

  it('a provider that cannot charge yet: 409 naming what is missing, and the same key runs once it can', async () => {
    const f = await fan('early');
    const post = await lockedPost(5);
    const key = 'provider-paths-early-0001';
    const early = await call(f.token, '/api/ccbill/pay', { blogId: post, amount: 5, ...card() }, key);
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body).toMatchObject({ success: 0, code: 'PROVIDER_NOT_CONFIGURED' });
    expect(early.body.message).toMatch(/CCBill's settings are not saved/);
    const off = await call(f.token, '/api/sticky-io/send-tip', { amount: 6, ...card() });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/switch on 'Charge cards through Sticky.io'/);
    expect(ccbill.sales.size + sticky.approvedOrders().length).toBe(0);
    const c = ccbill.config;
    for (const [provider, body] of [
      ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
      ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
      ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
    ] as const) expect((await call(admin, `/api/settings/payment-providers/${provider}`, body)).status).toBe(200);
    const later = await call(f.token, '/api/ccbill/pay', { blogId: post, amount: 5, ...card() }, key);
    expect(later.status, JSON.stringify(later.body)).toBe(403); // now served: a fan with no membership buys no post, as on the v2 twin
    const twin = await call(f.token, '/api/v2/purchase/blog-content-purchase', { blogId: post, amount: 5, ...card() });
    expect(shape(later)).toEqual(shape(twin));
  });

  it('a v1 site: the fan site picks /api/ccbill/subscribe-with-card, a sale at CCBill; the posts, tips and chat by typed and saved card follow', async () => {
    await settings({ payment_api_version: 'v1', is_sticky_io_enabled: false });
    const f = await fan('v1');
    const site = (await t.call('GET', '/api/app_settings/get', undefined, { token: f.token })).body.data;
    const path = paymentCall(site, 'subscribe'); // as the fan site picks it
    expect(path).toBe('/api/ccbill/subscribe-with-card');
    const noCard = await call(f.token, path, { ...card(), cardNumber: undefined });
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({ field: 'cardNumber', message: 'cardNumber is required.' });
    const sub = await call(f.token, path, card());
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body).toMatchObject({ success: 1, message: 'Thank you for subscribing', data: { accepted: true } });
    expect(ccbill.sales.size).toBe(1);
    expect([...ccbill.sales.values()][0].amountCents).toBe(sub.body.data.amount_cents);

    const typed = await lockedPost(6);
    const paid = await call(f.token, '/api/ccbill/pay', { blogId: typed, amount: 6, ...card() });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ success: 1, data: { accepted: true, blogData: { _id: typed } } });
    const saved = await lockedPost(7);
    const before = ccbill.sales.size;
    const byPrevious = await call(f.token, '/api/ccbill/blog_charge_by_previous', { blogId: saved, amount: 7, cardNumber: '4000000000000002' });
    expect(byPrevious.body, JSON.stringify(byPrevious.body)).toMatchObject({ success: 1, data: { accepted: true } });
    expect(ccbill.sales.size).toBe(before + 1);
    expect([...ccbill.sales.values()].at(-1)!.amountCents).toBe(700);

    const tip = await call(f.token, '/api/ccbill/charge_by_previous', { action: 'tips', amount: 6, tipMessage: 'Thanks' });
    expect(tip.body, JSON.stringify(tip.body)).toMatchObject({ success: 1, data: { accepted: true, amount_cents: 600 } });
    expect(salesOf(tip.body.data.tip_id)).toHaveLength(1);
    const message = await lockedMessage(f.id, 8);
    const chat = await call(f.token, '/api/ccbill/charge_by_previous', { action: 'chat', messageId: message, amount: 8 });
    expect(chat.body, JSON.stringify(chat.body)).toMatchObject({ success: 1, data: { accepted: true, chatMessage: { _id: message } } });
    const wrong = await call(f.token, '/api/ccbill/charge_by_previous', { action: 'gift', amount: 6 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'action', message: "action must be 'tips' or 'chat'." });
  });

  it('the same Idempotency-Key charges once; a decline is the v2 twin\'s decline; staff and guests are refused', async () => {
    const f = await fan('keys');
    expect((await call(f.token, '/api/v2/purchase/subscription-with-card', card())).body.data).toMatchObject({ accepted: true });
    const post = await lockedPost(9);
    const key = 'provider-paths-once-0001';
    const [a, b] = [await call(f.token, '/api/ccbill/pay', { blogId: post, amount: 9, ...card() }, key), await call(f.token, '/api/ccbill/pay', { blogId: post, amount: 9, ...card() }, key)];
    expect(a.body.data.accepted).toBe(true);
    expect(b.body.data.transactionId).toBe(a.body.data.transactionId);
    expect([...ccbill.sales.values()].filter((s) => s.amountCents === 900)).toHaveLength(1);

    const other = await lockedPost(11);
    ccbill.fail('charge', 'decline');
    const declined = await call(f.token, '/api/ccbill/blog_charge_by_previous', { blogId: other, amount: 11 });
    ccbill.fail('charge', 'decline');
    const twinDeclined = await call(f.token, '/api/v2/purchase/blog-content-purchase', { blogId: other, amount: 11 });
    expect(declined.status).toBe(402);
    expect(shape(declined)).toEqual(shape(twinDeclined));

    for (const path of ['/api/ccbill/pay', '/api/ccbill/subscribe-with-card', '/api/ccbill/charge_by_previous']) {
      const body = path.endsWith('pay') ? { blogId: other, amount: 11, ...card() } : path.endsWith('previous') ? { action: 'tips', amount: 6 } : card();
      expect((await call(null, path, body)).status, path).toBe(401);
    }
    const staffTip = await call(admin, '/api/ccbill/charge_by_previous', { action: 'tips', amount: 6 });
    const staffTwin = await call(admin, '/api/v2/purchase/send-tip', { amount: 6 });
    expect(staffTip.status).toBeGreaterThanOrEqual(400);
    expect(shape(staffTip)).toEqual(shape(staffTwin));
    const message = await lockedMessage(f.id, 6);
    expect(shape(await call(admin, '/api/ccbill/charge_by_previous', { action: 'chat', messageId: message, amount: 6 }))).toEqual(shape(await call(admin, '/api/v2/purchase/chat-content-purchase', { messageId: message, amount: 6 })));
  });

  it('the migration under its v2 path: charged the returning members\' recurring price at CCBill, with the spec\'s messages', async () => {
    await settings({ payment_api_version: 'v1', returning_recurring_membership_price_cents: 599 });
    const f = await fan('migrate');
    expect((await call(f.token, '/api/ccbill/subscribe-with-card', card())).body.data).toMatchObject({ accepted: true });
    await settings({ payment_api_version: 'v2' });
    expect((await call(admin, '/api/migrate-subscription', { enabled: true, title: 'Move your membership' })).status).toBe(200);
    const early = await call(f.token, '/api/v2/purchase/migrate-subscription', {});
    expect(early.body.message).toBe('Please accept the terms and conditions to continue.');
    expect((await call(f.token, '/api/save-condition', {})).body.success).toBe(1);
    const r = await call(f.token, '/api/v2/purchase/migrate-subscription', card());
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: 1, data: { accepted: true, amount: 5.99, ccbill_subscription_status: '1' } });
    expect([...ccbill.sales.values()].filter((s) => s.amountCents === 599)).toHaveLength(1);
    const gone = await fan('migrate-gone');
    expect(shape(await call(gone.token, '/api/v2/purchase/migrate-subscription', {}))).toEqual(shape(await call(gone.token, '/api/migrate-subscription-for-user', {})));
  });

  it('Sticky.io bills the cards: its set answers (subscribe, unlock, tips from the page and the chat, resubscribe, cancel), CCBill\'s is refused', async () => {
    await settings({ is_sticky_io_enabled: true });
    const f = await fan('sticky');
    const site = (await t.call('GET', '/api/app_settings/get', undefined, { token: f.token })).body.data;
    expect(paymentCall(site, 'subscribe')).toBe('/api/sticky-io/subscribe');
    const refused = await call(f.token, '/api/ccbill/subscribe-with-card', card());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/charged through Sticky.io/);

    const sub = await call(f.token, '/api/sticky-io/subscribe', card('4111111111111111'));
    expect(sub.body, JSON.stringify(sub.body)).toMatchObject({ success: 1, message: 'Thank you for subscribing', data: { accepted: true } });
    expect(sticky.callCount('new_order')).toBe(1);
    const post = await lockedPost(5);
    const unlocked = await call(f.token, '/api/sticky-io/blog-content-purchase', { blogId: post, amount: 5 });
    expect(unlocked.body, JSON.stringify(unlocked.body)).toMatchObject({ success: 1, data: { accepted: true, blogData: { _id: post } } });
    const key = 'provider-paths-sticky-tip-0001';
    const tip = await call(f.token, '/api/sticky-io/send-tip', { amount: 8, recurring: false, action: 'tips', tipMessage: 'Hi', isAnonymousTip: false }, key);
    const again = await call(f.token, '/api/sticky-io/send-tip', { amount: 8, recurring: false, action: 'tips', tipMessage: 'Hi', isAnonymousTip: false }, key);
    expect(tip.body.data).toMatchObject({ accepted: true, amount_cents: 800 });
    expect(again.body.data.tip_id).toBe(tip.body.data.tip_id);
    expect(ordersOf(tip.body.data.tip_id)).toHaveLength(1);
    const fromChat = await call(f.token, '/api/sticky-io/send-tip-from-chat', { amount: 7, recurring: false, email: 'x@example.com', action: 'tips', tipMessage: 'From chat', domain: 'fans.example', isAnonymousTip: true });
    expect(fromChat.body, JSON.stringify(fromChat.body)).toMatchObject({ success: 1, data: { accepted: true } });
    const tips = (await call(f.token, '/api/chat/get_tips_list', {})).body.data.tips as { _id: string; tipFrom: string }[];
    expect(tips.find((x) => x._id === fromChat.body.data.tip_id)?.tipFrom).toBe('chat');
    expect(shape(await call(f.token, '/api/sticky-io/send-tip', { amount: 'lots' }))).toMatchObject({ status: 400, field: 'amount', message: 'Please enter a valid amount' });

    expect(shape(await call(f.token, '/api/sticky-io/resubscribe', {}))).toEqual(shape(await call(f.token, '/api/v2/purchase/resubscribe-with-card', {})));
    const cancelled = await call(f.token, '/api/sticky-io/cancel-subscription', { cancellation_reason: 'Too expensive' });
    expect(cancelled.body).toMatchObject({ success: 1, message: 'Subscription Cancelled', data: { cancelled: true, ccbill_subscription_status: '2' } });
  });

  it('after registration: the creator\'s https page (new-register-page flow), checked when saved; empty goes back to /subscribe', async () => {
    const bad = await t.call('PUT', '/admin-api/subscription-settings/site', { new_register_page_url: 'http://welcome.example.com' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'new_register_page_url', message: 'The page after registration must be an https:// address.' });
    await settings({ new_register_page_url: 'https://welcome.example.com/start' });
    const record = (await t.call('GET', '/admin-api/subscription-settings/site', undefined, { token: admin })).body;
    expect(record).toMatchObject({ new_register_page_url: 'https://welcome.example.com/start', is_sticky_io_enabled: true, enable_ccbill_rest_api: true });
    const guest = (await t.call('GET', '/api/app_settings/get')).body.data;
    expect(guest.after_register_route).toBe('https://welcome.example.com/start');
    await settings({ new_register_page_url: '' });
    expect((await t.call('GET', '/api/app_settings/get')).body.data.after_register_route).toBe('/subscribe');
  });
});
