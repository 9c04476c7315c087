// A locked post bought on CCBill's page with an email only (POST /api/ccbill/pay-guest), over HTTP against the
// CCBill simulator and a real SMTP server: the answer is the same whether or not the email has an account; only the
// verified sale finds the account (or makes one, whose owner gets a set-password link by mail) and unlocks the post
// through the hosted payment; a repeated sale unlocks once; a forged one is refused; a declined or abandoned page
// grants nothing (a sale after the page was given up is refunded), as does a sale for a blocked account; bad input
// names the field. Also a signed-in member's unlock on CCBill's page (POST /api/ccbill/pay with hosted: true).
// PGlite only: the back end makes no difference here. Ends with the ledger check (CCBill's books hold the sales).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ledgerProblems, startTestServer, type TestServer } from '../support/server';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

describe('guest purchase on CCBill\'s payment page (simulator, SMTP) over HTTP', () => {
  let sim: CcbillSimulator;
  let smtp: SmtpCapture;
  let t: TestServer;
  let admin: string;
  let post: string;
  let n = 0;

  const payGuest = (body: Record<string, unknown>, key?: string) => t.call('POST', '/api/ccbill/pay-guest', body, { headers: key ? { 'idempotency-key': key } : {} });
  const register = async (email: string) => {
    const r = await t.call('POST', '/api/users/register', { name: 'Known Fan', email, password: 'known password 123' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { token: r.body.data.token as string, id: r.body.data.userId as string };
  };
  /** The buyer on the simulator's FlexForm, approved (a CVV above 300). */
  const payOnForm = async (url: string) => {
    const html = await (await fetch(url)).text();
    const session = /name="session" value="([0-9a-f]+)"/.exec(html)?.[1];
    expect(session, html).toBeTruthy();
    return fetch(url.split('?')[0], {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session: session!, cardNum: '4111111111111111', expMonth: '04', expYear: '2030', cvv2: '400', nameOnCard: 'Guest Buyer' }),
    });
  };
  /** Declines are soft at CCBill: the buyer stays on the form until the third, which CCBill reports as failed. */
  const declineOnForm = async (url: string) => {
    const html = await (await fetch(url)).text();
    const session = /name="session" value="([0-9a-f]+)"/.exec(html)?.[1];
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await fetch(url.split('?')[0], {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session: session!, cardNum: '4111111111111111', expMonth: '04', expYear: '2030', cvv2: '100', nameOnCard: 'Guest Buyer' }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 302]);
  };
  const events = async (type: string, match: Record<string, unknown> = {}) =>
    (await t.server.services.store.readAll({ maxCount: 100_000 })).filter((e) => e.type === type && Object.entries(match).every(([k, v]) => (e.data as Record<string, unknown>)[k] === v));
  const viewOf = async (token: string) => (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${post}`, undefined, { token })).body.data;
  /** Delivers the notices still pending for one payment (a refused forgery stays pending at the simulator). */
  const deliverFor = (paymentId: string) => sim.deliver({ ids: sim.pendingNotices().filter((x) => x.fields['X-payment_id'] === paymentId).map((x) => x.id) });
  const noticeOf = (paymentId: string) => sim.outbox.find((x) => x.fields['X-payment_id'] === paymentId)!;
  const saleOf = (paymentId: string) => sim.sales.get(noticeOf(paymentId).fields.subscriptionId)!;

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    smtp = await startSmtpCapture();
    t = await startTestServer('pglite', {
      SMTP_URL: smtp.url,
      FANCLUB_PUBLIC_URL: 'https://fans.example.test/',
      MAIL_FROM: 'Fanclub <no-reply@fans.example.test>',
      FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
      FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
      FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    });
    sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'guest.jpg', content_type: 'image/jpeg', media_type: 'message' }, { token: admin })).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(image) })).status).toBe(200);
    const media = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
    const created = await t.call('POST', '/api/blogs', { caption: 'Locked for guests', visibility: 'locked', amount: 5, media_ids: [media] }, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    post = created.body.data._id;
    // Before CCBill is configured: 409 naming what is missing.
    const early = await payGuest({ email: 'early@example.com', blogId: post, amount: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/CCBill is not configured/);
    const c = sim.config;
    const save = async (provider: string, body: Record<string, unknown>) => expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    await save('ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false });
    await save('ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret });
    await save('ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
    await smtp?.close();
  });

  let newAnswer: Awaited<ReturnType<typeof payGuest>>;
  let newPayment: string;
  const newEmail = 'guest.new@example.com';

  it('a new email: the page asked for it; only the verified sale makes the account, mails a working set-password link and unlocks the post', async () => {
    newAnswer = await payGuest({ email: newEmail, blogId: post, amount: 5 }, 'guest-new-1');
    expect(newAnswer.status, JSON.stringify(newAnswer.body)).toBe(200);
    const data = newAnswer.body.data;
    expect(data).toMatchObject({ action: 'redirect', url: expect.stringContaining(`${sim.endpoints.flexForms}/${sim.config.flexId}?`) });
    newPayment = data.payment_id;
    expect(data.url).toContain(`payment_id=${newPayment}`);
    expect(data.url).toContain(`email=${encodeURIComponent(newEmail)}`);
    expect(data.url).toContain('initialPrice=5.00');
    // The same Idempotency-Key: the same payment and page.
    expect((await payGuest({ email: newEmail, blogId: post, amount: 5 }, 'guest-new-1')).body.data).toEqual(data);
    expect(await events('UserRegistered', { email: newEmail })).toHaveLength(0);

    expect((await payOnForm(data.url)).status).toBe(302);
    // The redirect back proves nothing: still no account.
    expect(await events('UserRegistered', { email: newEmail })).toHaveLength(0);
    expect((await sim.deliver()).map((d) => d.status)).toEqual([200]);
    const registered = await events('UserRegistered', { email: newEmail });
    expect(registered).toHaveLength(1);
    const userId = (registered[0].data as { userId: string }).userId;
    expect(await events('PostUnlocked', { userId, postId: post })).toHaveLength(1);
    expect(await events('PaymentCaptured', { paymentId: newPayment })).toHaveLength(1);

    const mail = await smtp.waitForMail(newEmail);
    expect(mail.text).toMatch(/^Subject: Your purchase: set your password/m);
    const token = /https:\/\/fans\.example\.test\/change-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();
    expect((await t.call('POST', `/api/users/check_token/${token}`)).body).toEqual({ success: 1, data: { valid: true } });
    const reset = await t.call('POST', '/api/users/reset_password', { token, password: 'guest password 456' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const view = await viewOf(reset.body.data.token);
    expect(view).toMatchObject({ _id: post, is_unlocked: true, isLocked: false });
    expect((await t.call('POST', '/api/users/login', { email: newEmail, password: 'guest password 456' })).status).toBe(200);
  });

  it('the same sale notice delivered again unlocks once, makes no second account and sends no second mail', async () => {
    const sale = noticeOf(newPayment);
    expect((await sim.deliver({ ids: [sale.id], times: 2 })).map((d) => d.status)).toEqual([200, 200]);
    expect(await events('UserRegistered', { email: newEmail })).toHaveLength(1);
    expect(await events('PostUnlocked', { postId: post, paymentId: newPayment })).toHaveLength(1);
    expect(await events('PaymentCaptured', { paymentId: newPayment })).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(newEmail))).toHaveLength(1);
  });

  it('an email with an account: the same answer; the unlock lands on that account; no second account, no set-password mail', async () => {
    const email = 'guest.known@example.com';
    const known = await register(email);
    const r = await payGuest({ email, blogId: post, amount: 5 }, 'guest-known-1');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(Object.keys(newAnswer.body).sort());
    expect(Object.keys(r.body.data).sort()).toEqual(Object.keys(newAnswer.body.data).sort());
    expect(r.body.data.url.replace(/payment_id=[^&]+|formDigest=[^&]+|email=[^&]+/g, '')).toBe(newAnswer.body.data.url.replace(/payment_id=[^&]+|formDigest=[^&]+|email=[^&]+/g, ''));
    expect((await viewOf(known.token)).is_unlocked).toBe(false);
    await payOnForm(r.body.data.url);
    expect((await sim.deliver()).map((d) => d.status)).toEqual([200]);
    expect(await events('UserRegistered', { email })).toHaveLength(1);
    expect(await events('PostUnlocked', { userId: known.id, postId: post })).toHaveLength(1);
    expect((await viewOf(known.token)).is_unlocked).toBe(true);
    expect(await events('GuestPurchaseMatched', { userId: known.id, created: false })).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('a forged sale (wrong digest) is refused and makes nothing', async () => {
    const email = 'guest.forged@example.com';
    const r = await payGuest({ email, blogId: post, amount: 5 });
    sim.emit('NewSaleSuccess', { subscriptionId: '0117240102000000999', transactionId: '0117240102000000999', billedInitialPrice: '5.00', initialPeriod: '2', dynamicPricingValidationDigest: '0'.repeat(32), 'X-payment_id': r.body.data.payment_id });
    expect((await sim.deliver({ ids: [sim.outbox.at(-1)!.id] })).map((d) => d.status)).toEqual([400]);
    expect(await events('UserRegistered', { email })).toHaveLength(0);
    expect(await events('GuestPurchaseMatched', { paymentId: r.body.data.payment_id })).toHaveLength(0);
  });

  it('a declined page releases the guest purchase; a page paid after it was given up is refunded; neither makes an account', async () => {
    const declinedEmail = `guest.declined.${++n}@example.com`;
    const declined = await payGuest({ email: declinedEmail, blogId: post, amount: 5 });
    await declineOnForm(declined.body.data.url);
    expect((await deliverFor(declined.body.data.payment_id)).map((d) => [d.eventType, d.status])).toEqual([['NewSaleFailure', 200]]);
    expect(await events('GuestPurchaseReleased', { paymentId: declined.body.data.payment_id, reason: 'declined' })).toHaveLength(1);
    expect(await events('UserRegistered', { email: declinedEmail })).toHaveLength(0);

    const lateEmail = `guest.late.${++n}@example.com`;
    const late = await payGuest({ email: lateEmail, blogId: post, amount: 5 });
    const paymentId = late.body.data.payment_id;
    await payOnForm(late.body.data.url);
    const clock = t.server.services.clock;
    t.server.services.clock = () => new Date(Date.now() + 2 * 3_600_000 + 60_000);
    try {
      expect((await deliverFor(paymentId)).map((d) => d.status)).toEqual([200]);
    } finally {
      t.server.services.clock = clock;
    }
    expect(await events('GuestPurchaseReleased', { paymentId, reason: 'abandoned' })).toHaveLength(1);
    expect(saleOf(paymentId).refunds).toBe(1);
    expect(await events('UserRegistered', { email: lateEmail })).toHaveLength(0);
    const notice = (await events('GatewayNoticeReceived', { paymentId, result: 'refused' }))[0];
    expect(notice?.data).toMatchObject({ problem: 'the buyer paid after the payment page had been given up; refunded at the provider' });
  });

  it('a sale for a blocked account is refunded and grants nothing; the reason is recorded', async () => {
    const email = 'guest.blocked@example.com';
    const blocked = await register(email);
    const b = await t.call('POST', '/api/admin/update_user_block_status', { user_id: blocked.id, is_blocked: true }, { token: admin });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const r = await payGuest({ email, blogId: post, amount: 5 });
    const paymentId = r.body.data.payment_id;
    await payOnForm(r.body.data.url);
    expect((await deliverFor(paymentId)).map((d) => d.status)).toEqual([200]);
    expect(saleOf(paymentId).refunds).toBe(1);
    expect(await events('PostUnlocked', { userId: blocked.id })).toHaveLength(0);
    expect(await events('GuestPurchaseReleased', { paymentId, reason: 'refused', problem: 'the account for this email is blocked' })).toHaveLength(1);
  });

  it('bad input names the field and records nothing', async () => {
    const before = (await events('GuestPurchaseRequested')).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ blogId: post, amount: 5 }, 400, 'email'],
      [{ email: 'not an email', blogId: post, amount: 5 }, 400, 'email'],
      [{ email: 'a@example.com', blogId: 'nope', amount: 5 }, 400, 'blogId'],
      [{ email: 'a@example.com', blogId: post, amount: 'five' }, 400, 'amount'],
      [{ email: 'a@example.com', blogId: post }, 400, 'amount'],
      [{ email: 'a@example.com', blogId: post, amount: 4 }, 409, 'amount'],
      [{ email: 'a@example.com', blogId: post, amount: 5, is_promotion_applied: 'yes' }, 400, 'is_promotion_applied'],
      [{ email: 'a@example.com', blogId: post, amount: 5, promotion_id: 'p1' }, 410, 'promotion_id'],
    ];
    for (const [body, status, field] of cases) {
      const r = await payGuest(body);
      expect([r.status, r.body.field], JSON.stringify({ body, answer: r.body })).toEqual([status, field]);
    }
    const missing = await payGuest({ email: 'a@example.com', blogId: '00000000-0000-4000-8000-000000000000', amount: 5 });
    expect(missing.status).toBe(404);
    expect(await events('GuestPurchaseRequested')).toHaveLength(before);
  });

  it('a signed-in member unlocks on CCBill\'s page: POST /api/ccbill/pay with hosted: true redirects; the verified sale unlocks', async () => {
    await t.call('PUT', '/admin-api/subscription-settings/site', { enable_ccbill_rest_api: true }, { token: admin });
    const fan = await register('hosted.member@example.com');
    const sub = await t.call('POST', '/api/ccbill/subscribe_user', {}, { token: fan.token });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    await payOnForm(sub.body.data.url);
    expect((await deliverFor(sub.body.data.payment_id)).map((d) => d.status)).toEqual([200]);
    const r = await t.call('POST', '/api/ccbill/pay', { blogId: post, amount: 5, hosted: true }, { token: fan.token, headers: { 'idempotency-key': 'member-hosted-1' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ action: 'redirect', url: expect.stringContaining('initialPrice=5.00') });
    expect((await viewOf(fan.token)).is_unlocked).toBe(false);
    await payOnForm(r.body.data.url);
    expect((await deliverFor(r.body.data.payment_id)).map((d) => d.status)).toEqual([200]);
    expect((await viewOf(fan.token)).is_unlocked).toBe(true);
    expect((await t.call('GET', `/api/ccbill/hosted-payment/${r.body.data.payment_id}`, undefined, { token: fan.token })).body.data).toMatchObject({ status: 'captured', purpose: 'unlock' });
  });

  it('the ledger holds every sale on the page (CCBill\'s books against our payments)', async () => {
    expect(await ledgerProblems(t.server)).toEqual([]);
  });
});
