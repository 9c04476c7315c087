// Promotions, coupons and the resubscribe offer over real HTTP: ribbon
// settings, saving and ending promotions per type, ribbons per viewer (NEW / OLD / staff / guests), expiry and
// repeat by the services clock, unlocking at the promotion price (charged exactly once), 'Sorry promotion
// expired.' at purchase time, the reports, coupon checks (notChecked → valid / invalid states on the server side:
// trimmed, upper-cased, 2-decimal prices), the resubscribe offer, and a rebuild that reproduces the read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { API_ACCESS } from '../../domain/access/routes';
import { sandboxCaptures } from '../../infra/payments/sandbox-card-gateway';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export function promotionsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`promotions, coupons and offers over HTTP (${backend})`, () => {
    let t: TestServer;
    let offset = 0;
    let admin: string;
    /** oldSub: subscribed now and before (2 periods); newSub: in a first membership; never: registered, never
     * subscribed; lapsed: subscribed once, membership over. */
    const fans: Record<'oldSub' | 'newSub' | 'never' | 'lapsed', { email: string; token: string }> = {
      oldSub: { email: 'old.sub@example.com', token: '' },
      newSub: { email: 'new.sub@example.com', token: '' },
      never: { email: 'never.sub@example.com', token: '' },
      lapsed: { email: 'lapsed.sub@example.com', token: '' },
    };
    const posts: Record<'p15' | 'p20' | 'p7' | 'p9' | 'p11', string> = { p15: '', p20: '', p7: '', p9: '', p11: '' };
    const PASSWORD = 'promo password 1';

    /** While set, requests carry it as their request id (= the correlation id of every event they write). */
    let requestTag: string | null = null;
    const call = (method: string, url: string, body?: unknown, token?: string) =>
      t.call(method, url, body, { token, headers: requestTag ? { 'x-request-id': requestTag } : {} });
    const post = (url: string, body: unknown, token: string | undefined = admin) => call('POST', url, body, token);
    const login = async (email: string, password = PASSWORD) => {
      const r = await t.call('POST', '/api/users/login', { email, password });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.token as string;
    };
    const relogin = async () => {
      admin = await login(t.adminEmail, t.adminPassword);
      for (const f of Object.values(fans)) f.token = await login(f.email);
    };
    const advance = (ms: number) => {
      offset += ms;
    };
    const now = () => Date.now() + offset;
    /**
     * Runs a request and asserts it wrote no event (events of background work the moved clock wakes up, such as the
     * rebill scheduler, do not count: only those correlated with this request).
     */
    let tags = 0;
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      requestTag = `writes-nothing-${++tags}-${Date.now()}`;
      let r: { status: number; body: any };
      try {
        r = await run();
      } finally {
        requestTag = null;
      }
      const tag = `writes-nothing-${tags}-`;
      const written = (await t.server.services.store.readAll({ after: head, maxCount: 1000 })).filter((e) => e.metadata.correlationId.startsWith(tag));
      expect(written.map((e) => e.type), JSON.stringify(r.body)).toEqual([]);
      return r;
    };
    const captures = () => sandboxCaptures(t.server.services.database);
    const check = async (token?: string) => {
      const r = await call('POST', '/api/promotion-setting/check-promotion', {}, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { enable_promotion: boolean; subscription: any; locked_content: any; price_strike_through_color: string; server_time: string };
    };
    const save = (body: Record<string, unknown>) => post('/api/promotion-setting/save-promotion', body);
    const lockedPromo = (patch: Record<string, unknown> = {}) => ({ promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Locked content sale', ...patch });
    const unlock = (postId: string, amount: number, token: string, promotion?: { promotion_id?: string | null; is_promotion_applied?: boolean }) =>
      post('/api/v2/purchase/blog-content-purchase', { blogId: postId, amount, ...(promotion ?? {}) }, token);
    const endPromo = (id: string) => post('/api/promotion-setting/end-promotion', { promotion_id: id });

    beforeAll(async () => {
      t = await startTestServer(backend);
      t.server.services.clock = () => new Date(Date.now() + offset);
      admin = await login(t.adminEmail, t.adminPassword);
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 30, b: 160 } } }).jpeg().toBuffer();
      for (const [key, amount] of [['p15', 15], ['p20', 20], ['p7', 7], ['p9', 9], ['p11', 11]] as const) {
        const presign = await post('/api/upload/generate_presigned_url', { file_name: `${key}.jpg`, content_type: 'image/jpeg', media_type: 'blog' });
        expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
        const media = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' });
        const r = await post('/admin-api/posts', { caption: `Locked ${amount}`, visibility: 'locked', amount, media_ids: [media.body.data.id] });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        posts[key] = r.body.id;
      }
      const userIds: Record<string, string> = {};
      for (const [key, f] of Object.entries(fans)) {
        const r = await call('POST', '/api/users/register', { name: key, email: f.email, password: PASSWORD });
        expect(r.body.success, JSON.stringify(r.body)).toBe(1);
        f.token = r.body.data.token;
        userIds[key] = r.body.data.userId;
      }
      const subscribe = async (token: string) => {
        const r = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      };
      const caughtUp = async () => {
        const head = await t.server.services.store.headPosition();
        if (head) expect(await t.server.services.runner.waitFor(head, 10_000)).toBe(true);
      };
      // Day 0: oldSub subscribes; lapsed is given a free month. Day 29.5: oldSub's membership renews (a second
      // period: subscribed before the current one). Day 30.5: lapsed's month is over; newSub subscribes for the first time.
      await subscribe(fans.oldSub.token);
      expect((await post('/api/admin/give_complimentary_subscription', { user_id: userIds.lapsed, months: 1 })).status).toBe(200);
      advance(29.5 * DAY);
      await t.server.rebillScheduler.tick();
      await caughtUp();
      advance(DAY);
      await relogin();
      await subscribe(fans.newSub.token);
      await caughtUp();
      const me = async (token: string) => (await call('GET', '/api/users/me', undefined, token)).body.data;
      expect((await me(fans.oldSub.token)).ccbillSubscriptionStatus).toBe('1');
      expect((await me(fans.lapsed.token)).ccbillSubscriptionStatus).toBe('0');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('ribbon settings: defaults, saved by managers with the spec message, bad values refused naming the field', async () => {
      const got = await call('GET', '/api/promotion-setting/get-promotion-settings', undefined, admin);
      expect(got.status).toBe(200);
      expect(got.body.data.enable_promotion).toBe(true);
      expect(got.body.data.promotion_settings.subscription).toMatchObject({ position: 'above menu', promo_text_font_size: '25px|25px|30px|30px', remaining_time_font_size: '20px|20px|25px|25px', animation_duration: 1000 });
      expect((await call('GET', '/api/promotion-setting/get-promotion-settings', undefined, fans.newSub.token)).status).toBe(403);
      expect((await call('GET', '/api/promotion-setting/get-promotion-settings')).status).toBe(401);

      const saved = await post('/api/promotion-setting/save-promotion-settings', {
        subscription: { position: 'below hero', ribbon_background_color: '#112233' },
        locked_content: { position: 'above hero' },
        price_strike_through_color: '#ff0000',
      });
      expect(saved.body).toMatchObject({ success: 1, message: 'update settings successfully.' });
      expect(saved.body.data.promotion_settings).toMatchObject({ subscription: { position: 'below hero', ribbon_background_color: '#112233' }, locked_content: { position: 'above hero' }, price_strike_through_color: '#ff0000' });

      for (const [body, field, message] of [
        [{ locked_content: { ribbon_background_color: 'red' } }, 'locked_content.ribbon_background_color', 'Please enter a valid colour.'],
        [{ subscription: { position: 'sideways' } }, 'subscription.position', 'position is invalid.'],
        [{ subscription: { promo_text_font_size: '25px|25px' } }, 'subscription.promo_text_font_size', 'Enter four sizes separated by |, for example 25px|25px|30px|30px.'],
        [{ subscription: { ribbon_padding_top: -1 } }, 'subscription.ribbon_padding_top', 'Invalid request.'],
        [{ price_strike_through_color: '#12' }, 'price_strike_through_color', 'Please enter a valid colour.'],
      ] as const) {
        const r = await writesNothing(() => post('/api/promotion-setting/save-promotion-settings', body));
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ field, message });
      }
      expect((await writesNothing(() => post('/api/promotion-setting/save-promotion-settings', { colour: '#fff' }))).status).toBe(400);
      expect((await writesNothing(() => post('/api/promotion-setting/save-promotion-settings', { price_strike_through_color: '#ff0000' }))).body.message).toBe('update settings successfully.');
      expect((await post('/api/promotion-setting/save-promotion-settings', {}, fans.oldSub.token)).status).toBe(403);
    });

    it('save-promotion refuses bad offers naming the field, writing nothing', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [lockedPromo({ discount_percentage: 5 }), 'discount_percentage', 'Choose a discount between 10 and 80 percent.'],
        [lockedPromo({ discount_percentage: 81 }), 'discount_percentage', 'Choose a discount between 10 and 80 percent.'],
        [lockedPromo({ discount_percentage: 12.5 }), 'discount_percentage', 'Choose a discount between 10 and 80 percent.'],
        [lockedPromo({ date_expire: 25 }), 'date_expire', 'Invalid request.'],
        [lockedPromo({ date_expire: 0 }), 'date_expire', 'Invalid request.'],
        [lockedPromo({ date_expire: 31 * 24 }), 'date_expire', 'Invalid request.'],
        [lockedPromo({ date_expire: 'tomorrow' }), 'date_expire', 'Invalid request.'],
        [lockedPromo({ ribbon_text: '   ' }), 'ribbon_text', 'Please enter ribbon text.'],
        [lockedPromo({ ribbon_text: 'x'.repeat(251) }), 'ribbon_text', 'Ribbon text cannot be more than 250 characters.'],
        [lockedPromo({ promotion_type: 'FLASH' }), 'promotion_type', 'promotion_type is invalid.'],
        [lockedPromo({ promotion_sub_type: 'CHAT' }), 'promotion_sub_type', 'promotion_sub_type is invalid.'],
        [lockedPromo({ applicable_to: 'SOME_USERS' }), 'applicable_to', 'applicable_to is invalid.'],
        [lockedPromo({ timezone: 'Mars/Olympus' }), 'timezone', 'Invalid request.'],
        [{ promotion_type: 'SUBSCRIPTION', date_expire: 24, ribbon_text: 'Join' }, 'subscription_initial_amount', 'Please enter a valid amount'],
        [{ promotion_type: 'SUBSCRIPTION', date_expire: 24, ribbon_text: 'Join', subscription_initial_amount: 4.99, subscription_recurring_amount: '9.999' }, 'subscription_recurring_amount', 'Please enter a valid amount'],
        [{ promotion_type: 'SUBSCRIPTION', date_expire: 24, ribbon_text: 'Join', subscription_initial_amount: 4.99, subscription_recurring_amount: 9.99, is_trial_offer: true, initial_period: 31 }, 'initial_period', 'Choose an initial period between 1 and 29 days or 1 month.'],
      ];
      for (const [body, field, message] of cases) {
        const r = await writesNothing(() => save(body));
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body, JSON.stringify(body)).toMatchObject({ success: 0, field, message });
      }
      expect((await writesNothing(() => post('/api/promotion-setting/save-promotion', lockedPromo(), fans.newSub.token))).status).toBe(403);
      expect((await post('/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' })).body).toMatchObject({ success: 1, data: null });
    });

    let tenOff: string;

    it('a locked-content promotion: saved once per type, ribbons per viewer, the promotion price charged exactly once', async () => {
      const saved = await save(lockedPromo({ discount_percentage: 10, ribbon_text: '  10% off every locked post  ' }));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({
        message: 'Promotion successfully saved.',
        data: { promotion_type: 'LOCKED_CONTENT', promotion_sub_type: 'LOCKED_CONTENT', discount_percentage: 10, date_expire: 24, ribbon_text: '10% off every locked post', status: 'active', applicable_to: 'ALL_USERS', is_repeat_promotion: false, repeat_message: null },
      });
      tenOff = saved.body.data._id;
      expect(Date.parse(saved.body.data.expires_at) - now()).toBeGreaterThan(23.9 * HOUR);
      // One running promotion per type.
      const second = await writesNothing(() => save(lockedPromo({ discount_percentage: 30 })));
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('A promotion is already running. End it before creating a new one.');
      expect((await post('/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' })).body.data).toMatchObject({ _id: tenOff, status: 'active' });
      expect((await post('/api/promotion-setting/promotion', {})).body.data).toMatchObject({ SUBSCRIPTION: null, LOCKED_CONTENT: { _id: tenOff, status: 'active' } });

      // Subscribers (and staff, as a preview) see the locked-content ribbon; guests and non-members do not.
      expect(await check()).toMatchObject({ enable_promotion: true, subscription: null, locked_content: null, price_strike_through_color: '#ff0000' });
      expect((await check(fans.never.token)).locked_content).toBeNull();
      const member = (await check(fans.newSub.token)).locked_content;
      expect(member).toMatchObject({ promotion_id: tenOff, discount_percentage: 10, applies_to_viewer: true, ribbon_text: '10% off every locked post', settings: { position: 'above hero' } });
      expect(member.remaining_ms).toBeGreaterThan(23 * HOUR);
      expect((await check(admin)).locked_content).toMatchObject({ promotion_id: tenOff, applies_to_viewer: false });

      // $15 at 10% off is 13.5, rounded up to whole dollars: $14. The list price is refused while the promotion is applied.
      const before = await captures();
      const wrong = await writesNothing(() => unlock(posts.p15, 15, fans.newSub.token, { promotion_id: tenOff, is_promotion_applied: true }));
      expect(wrong.status).toBe(409);
      expect(wrong.body).toMatchObject({ code: 'PRICE_CHANGED', field: 'amount' });
      const r = await unlock(posts.p15, 14, fans.newSub.token, { promotion_id: tenOff, is_promotion_applied: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Content unlocked successfully.', data: { accepted: true, blogData: { _id: posts.p15, is_unlocked: true } } });
      expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + 1400 });
      // Again (double click, retry): no second charge.
      const again = await unlock(posts.p15, 14, fans.newSub.token, { promotion_id: tenOff, is_promotion_applied: true });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Content already unlocked.');
      // Parallel clicks on another post join one payment: one capture of $18.
      const parallel = await Promise.all(Array.from({ length: 5 }, () => unlock(posts.p20, 18, fans.newSub.token, { promotion_id: tenOff, is_promotion_applied: true })));
      expect(parallel.filter((x) => x.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(await captures()).toEqual({ count: before.count + 2, cents: before.cents + 1400 + 1800 });
      // Without is_promotion_applied the list price is charged, and the purchase is not the promotion's.
      expect((await unlock(posts.p7, 7, fans.newSub.token)).status).toBe(200);
      expect(await captures()).toEqual({ count: before.count + 3, cents: before.cents + 1400 + 1800 + 700 });

      // Reports: the promotion with its purchases and revenue; its buyers.
      const reports = await post('/api/promotion-setting/get-promotion-reports', { pageNum: 1 });
      expect(reports.body.data).toMatchObject({ currentPage: 1, totalPages: 1, total: 1 });
      expect(reports.body.data.promotions[0]).toMatchObject({ _id: tenOff, purchases: 2, buyers: 1, revenue_cents: 3200, revenue: 32, reversed: 0 });
      const list = await call('GET', `/admin-api/promotion-purchases?filter=${encodeURIComponent(JSON.stringify({ promotion_id: tenOff }))}&sort=${encodeURIComponent('["requested_at","ASC"]')}`, undefined, admin);
      expect(list.headers.get('content-range')).toBe('promotion-purchases 0-1/2');
      expect(list.body.map((x: any) => [x.kind, x.item_id, x.amount_cents, x.status, x.user_email])).toEqual([
        ['unlock', posts.p15, 1400, 'captured', fans.newSub.email],
        ['unlock', posts.p20, 1800, 'captured', fans.newSub.email],
      ]);
      const one = await call('GET', `/admin-api/promotions/${tenOff}`, undefined, admin);
      expect(one.body).toMatchObject({ id: tenOff, purchases: 2, revenue_cents: 3200 });
    });

    it('expiry by the clock: the ribbon goes and a purchase naming the promotion gets "Sorry promotion expired."', async () => {
      advance(25 * HOUR);
      expect((await check(fans.newSub.token)).locked_content).toBeNull();
      expect((await post('/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' })).body.data).toMatchObject({ _id: tenOff, status: 'expired', ends_at: null });
      const before = await captures();
      for (const promotion of [{ promotion_id: tenOff, is_promotion_applied: true }, { is_promotion_applied: true }, { promotion_id: null, is_promotion_applied: true }, { promotion_id: UNKNOWN }]) {
        const r = await writesNothing(() => unlock(posts.p9, 9, fans.newSub.token, promotion));
        expect(r.status, JSON.stringify(promotion)).toBe(410);
        expect(r.body).toMatchObject({ success: 0, message: 'Sorry promotion expired.', code: 'PROMOTION_EXPIRED' });
      }
      expect(await captures()).toEqual(before);
      // The type is free again: a new promotion with the default discount (50) until the end of the creator's day.
      const saved = await save(lockedPromo({ date_expire: 'end_of_day', timezone: 'UTC' }));
      expect(saved.body.data).toMatchObject({ discount_percentage: 50, expiry: { kind: 'end_of_day' }, status: 'active' });
      const midnight = new Date(now());
      midnight.setUTCHours(24, 0, 0, 0);
      expect(saved.body.data.expires_at).toBe(midnight.toISOString());
    });

    it('end promotion: ended for everyone at once; unknown ids refused; ending twice changes nothing', async () => {
      const current = (await post('/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' })).body.data;
      const ended = await endPromo(current._id);
      expect(ended.body).toMatchObject({ success: 1, message: 'Promotion ended successfully.', data: { _id: current._id, status: 'ended' } });
      expect(ended.body.data.ended_at).not.toBeNull();
      expect((await writesNothing(() => endPromo(current._id))).status).toBe(200);
      expect((await writesNothing(() => endPromo(UNKNOWN))).body).toMatchObject({ success: 0, message: 'Error in end promotion.' });
      expect((await writesNothing(() => endPromo(UNKNOWN))).status).toBe(404);
      expect((await writesNothing(() => post('/api/promotion-setting/end-promotion', { promotion_id: 'nope' }))).body).toMatchObject({ field: 'promotion_id' });
      expect((await writesNothing(() => post('/api/promotion-setting/end-promotion', {}, fans.oldSub.token))).status).toBe(403);
      expect((await check(fans.oldSub.token)).locked_content).toBeNull();
      const r = await writesNothing(() => unlock(posts.p9, 5, fans.oldSub.token, { promotion_id: current._id, is_promotion_applied: true }));
      expect(r.body.message).toBe('Sorry promotion expired.');
      // An old, replaced promotion is ended already: nothing to do.
      expect((await writesNothing(() => endPromo(tenOff))).status).toBe(200);
    });

    it('a repeating promotion starts over when its period ends, with the repeat message', async () => {
      const saved = await save(lockedPromo({ discount_percentage: 20, date_expire: 2, is_repeat_promotion: true }));
      const created = now();
      expect(saved.body.data).toMatchObject({ is_repeat_promotion: true, repeat_message: 'This promotion repeats every 2 hours.', date_expire: 2 });
      advance(3 * HOUR);
      const ribbon = (await check(fans.oldSub.token)).locked_content;
      expect(ribbon).toMatchObject({ promotion_id: saved.body.data._id, repeat_message: 'This promotion repeats every 2 hours.' });
      expect(Math.abs(Date.parse(ribbon.ends_at) - (created + 4 * HOUR))).toBeLessThan(5_000);
      expect(ribbon.remaining_ms).toBeLessThanOrEqual(HOUR + 5_000);
      // Still buyable in its second period: $9 at 20% off = 7.2, rounded up to $8.
      const before = await captures();
      expect((await unlock(posts.p9, 8, fans.oldSub.token, { promotion_id: saved.body.data._id, is_promotion_applied: true })).status).toBe(200);
      expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + 800 });
      await endPromo(saved.body.data._id);
    });

    it('NEW_USERS / OLD_USERS: who sees which ribbon and who may buy at the promotion price', async () => {
      // Locked content for OLD users: a member with a membership before this one.
      const old = (await save(lockedPromo({ applicable_to: 'OLD_USERS', discount_percentage: 50 }))).body.data;
      expect((await check(fans.oldSub.token)).locked_content).toMatchObject({ promotion_id: old._id, applies_to_viewer: true });
      expect((await check(fans.newSub.token)).locked_content).toBeNull();
      const refused = await writesNothing(() => unlock(posts.p11, 6, fans.newSub.token, { promotion_id: old._id, is_promotion_applied: true }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Invalid request.', code: 'PROMOTION_NOT_APPLICABLE' });
      expect((await unlock(posts.p11, 6, fans.oldSub.token, { promotion_id: old._id, is_promotion_applied: true })).status).toBe(200); // 11 × 0.5 = 5.5 → 6
      await endPromo(old._id);
      const fresh = (await save(lockedPromo({ applicable_to: 'NEW_USERS' }))).body.data;
      expect((await check(fans.oldSub.token)).locked_content).toBeNull();
      expect((await check(fans.newSub.token)).locked_content).toMatchObject({ promotion_id: fresh._id });
      await endPromo(fresh._id);

      // Subscription promotion for NEW users (never subscribed): a trial offer with its own prices.
      const sub = await save({
        promotion_type: 'SUBSCRIPTION', applicable_to: 'NEW_USERS', date_expire: 48, ribbon_text: 'First week $4.99',
        subscription_initial_amount: 4.99, subscription_recurring_amount: '9.99', is_trial_offer: true, initial_period: 7,
      });
      expect(sub.body.data).toMatchObject({ promotion_type: 'SUBSCRIPTION', subscription_initial_amount: 4.99, subscription_recurring_amount_cents: 999, is_trial_offer: true, initial_period: 7, date_expire: 48 });
      const seen = await check(fans.never.token);
      expect(seen.subscription).toMatchObject({ promotion_id: sub.body.data._id, applies_to_viewer: true, subscription_initial_amount_cents: 499, initial_period: 7, settings: { position: 'below hero', ribbon_background_color: '#112233' } });
      expect((await check()).subscription).toMatchObject({ promotion_id: sub.body.data._id }); // guests are new users
      expect((await check(fans.lapsed.token)).subscription).toBeNull();
      expect((await check(fans.newSub.token)).subscription).toBeNull(); // subscribed now
      expect((await check(admin)).subscription).toMatchObject({ applies_to_viewer: false });
      await endPromo(sub.body.data._id);
      const back = (await save({ promotion_type: 'SUBSCRIPTION', applicable_to: 'OLD_USERS', date_expire: 24, ribbon_text: 'Come back', subscription_initial_amount: 5, subscription_recurring_amount: 9.99 })).body.data;
      expect((await check(fans.lapsed.token)).subscription).toMatchObject({ promotion_id: back._id });
      expect((await check(fans.never.token)).subscription).toBeNull();
    });

    it('enable_promotion off hides every ribbon and refuses promotion prices; on again brings them back', async () => {
      const promo = (await save(lockedPromo({ discount_percentage: 40 }))).body.data;
      const off = await post('/api/promotion-setting/save-promotion-settings', { enable_promotion: false });
      expect(off.body.data.enable_promotion).toBe(false);
      expect((await call('GET', '/api/app_settings/get')).body.data).toMatchObject({ enable_promotion: false, enable_coupons: true });
      expect(await check(fans.lapsed.token)).toMatchObject({ enable_promotion: false, subscription: null, locked_content: null });
      expect((await check(fans.oldSub.token)).locked_content).toBeNull();
      const r = await writesNothing(() => unlock(posts.p7, 5, fans.oldSub.token, { promotion_id: promo._id, is_promotion_applied: true }));
      expect(r.body.message).toBe('Sorry promotion expired.');
      await post('/api/promotion-setting/save-promotion-settings', { enable_promotion: true });
      expect((await check(fans.oldSub.token)).locked_content).toMatchObject({ promotion_id: promo._id, discount_percentage: 40 });
      expect((await check(fans.lapsed.token)).subscription).not.toBeNull();
    });

    it('reports list every promotion with its status; filters; only managers read them', async () => {
      const all = await call('GET', `/admin-api/promotions?sort=${encodeURIComponent('["created_at","ASC"]')}&range=${encodeURIComponent('[0,49]')}`, undefined, admin);
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toMatch(/^promotions 0-7\/8$/);
      expect(all.body[0]).toMatchObject({ id: tenOff, status: 'expired', purchases: 2 });
      const active = await call('GET', `/admin-api/promotions?filter=${encodeURIComponent(JSON.stringify({ status: 'active' }))}`, undefined, admin);
      expect(active.body.map((p: any) => p.promotion_type).sort()).toEqual(['LOCKED_CONTENT', 'SUBSCRIPTION']);
      const subs = await post('/api/promotion-setting/get-promotion-reports', { promotion_type: 'SUBSCRIPTION' });
      expect(subs.body.data.promotions.every((p: any) => p.promotion_type === 'SUBSCRIPTION')).toBe(true);
      expect((await call('GET', `/admin-api/promotions/${UNKNOWN}`, undefined, admin)).status).toBe(404);
      expect((await call('GET', '/admin-api/promotions', undefined, fans.oldSub.token)).status).toBe(403);
      expect((await post('/api/promotion-setting/get-promotion-reports', { pageNum: 0 })).body).toMatchObject({ field: 'pageNum' });
    });

    let coupon10: string;

    it('coupons: added trimmed and upper-cased, unique, percentage or fixed, refused with the spec messages', async () => {
      const added = await post('/api/coupon/add', { code: ' summer10 ', discount_type: 'percentage', discount_value_for_initial: 10, discount_value_for_recurring: 0 });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toMatchObject({ message: 'Coupon code added successfully.', data: { code: 'SUMMER10', discount_type: 'percentage', discount_value_for_initial: 10, discount_value_for_recurring: 0, is_active: true, uses: 0 } });
      coupon10 = added.body.data._id;
      expect((await post('/api/coupon/add', { code: 'FIXED250', discount_type: 'fixed', discount_value_for_initial: '2.50', discount_value_for_recurring: 1 })).body.data).toMatchObject({ code: 'FIXED250', discount_value_for_initial: 2.5, discount_value_for_recurring: 1 });
      for (const [body, field, message, status] of [
        [{ code: 'SUMMER10 ', discount_type: 'percentage', discount_value_for_initial: 20 }, 'code', 'This coupon code already exists.', 409],
        [{ code: '   ', discount_type: 'percentage', discount_value_for_initial: 20 }, 'code', 'Enter valid coupon', 400],
        [{ code: 'two words', discount_type: 'percentage', discount_value_for_initial: 20 }, 'code', 'Enter valid coupon', 400],
        [{ code: 'X1', discount_type: 'percentage', discount_value_for_initial: 12.345 }, 'discount_value_for_initial', 'Enter a discount between 0 and 100 percent.', 400],
        [{ code: 'X2', discount_type: 'percentage', discount_value_for_initial: 101 }, 'discount_value_for_initial', 'Enter a discount between 0 and 100 percent.', 400],
        [{ code: 'X3', discount_type: 'fixed', discount_value_for_initial: '1.005' }, 'discount_value_for_initial', 'Please enter a valid amount', 400],
        [{ code: 'X4', discount_type: 'percentage', discount_value_for_initial: 0, discount_value_for_recurring: 0 }, 'discount_value_for_initial', 'Enter a discount for the initial or the recurring price.', 400],
        [{ code: 'X5', discount_type: 'bogus', discount_value_for_initial: 5 }, 'discount_type', 'discount_type is invalid.', 400],
      ] as const) {
        const r = await writesNothing(() => post('/api/coupon/add', body));
        expect(r.status, JSON.stringify(body)).toBe(status);
        expect(r.body, JSON.stringify(body)).toMatchObject({ message, ...(status === 400 ? { field } : {}) });
      }
      expect((await writesNothing(() => post('/api/coupon/add', { code: 'FAN', discount_type: 'percentage', discount_value_for_initial: 5 }, fans.never.token))).status).toBe(403);
    });

    it('coupon check: valid with the discounted membership prices (2 decimals), invalid with an error code; disable, enable, switch off', async () => {
      const checkCode = (code: unknown, token = fans.never.token) => post('/api/coupon/check', { code }, token);
      // Membership $9.99: 10% off is 8.991, rounded to the cent: $8.99; the recurring price is untouched (0).
      const valid = await writesNothing(() => checkCode('  summer10 '));
      expect(valid.status).toBe(200);
      expect(valid.body.data).toEqual({
        code: 'SUMMER10', discount_type: 'percentage', discount_value_for_initial: 10, discount_value_for_recurring: 0,
        prices: { initial_cents: 899, recurring_cents: 999, list_initial_cents: 999, list_recurring_cents: 999 },
      });
      expect((await checkCode('fixed250')).body.data.prices).toEqual({ initial_cents: 749, recurring_cents: 899, list_initial_cents: 999, list_recurring_cents: 999 });
      const blank = await checkCode('   ');
      expect(blank.body).toMatchObject({ success: 0, message: 'Enter valid coupon', field: 'code' });
      expect((await checkCode(undefined)).body).toMatchObject({ message: 'Enter valid coupon' });
      const unknown = await checkCode('NOPE');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: 0, code: 'COUPON_NOT_FOUND', message: 'Invalid coupon code.' });
      expect((await call('POST', '/api/coupon/check', { code: 'SUMMER10' })).status).toBe(401);

      const disabled = await post('/api/coupon/edit', { couponId: coupon10, is_active: false });
      expect(disabled.body).toMatchObject({ message: 'Coupon code updated successfully.', data: { is_active: false } });
      expect((await checkCode('SUMMER10')).body).toMatchObject({ code: 'COUPON_DISABLED', message: 'This coupon is no longer valid.' });
      await post('/api/coupon/edit', { couponId: coupon10, is_active: true, discount_value_for_initial: 25 });
      expect((await checkCode('summer10')).body.data.prices.initial_cents).toBe(749); // 9.99 × 0.75 = 7.4925 → 7.49
      expect((await writesNothing(() => post('/api/coupon/edit', { couponId: coupon10, discount_value_for_initial: 25 }))).status).toBe(200);
      expect((await writesNothing(() => post('/api/coupon/edit', { couponId: UNKNOWN, is_active: false }))).body).toMatchObject({ message: 'Error while update coupon code details.' });
      expect((await writesNothing(() => post('/api/coupon/edit', { couponId: coupon10, discount_value_for_initial: 120 }))).body).toMatchObject({ field: 'discount_value_for_initial' });

      const off = await post('/api/coupon/save', { enable_coupons: false });
      expect(off.body).toMatchObject({ message: 'update settings successfully.', data: { enable_coupons: false } });
      expect((await checkCode('SUMMER10')).body).toMatchObject({ code: 'COUPONS_DISABLED', message: 'Coupons are not available right now.' });
      await post('/api/coupon/save', { enable_coupons: true });
      expect((await checkCode('SUMMER10')).status).toBe(200);
      expect((await post('/api/coupon/save', {})).body).toMatchObject({ field: 'enable_coupons' });
    });

    it('coupon lists and details for the console', async () => {
      const page = await call('GET', '/api/coupon/get-coupons?pageNum=1', undefined, admin);
      expect(page.body.data).toMatchObject({ currentPage: 1, totalPages: 1, total: 2, enable_coupons: true });
      expect(page.body.data.coupons.map((c: any) => c.code).sort()).toEqual(['FIXED250', 'SUMMER10']);
      const details = await call('GET', `/api/coupon/get-details?couponId=${coupon10}&pageNum=1`, undefined, admin);
      expect(details.body.data).toMatchObject({ coupon: { code: 'SUMMER10', discount_value_for_initial: 25, is_active: true }, purchases: [], total: 0 });
      expect((await call('GET', '/api/coupon/get-details?pageNum=1', undefined, admin)).body).toMatchObject({ field: 'couponId' });
      expect((await call('GET', `/api/coupon/get-details?couponId=${UNKNOWN}`, undefined, admin)).status).toBe(404);
      const ra = await call('GET', `/admin-api/coupons?filter=${encodeURIComponent(JSON.stringify({ q: 'summ' }))}`, undefined, admin);
      expect(ra.headers.get('content-range')).toBe('coupons 0-0/1');
      expect(ra.body[0]).toMatchObject({ id: coupon10, code: 'SUMMER10' });
      expect((await call('GET', `/admin-api/coupons/${coupon10}`, undefined, admin)).body).toMatchObject({ code: 'SUMMER10', uses: 0 });
      const purchases = await call('GET', `/admin-api/coupon-purchases?filter=${encodeURIComponent(JSON.stringify({ coupon_id: coupon10 }))}`, undefined, admin);
      expect(purchases.status).toBe(200);
      expect(purchases.headers.get('content-range')).toBe('coupon-purchases 0-0/0');
      expect((await call('GET', '/api/coupon/get-coupons', undefined, fans.oldSub.token)).status).toBe(403);
    });

    it('resubscribe offer: settings saved by managers; the banner for former members only', async () => {
      const got = await call('GET', '/api/resubscribe-offer/get-settings', undefined, admin);
      expect(got.body.data).toMatchObject({ enabled: false, for_subscribers_only: true, give_free_month_subscription: 0, recurring_price: 9.99 });
      expect((await call('GET', '/api/offer/check-offer', undefined, fans.lapsed.token)).body.data).toEqual({ data: null });
      const saved = await call('PUT', '/api/resubscribe-offer/save-settings', { enabled: true, give_free_month_subscription: 1, recurring_price: '7.50', promo_banner_text: '  One month free, then $7.50  ' }, admin);
      expect(saved.body).toMatchObject({ message: 'update settings successfully.', data: { enabled: true, give_free_month_subscription: 1, recurring_price: 7.5, recurring_price_cents: 750, promo_banner_text: 'One month free, then $7.50' } });
      const banner = (await call('GET', '/api/offer/check-offer', undefined, fans.lapsed.token)).body.data.data;
      expect(banner).toEqual({ promo_banner_text: 'One month free, then $7.50', quote: { kind: 'free_months', chargeNowCents: 0, freeDays: 30, recurringCents: 750, paymentMethodRequired: true } });
      expect((await call('GET', '/api/offer/check-offer', undefined, fans.oldSub.token)).body.data.data).toBeNull(); // running membership
      expect((await call('GET', '/api/offer/check-offer', undefined, fans.never.token)).body.data.data).toBeNull(); // subscribers only
      expect((await call('GET', '/api/offer/check-offer', undefined, admin)).body.data.data).toBeNull();
      for (const [body, field] of [
        [{ give_free_month_subscription: 13 }, 'give_free_month_subscription'],
        [{ recurring_price: 0 }, 'recurring_price'],
        [{ enabled: 'yes' }, 'enabled'],
        [{ surprise: true }, 'body'],
      ] as const) {
        const r = await writesNothing(() => call('PUT', '/api/resubscribe-offer/save-settings', body, admin));
        expect(r.status, JSON.stringify(body)).toBe(400);
        if (field !== 'body') expect(r.body.field).toBe(field);
      }
      expect((await call('PUT', '/api/resubscribe-offer/save-settings', { enabled: false }, fans.lapsed.token)).status).toBe(403);
    });

    it('every promotion, coupon and offer route answers 4xx, never 500, to empty or junk input from every kind of caller', async () => {
      // An export that succeeds records who exported what (tests/api/exports.suite.ts covers it): not junk input.
      const mine = Object.keys(API_ACCESS).filter((r) => /promotion|coupon|offer/.test(r) && !r.endsWith('/export'));
      expect(mine.length).toBeGreaterThanOrEqual(22);
      const failures: string[] = [];
      for (const route of mine) {
        const [method, pattern] = route.split(' ');
        for (const id of [UNKNOWN, 'junk']) {
          const url = pattern.replace(/:[a-z_]+/gi, id);
          for (const token of [undefined, fans.never.token, admin]) {
            for (const body of method === 'GET' ? [undefined] : [{}, { code: 5, promotion_type: [], promotion_id: {}, couponId: 1, is_active: 'x', subscription: 'x' }]) {
              const r = await writesNothing(() => call(method, url, body, token));
              if (r.status >= 500) failures.push(`${route} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('rebuilding the read models from the log reproduces the promotion and coupon tables row for row', async () => {
      const { database, store } = t.server.services;
      const mine = allProjections.filter((p) => p.name === 'promotions' || p.name === 'coupons');
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const p of mine)
          for (const table of p.tables) {
            const rows = await untypedTables(database).withSchema('rm').selectFrom(table.name).selectAll().execute();
            const key = (r: any) => table.primaryKey.map((k) => String(r[k])).join('|');
            out[table.name] = rows.sort((a, b) => key(a).localeCompare(key(b))).map((r) => JSON.stringify(r));
          }
        return out;
      };
      const live = await snapshot();
      expect(live.offer_payments.length).toBe(4);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}
