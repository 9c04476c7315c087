// The subscription lifecycle over real HTTP on PGlite and the Postgres server: prices (list, returning,
// promotion, coupon, trial, $0 first period), status codes, the durable rebill scheduler with the services clock
// moved forward (one charge per period, even with two schedulers — and on Postgres two whole servers — at once),
// a declined rebill recovered with a new card, the retry schedule, cancel with reasons and the report, reactivate,
// complimentary, refunds ending billing, migration and the resubscribe offer. The ledger check runs at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { addDays, rebillAt, REBILL_RETRY_DAYS } from '../../domain/subscription/subscription';
import { commandContext } from '../../commands/handle';
import { createPromotion, endPromotion } from '../../commands/promotions';
import { createCoupon } from '../../commands/coupons';
import { saveResubscribeOfferSettings } from '../../commands/offers';
import { rebillPaymentId, startRebillScheduler } from '../../commands/subscriptions';
import { paymentMethodFromReadModel, rebillReads } from '../../api/payment-reads';
import { startServer } from '../../api/server';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

const DAY = 86_400_000;

interface Who {
  token: string;
  email: string;
  password: string;
}

export function subscriptionsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`subscription lifecycle over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: Who;
    let offsetMs = 0;
    const realClock = () => new Date(Date.now() + offsetMs);
    /** Moves the services clock forward (never back): every fan in this server ages with it. */
    const advance = (days: number) => {
      offsetMs += days * DAY;
    };
    const now = () => realClock().toISOString();
    const db = () => t.server.services.database.db;
    const ctxAdmin = () => commandContext(t.server.services.store, { userId: null, role: 'admin' }, realClock);
    const settleAll = async () => {
      const head = await t.server.services.store.headPosition();
      // Generous: under load (two cores, several suites) the projections may lag a while; never read before they caught up.
      if (head) expect(await t.server.services.runner.waitFor(head, 60_000), 'projections caught up').toBe(true);
    };

    let n = 0;
    const fan = async (label: string) => {
      const email = `${label}.${++n}@example.com`;
      const r = await t.call('POST', '/api/users/register', { name: `Fan ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      const id = (await t.call('GET', '/api/users/me', undefined, { token })).body.data._id as string;
      return { token, id, email, password: 'fan password 1' };
    };
    const card = (number: string = SANDBOX_TEST_CARDS.approve) => ({ ...TEST_CARD_FORM, cardNumber: number });
    /** A call as someone; a session the moved clock expired (30 days) is replaced by a new login. */
    const as = async (who: Who, method: string, url: string, body?: unknown) => {
      let r = await t.call(method, url, body, { token: who.token });
      if (r.status === 401) {
        const login = await t.call('POST', '/api/users/login', { email: who.email, password: who.password });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        who.token = login.body.data.token;
        r = await t.call(method, url, body, { token: who.token });
      }
      return r;
    };
    const me = async (who: Who) => (await as(who, 'GET', '/api/users/me')).body.data;
    const details = async (who: Who) => (await as(who, 'GET', '/api/v2/subscription/details')).body.data;
    const subscribe = async (who: Who, body: Record<string, unknown> = card()) => as(who, 'POST', '/api/v2/purchase/subscription', body);
    const subscribed = async (label: string) => {
      const f = await fan(label);
      const r = await subscribe(f);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return f;
    };
    const tick = async () => {
      await settleAll();
      await t.server.rebillScheduler.tick();
      await settleAll();
    };
    /** The fan's payments of a kind (transactions read model) with the provider's record of each. */
    const payments = async (userId: string, type: string) =>
      (
        await sql<{ id: string; status: string; amount_cents: string; gateway: string | null }>`
          SELECT t.id, t.status, t.amount_cents, c.status AS gateway FROM rm.transactions t
          LEFT JOIN sandbox_gateway.charges c ON c.idempotency_key = t.id
          WHERE t.user_id = ${userId} AND t.type = ${type} ORDER BY t.created_at`.execute(db())
      ).rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
    /** Captured charges at the provider for these payment ids. */
    const providerCaptures = async (ids: string[]) =>
      ids.length === 0
        ? 0
        : Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sandbox_gateway.charges WHERE status = 'captured' AND idempotency_key IN (${sql.join(ids)})`.execute(db())).rows[0].n);

    beforeAll(async () => {
      t = await startTestServer(backend);
      t.server.services.clock = realClock;
      admin = { email: t.adminEmail, password: t.adminPassword, token: (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token };
    });
    afterAll(async () => {
      await t?.close();
    });

    it("subscribing at the list price gives status '1', the expiry and the next billing date a day before it", async () => {
      const f = await fan('plain');
      const q = await as(f, 'POST', '/api/v2/subscription/quote', {});
      expect(q.body.data).toMatchObject({ initial_cents: 999, recurring_cents: 999, initial_period_days: 30, source: 'regular', promotion: null, coupon_code: null, has_subscribed_before: false });
      const r = await subscribe(f);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Thank you for subscribing', data: { accepted: true, amount_cents: 999 } });
      const m = await me(f);
      expect(m.ccbillSubscriptionStatus).toBe('1');
      expect(m.isRebillFailed).toBe(false);
      expect(m.has_complimentary_subscription).toBe(false);
      expect(Date.parse(m.expiration_date) - Date.parse(now())).toBeGreaterThan(29.9 * DAY);
      expect(m.next_billing_date).toBe(rebillAt(m.expiration_date));
      expect(m.subscription_detail).toMatchObject({ recurring_price: 9.99, recurring_price_cents: 999, is_rebill_failed: false, renews: true, billing_api: 'v2' });
      // A second subscribe while active is refused and charges nothing.
      const again = await subscribe(f);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You are already subscribed.');
      expect((await payments(f.id, 'subscription')).length).toBe(1);
      // The console lists the subscriber as active with the dates.
      const list = await as(admin, 'GET', `/admin-api/subscribers?filter=${encodeURIComponent(JSON.stringify({ q: f.email }))}`);
      expect(list.body[0]).toMatchObject({ status: 'active', price_cents: 999, next_billing_at: m.next_billing_date });
    });

    it('prices: a running promotion (trial days) is offered and charged; once ended the id answers "Sorry promotion expired."', async () => {
      const promo = await createPromotion(ctxAdmin(), {
        offer: { type: 'SUBSCRIPTION', initialCents: 199, recurringCents: 799, isTrialOffer: true, initialPeriodDays: 7 },
        applicableTo: 'ALL_USERS', ribbonText: 'A week for $1.99', expiry: { kind: 'hours', hours: 24 }, timezone: 'UTC', isRepeat: false, actorId: 'admin',
      });
      const f = await fan('promo');
      const q = (await as(f, 'POST', '/api/v2/subscription/quote', {})).body.data;
      expect(q).toMatchObject({ initial_cents: 199, recurring_cents: 799, initial_period_days: 7, source: 'promotion', list_initial_cents: 999 });
      expect(q.promotion).toMatchObject({ promotion_id: promo.promotionId, ribbon_text: 'A week for $1.99', trial_days: 7 });
      expect(Date.parse(q.promotion.ends_at)).toBeGreaterThan(Date.parse(now()));
      const r = await subscribe(f, { ...card(), promotion_id: promo.promotionId });
      expect(r.body.data).toMatchObject({ accepted: true, amount_cents: 199 });
      const m = await me(f);
      expect(Date.parse(m.expiration_date) - Date.parse(now())).toBeLessThan(7 * DAY + 60_000);
      expect(m.subscription_detail.recurring_price_cents).toBe(799);
      await endPromotion(ctxAdmin(), promo.promotionId, 'admin');
      const late = await fan('promo-late');
      const refused = await subscribe(late, { ...card(), promotion_id: promo.promotionId });
      expect(refused.status).toBe(410);
      expect(refused.body.message).toBe('Sorry promotion expired.');
      expect((await payments(late.id, 'subscription')).length).toBe(0);
      expect((await as(late, 'POST', '/api/v2/subscription/quote', {})).body.data.source).toBe('regular');
    });

    it('prices: a coupon is trimmed and upper-cased; an unknown one answers its error code; a 100 % coupon starts a $0 first period', async () => {
      await createCoupon(ctxAdmin(), { code: 'half50', terms: { discountType: 'percentage', discountValueForInitial: 50, discountValueForRecurring: 0 }, actorId: 'admin' });
      await createCoupon(ctxAdmin(), { code: 'FIRSTFREE', terms: { discountType: 'percentage', discountValueForInitial: 100, discountValueForRecurring: 10 }, actorId: 'admin' });
      const f = await fan('coupon');
      const q = await as(f, 'POST', '/api/v2/subscription/quote', { coupon_code: '  half50 ' });
      expect(q.body.data).toMatchObject({ initial_cents: 500, recurring_cents: 999, source: 'coupon', coupon_code: 'HALF50' });
      const bad = await as(f, 'POST', '/api/v2/subscription/quote', { coupon_code: 'NOPE' });
      expect(bad.status).toBe(404);
      expect(bad.body.code).toBe('COUPON_NOT_FOUND');
      const r = await subscribe(f, { ...card(), coupon_code: 'half50' });
      expect(r.body.data).toMatchObject({ accepted: true, amount_cents: 500 });

      const free = await fan('free');
      const r2 = await subscribe(free, { ...card(), coupon_code: 'firstfree' });
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      expect(r2.body.data).toMatchObject({ accepted: true, amount_cents: 0, transactionId: null });
      const m = await me(free);
      expect(m.ccbillSubscriptionStatus).toBe('1');
      expect(m.subscription_detail).toMatchObject({ recurring_price_cents: 899, renews: true, payment_method: 'visa •••• 4242' });
      expect(await payments(free.id, 'subscription')).toEqual([]);
      // The card for the renewals was saved.
      expect((await as(free, 'GET', '/api/ccbill/get-payment-card', undefined)).body.data).toHaveLength(1);
    });

    it('cancel with reasons: the dialog settings, the spec messages, status 2 until expiry, the report, reactivation', async () => {
      const f = await subscribed('cancel');
      const d = await details(f);
      expect(d.cancel).toEqual({ reasons_enabled: true, reasons: ['Too expensive', 'Not enough new content', 'I only wanted to try it', 'Technical problems'], title: 'Why are you cancelling?' });
      const cancel = (body: Record<string, unknown>) => as(f, 'POST', '/api/v2/subscription/cancel-subscription', body);
      expect((await cancel({})).body).toMatchObject({ success: 0, message: 'Please Select Reason for Cancellation' });
      expect((await cancel({ cancellation_reason: 'Other' })).body.message).toBe('Please Write Reason for cancellation');
      expect((await cancel({ cancellation_reason: 'Other', other_reason: '   ' })).body.message).toBe('Please enter valid reason for cancellation');
      expect((await cancel({ cancellation_reason: 'Not a listed reason' })).status).toBe(400);
      const ok = await cancel({ cancellation_reason: 'Other', other_reason: 'Moving abroad', request_from: 'cancel_page' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: 1, message: 'Subscription Cancelled', data: { cancelled: true, ccbill_subscription_status: '2' } });
      const m = await me(f);
      expect(m.ccbillSubscriptionStatus).toBe('2');
      expect(m.next_billing_date).toBeNull();
      expect(m.subscription_detail.cancelled_at).not.toBeNull();
      // A second cancel answers the same.
      expect((await cancel({ cancellation_reason: 'Too expensive' })).body.data.ccbill_subscription_status).toBe('2');
      // The report: admin and model read it, support may not.
      const report = await as(admin, 'GET', `/admin-api/cancellations?filter=${encodeURIComponent(JSON.stringify({ q: f.email }))}`);
      expect(report.status).toBe(200);
      expect(report.headers.get('content-range')).toMatch(/^cancellations 0-0\/1$/);
      expect(report.body[0]).toMatchObject({ email: f.email, reason: 'Other', other_reason: 'Moving abroad', request_from: 'cancel_page', cancelled_by: 'fan', reactivated_at: null });
      expect((await as(admin, 'GET', `/admin-api/cancellations/${report.body[0].id}`, undefined)).body.user_id).toBe(f.id);
      // Reactivating before the expiry renews again.
      const re = await as(f, 'POST', '/api/v2/subscription/reactivate', {});
      expect(re.body).toMatchObject({ success: 1, message: 'Your subscription has been reactivated.', data: { status: '1', renews: true } });
      expect((await me(f)).next_billing_date).toBe(rebillAt(m.expiration_date));
      const after = await as(admin, 'GET', `/admin-api/cancellations?filter=${encodeURIComponent(JSON.stringify({ q: f.email }))}`);
      expect(after.body[0].reactivated_at).not.toBeNull();
      // Plain confirm when reasons are off.
      expect((await as(admin, 'PUT', '/admin-api/subscription-settings/site', { is_cancel_subscription_reason_enabled: false })).status).toBe(200);
      const plain = await as(f, 'POST', '/api/cancel-subscription', {});
      expect(plain.body).toMatchObject({ success: 1, message: 'Subscription Cancelled', data: { ccbill_subscription_status: '2' } });
      await as(admin, 'PUT', '/admin-api/subscription-settings/site', { is_cancel_subscription_reason_enabled: true });
      expect((await as(admin, 'GET', `/admin-api/cancellations?filter=${encodeURIComponent(JSON.stringify({ q: f.email }))}`)).body[0]).toMatchObject({ reason: null, request_from: 'v1' });
    });

    it('complimentary: status 1 without renewal, the flag, the separate cancel call', async () => {
      const f = await fan('comp');
      const give = await as(admin, 'POST', '/api/admin/give_complimentary_subscription', { user_id: f.id, months: 1 });
      expect(give.status, JSON.stringify(give.body)).toBe(200);
      const m = await me(f);
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '1', has_complimentary_subscription: true, next_billing_date: null });
      const wrong = await as(f, 'POST', '/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' });
      expect(wrong.body).toMatchObject({ success: 0, message: 'Error in cancel subscription' });
      const c = await as(f, 'POST', '/api/users/cancel_complimentary_subscription', {});
      expect(c.body).toMatchObject({ success: 1, data: { cancelled: true, ccbill_subscription_status: '0' } });
      expect((await me(f)).has_complimentary_subscription).toBe(false);
      expect((await as(f, 'POST', '/api/users/cancel_complimentary_subscription', {})).status).toBe(400);
    });

    it('the scheduler charges each period exactly once, even with two more schedulers running at the same time', async () => {
      const f = await subscribed('rebill');
      const before = await me(f);
      const extra = [1, 2].map(() =>
        startRebillScheduler({ store: t.server.services.store, reads: rebillReads(db()), deps: { ...t.server.services.purchases, paymentMethodOf: paymentMethodFromReadModel(db()) }, now: () => t.server.services.clock(), timer: false }),
      );
      // Not due yet.
      await tick();
      expect(await payments(f.id, 'rebill')).toEqual([]);
      advance(29.5); // past the billing date (a day before expiry), before the expiry
      await settleAll();
      await Promise.all([t.server.rebillScheduler.tick(), ...extra.map((s) => s.tick()), t.server.rebillScheduler.tick(), ...extra.map((s) => s.tick())]);
      await settleAll();
      const rebills = await payments(f.id, 'rebill');
      expect(rebills).toEqual([{ id: rebillPaymentId(f.id, 2, 1), status: 'captured', amount_cents: 999, gateway: 'captured' }]);
      const m = await me(f);
      expect(m.expiration_date).toBe(addDays(before.expiration_date, 30)); // appended to the paid time, no days lost
      expect(m.next_billing_date).toBe(rebillAt(m.expiration_date));
      // Nothing more until the next period is due; then one more.
      await Promise.all([tick(), ...extra.map((s) => s.tick())]);
      expect(await payments(f.id, 'rebill')).toHaveLength(1);
      advance(30);
      await settleAll();
      await Promise.all([t.server.rebillScheduler.tick(), ...extra.map((s) => s.tick())]);
      await settleAll();
      const two = await payments(f.id, 'rebill');
      expect(two.map((p) => p.id)).toEqual([rebillPaymentId(f.id, 2, 1), rebillPaymentId(f.id, 3, 1)]);
      expect(await providerCaptures(two.map((p) => p.id))).toBe(2);
      await Promise.all(extra.map((s) => s.stop()));
    });

    it('a declined rebill: access until expiry, rebill popup and ribbon, then a new card recovers it at once', async () => {
      const f = await subscribed('decline');
      const add = await as(f, 'POST', '/api/v2/purchase/add-new-card', card(SANDBOX_TEST_CARDS.decline));
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const exp = (await me(f)).expiration_date as string;
      advance(29.5);
      await tick();
      const failed = await payments(f.id, 'rebill');
      expect(failed).toEqual([{ id: rebillPaymentId(f.id, 2, 1), status: 'failed', amount_cents: 999, gateway: 'declined' }]);
      let m = await me(f);
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: true, expiration_date: exp });
      expect(Date.parse(exp)).toBeGreaterThan(Date.parse(now())); // still has access
      let d = await details(f);
      expect(d).toMatchObject({ is_rebill_failed: true, rebill_popup: true, active: true, rebill_failure_code: 'declined' });
      expect(d.next_billing_date).toBe(d.rebill_retry_at);
      // Closing the popup (the ribbon stays while the rebill fails).
      const seen = await as(f, 'POST', '/api/users/updateRebillNotificationDate', {});
      expect(seen.body.success).toBe(1);
      expect((await details(f)).rebill_popup).toBe(false);
      // Past the expiry, the retry fails too: lapsed, but still status '1' and recoverable.
      advance(1.5);
      await tick();
      m = await me(f);
      expect(Date.parse(m.expiration_date)).toBeLessThan(Date.parse(now()));
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: true });
      d = await details(f);
      expect(d).toMatchObject({ active: false, rebill_popup: true });
      // Subscribing again is not the way back; a new card is.
      expect((await subscribe(f)).body.code).toBe('REBILL_FAILED');
      const retry = await as(f, 'POST', '/api/v2/subscription/retry-rebill', card(SANDBOX_TEST_CARDS.approveMastercard));
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toMatchObject({ success: 1, message: 'Payment successful. Your membership continues.', data: { accepted: true, amount_cents: 999 } });
      m = await me(f);
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: false });
      expect(Date.parse(m.expiration_date) - Date.parse(now())).toBeGreaterThan(29.9 * DAY); // the new period starts now
      const all = await payments(f.id, 'rebill');
      expect(all.map((p) => [p.id, p.status])).toEqual([
        [rebillPaymentId(f.id, 2, 1), 'failed'],
        [rebillPaymentId(f.id, 2, 2), 'failed'],
        [rebillPaymentId(f.id, 2, 3), 'captured'],
      ]);
      expect(await providerCaptures(all.map((p) => p.id))).toBe(1);
      // Nothing to retry any more.
      expect((await as(f, 'POST', '/api/v2/subscription/retry-rebill', card())).body.code).toBe('NOT_REBILL_FAILED');
    });

    it('the retry schedule: 1, 3 and 7 days after a decline; the fourth decline ends the renewal', async () => {
      const f = await subscribed('schedule');
      await as(f, 'POST', '/api/v2/purchase/add-new-card', card(SANDBOX_TEST_CARDS.failMinus24));
      advance(29.5);
      await tick();
      expect((await payments(f.id, 'rebill')).length).toBe(1);
      for (const wait of REBILL_RETRY_DAYS) {
        advance(wait - 0.1);
        await tick();
        advance(0.2);
        await tick();
      }
      const rebills = await payments(f.id, 'rebill');
      expect(rebills.map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
      const m = await me(f);
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '0', isRebillFailed: false, next_billing_date: null });
      advance(30);
      await tick();
      expect((await payments(f.id, 'rebill')).length).toBe(4);
    });

    it('a new primary card retries a failed rebill at the next pass, not days later', async () => {
      const f = await subscribed('newcard');
      await as(f, 'POST', '/api/v2/purchase/add-new-card', card(SANDBOX_TEST_CARDS.decline));
      advance(29.5);
      await tick();
      expect((await payments(f.id, 'rebill')).map((p) => p.status)).toEqual(['failed']);
      expect((await details(f)).rebill_retry_at).not.toBeNull();
      // The retry is a day away; a new primary card brings it forward to the next pass of the scheduler.
      const added = await as(f, 'POST', '/api/v2/purchase/add-new-card', { ...card(SANDBOX_TEST_CARDS.approveMastercard), make_primary: true });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      await tick();
      const rebills = await payments(f.id, 'rebill');
      expect(rebills.map((p) => [p.id, p.status])).toEqual([
        [rebillPaymentId(f.id, 2, 1), 'failed'],
        [rebillPaymentId(f.id, 2, 2), 'captured'],
      ]);
      expect(await providerCaptures(rebills.map((p) => p.id))).toBe(1);
      expect(await me(f)).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: false });
      // Another pass charges nothing more.
      await tick();
      expect(await payments(f.id, 'rebill')).toHaveLength(2);
    });

    it('a refunded subscription payment ends access at once and the scheduler never bills it again', async () => {
      const f = await subscribed('refund');
      const [paid] = await payments(f.id, 'subscription');
      const r = await as(admin, 'POST', `/admin-api/transactions/${paid.id}/refund`, { kind: 'refund', reason: 'test' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await me(f)).toMatchObject({ ccbillSubscriptionStatus: '0', next_billing_date: null });
      advance(30);
      await tick();
      expect(await payments(f.id, 'rebill')).toEqual([]);
    });

    it('returning members pay the returning prices; a cancelled one runs to expiry and is not billed', async () => {
      const f = await subscribed('returning');
      await as(f, 'POST', '/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' });
      advance(31);
      await tick();
      expect(await payments(f.id, 'rebill')).toEqual([]);
      expect((await me(f)).ccbillSubscriptionStatus).toBe('0');
      const set = await as(admin, 'PUT', '/admin-api/subscription-settings/site', { returning_membership_price_cents: 599, returning_recurring_membership_price_cents: 699 });
      expect(set.body).toMatchObject({ returning_membership_price_cents: 599, returning_recurring_membership_price_cents: 699 });
      const q = (await as(f, 'POST', '/api/v2/subscription/quote', {})).body.data;
      expect(q).toMatchObject({ initial_cents: 599, recurring_cents: 699, source: 'returning', has_subscribed_before: true });
      const r = await subscribe(f, {});
      expect(r.body.data).toMatchObject({ accepted: true, amount_cents: 599 });
      expect((await me(f)).subscription_detail.recurring_price_cents).toBe(699);
      // A new fan still pays the regular price.
      expect((await as(await fan('new'), 'POST', '/api/v2/subscription/quote', {})).body.data.initial_cents).toBe(999);
    });

    it('resubscribe offer: free months (card on file, nothing charged), -1 free without a card, crypto needs a non-zero wallet', async () => {
      const lapsed = async (label: string) => {
        const f = await subscribed(label);
        await as(f, 'POST', '/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' });
        return f;
      };
      const a = await lapsed('offer-a');
      expect((await details(a)).offer).toBeNull();
      await saveResubscribeOfferSettings(ctxAdmin(), { enabled: true, for_subscribers_only: true, give_free_month_subscription: 1, recurring_price_cents: 499, promo_banner_text: 'Come back: a month on us' }, 'admin');
      await settleAll();
      const d = await details(a);
      expect(d.offer).toMatchObject({ promo_banner_text: 'Come back: a month on us', quote: { kind: 'free_months', chargeNowCents: 0, freeDays: 30, recurringCents: 499 } });
      const expBefore = (await me(a)).expiration_date;
      const r = await as(a, 'POST', '/api/v2/purchase/resubscribe-with-card', {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ accepted: true, amount_cents: 0 });
      const m = await me(a);
      expect(m).toMatchObject({ ccbillSubscriptionStatus: '1' });
      expect(m.expiration_date).toBe(addDays(expBefore, 30)); // the free month follows the paid time
      expect(m.subscription_detail.recurring_price_cents).toBe(499);
      expect((await details(a)).offer).toBeNull();

      const b = await lapsed('offer-b');
      const crypto = await as(b, 'POST', '/api/v2/purchase/resubscribe-with-card', { payment_method: 'crypto_currency' });
      expect(crypto.status).toBe(402);
      expect(crypto.body.message).toBe('Please Add Funds in wallet to subscribe.');

      await saveResubscribeOfferSettings(ctxAdmin(), { give_free_month_subscription: -1 }, 'admin');
      const c = await lapsed('offer-c');
      await as(c, 'POST', '/api/ccbill/remove-card', { card_id: (await as(c, 'GET', '/api/ccbill/get-payment-card', undefined)).body.data[0]._id });
      const free = await as(c, 'POST', '/api/v2/purchase/resubscribe-with-card', {});
      expect(free.body.data).toMatchObject({ accepted: true, amount_cents: 0 });
      expect((await me(c)).subscription_detail).toMatchObject({ renews: false, payment_method: 'free' });
      await saveResubscribeOfferSettings(ctxAdmin(), { enabled: false }, 'admin');

      // The console's report: both who came back, newest first; staff only.
      await settleAll();
      const report = await as(admin, 'GET', '/api/resubscribe-offer/report');
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect(report.body.data).toMatchObject({ total: 2, free: 2, charged_cents: 0, page: 1, total_pages: 1 });
      expect(report.body.data.rows.map((r: any) => [r.user._id, r.charged_cents, r.recurring_cents, r.renews, r.status])).toEqual([
        [c.id, 0, 0, false, 'active'],
        [a.id, 0, 499, true, 'active'],
      ]);
      expect(report.body.data.rows[1].user.email).toBe(a.email);
      expect((await as(a, 'GET', '/api/resubscribe-offer/report')).status).toBe(403);
    });

    it('migration: members on the v1 billing API see the popup, accept the conditions and move to v2 at the migration price', async () => {
      expect((await as(admin, 'PUT', '/admin-api/subscription-settings/site', { payment_api_version: 'v1' })).status).toBe(200);
      const f = await subscribed('migrate');
      expect((await me(f)).subscription_detail.billing_api).toBe('v1');
      await as(admin, 'PUT', '/admin-api/subscription-settings/site', { payment_api_version: 'v2' });
      expect((await as(f, 'GET', '/api/migration-data', undefined)).body.data.show_popup).toBe(false); // not enabled yet
      const on = await as(admin, 'POST', '/api/migrate-subscription', { enabled: true, title: 'Move your membership' });
      expect(on.body).toMatchObject({ success: 1, message: 'update settings successfully.', data: { data: { enabled: true, title: 'Move your membership', price_cents: 699 } } });
      const data = (await as(f, 'GET', '/api/migration-data', undefined)).body.data;
      expect(data).toMatchObject({ show_popup: true, title: 'Move your membership', price_cents: 699, conditions_accepted: false });
      const early = await as(f, 'POST', '/api/migrate-subscription-for-user', {});
      expect(early.body.message).toBe('Please accept the terms and conditions to continue.');
      expect((await as(f, 'POST', '/api/save-condition', {})).body.success).toBe(1);
      const cascade = await as(f, 'POST', '/api/migrate-subscription-for-user', card(SANDBOX_TEST_CARDS.allowCascade));
      expect(cascade.body).toMatchObject({ success: 0, message: 'Problem in card authorization please re-enter your card details or add new card.', data: { accepted: false, errors: { allow_cascade: true } } });
      const expBefore = (await me(f)).expiration_date;
      const r = await as(f, 'POST', '/api/migrate-subscription-for-user', card());
      expect(r.body).toMatchObject({ success: 1, data: { accepted: true, amount: 6.99, ccbill_subscription_status: '1' } });
      const m = await me(f);
      expect(m.subscription_detail).toMatchObject({ billing_api: 'v2', recurring_price_cents: 699 });
      expect(m.expiration_date).toBe(addDays(expBefore, 30));
      expect((await details(f)).migration).toBeNull();
      // Someone whose membership ended gets status '0' back (the site resets its state).
      const gone = await fan('migrate-gone');
      expect((await as(gone, 'POST', '/api/migrate-subscription-for-user', {})).body.data).toMatchObject({ accepted: false, ccbill_subscription_status: '0' });
      await as(admin, 'POST', '/api/migrate-subscription', { enabled: false });
    });

    it('routes answer 4xx, never 5xx, to empty or wrong bodies', async () => {
      const f = await fan('empty');
      for (const [method, url] of [
        ['POST', '/api/v2/subscription/quote'], ['POST', '/api/v2/purchase/subscription'], ['POST', '/api/v2/subscription/cancel-subscription'], ['POST', '/api/cancel-subscription'],
        ['POST', '/api/crypto/cancel-subscription'], ['POST', '/api/v2/subscription/reactivate'], ['POST', '/api/users/cancel_complimentary_subscription'],
        ['POST', '/api/v2/subscription/retry-rebill'], ['POST', '/api/v2/purchase/resubscribe-with-card'], ['POST', '/api/migrate-subscription-for-user'],
      ] as const) {
        const r = await as(f, method, url, { promotion_id: 5, coupon_code: [], card_id: 'x' });
        expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, url).toBeLessThan(500);
      }
      expect((await as(admin, 'GET', '/admin-api/subscription-settings/other', undefined)).status).toBe(404);
      expect((await as(admin, 'PUT', '/admin-api/subscription-settings/site', { cancel_subscription_reasons: [''] })).body.message).toBe('A reason cannot be empty.');
      expect((await as(f, 'GET', '/admin-api/cancellations', undefined)).status).toBe(403);
    });

    // Several processes share one database only on the Postgres server (PGlite belongs to one process).
    if (backend === 'postgres') it('two whole servers on one database, each with its scheduler, charge a period once', async () => {
      const second = await startServer(t.server.services.config, { log: () => {}, deliverNotices: false, clock: () => t.server.services.clock(), rebillIntervalMs: 3_600_000 });
      try {
        const f = await subscribed('twoservers');
        advance(29.5);
        await settleAll();
        await Promise.all([t.server.rebillScheduler.tick(), second.rebillScheduler.tick(), t.server.rebillScheduler.tick(), second.rebillScheduler.tick()]);
        await settleAll();
        const rebills = await payments(f.id, 'rebill');
        expect(rebills).toEqual([{ id: rebillPaymentId(f.id, 2, 1), status: 'captured', amount_cents: 999, gateway: 'captured' }]);
        expect(await providerCaptures(rebills.map((p) => p.id))).toBe(1);
      } finally {
        await second.close();
      }
    });
  });
}
