// Tiers and bundles over real HTTP: the console sets a VIP tier and a 3-month bundle, a fan subscribes to VIP on
// the bundle (one charge up front, paid through 90 days), a retry with the same Idempotency-Key charges once,
// another fan upgrades with a prorated charge and downgrades at renewal; the fan site's public plans and the
// membership page's tier follow the plans read model; posts, chat messages and mass messages limited to a tier are
// refused to lower tiers and open after the upgrade; the ledger check runs at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections/index';
import { startTestServer, TEST_CARD_FORM as FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';

const TEST_CARD_FORM = { ...FORM, cardNumber: SANDBOX_TEST_CARDS.approve };

const DAY = 86_400_000;

export function tiersSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`tiers and bundles over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let n = 0;
    const fan = async (label: string) => {
      const r = await t.call('POST', '/api/users/register', { name: `Fan ${label}`, email: `${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      return { token, id: (await t.call('GET', '/api/users/me', undefined, { token })).body.data._id as string };
    };
    const charges = async (userId: string) =>
      (await sql<{ amount_cents: string }>`SELECT amount_cents FROM rm.transactions WHERE user_id = ${userId} AND status = 'captured' ORDER BY created_at`.execute(t.server.services.database.db)).rows.map((r) =>
        Number(r.amount_cents),
      );

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('bundles are off by default; the console sets them and refuses a bad discount naming the field', async () => {
      const f = await fan('quote');
      const q0 = (await t.call('POST', '/api/v2/subscription/quote', {}, { token: f.token })).body.data;
      expect(q0).toMatchObject({ initial_cents: 999, tier_id: 'base', bundle_months: null, renewal_period_days: 30 });
      expect(q0.tiers).toEqual([expect.objectContaining({ tier_id: 'base', monthly_cents: 999, bundles: [] })]);
      const bad = await t.call('PUT', '/admin-api/subscription-bundles/site', { discount_3: 95 }, { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/90/);
      const ok = await t.call('PUT', '/admin-api/subscription-bundles/site', { discount_3: 20 }, { token: admin });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toEqual({ id: 'site', discount_3: 20, discount_6: 0, discount_12: 0 });
      const fanRefused = await t.call('PUT', '/admin-api/subscription-bundles/site', { discount_3: 20 }, { token: f.token });
      expect(fanRefused.status).toBe(403);      // The fan site's public plans (no sign-in) follow the read model.
      const plans = await t.call('GET', '/api/membership/plans');
      expect(plans.status, JSON.stringify(plans.body)).toBe(200);
      expect(plans.body.data.bundles).toEqual([{ months: 3, discount_percent: 20 }]);
      expect(plans.body.data.tiers).toEqual([expect.objectContaining({ tier_id: 'base', name: 'Member', monthly_cents: 999, bundles: [{ months: 3, discount_percent: 20, price_cents: 2398, monthly_cents: 799 }] })]);
    });

    it('a VIP tier; a fan subscribes to VIP on the 3-month bundle: charged once (also on a retry), paid through 90 days', async () => {
      const created = await t.call('POST', '/admin-api/membership-tiers', { name: 'VIP', description: 'Closer', benefits: ['VIP posts'], price_cents: 2499, rank: 10 }, { token: admin });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ name: 'VIP', price_cents: 2499, rank: 10, subscribers: 0, is_base: false });
      const noRank = await t.call('POST', '/admin-api/membership-tiers', { name: 'Gold', price_cents: 5000 }, { token: admin });
      expect(noRank.status).toBe(400);
      const vipId = created.body.id as string;
      const pub = (await t.call('GET', '/api/membership/plans')).body.data;
      expect(pub.tiers.map((x: { tier_id: string; name: string; monthly_cents: number; benefits: string[] }) => [x.name, x.monthly_cents, x.benefits])).toEqual([['Member', 999, []], ['VIP', 2499, ['VIP posts']]]);
      expect(pub.tiers[1].bundles).toEqual([{ months: 3, discount_percent: 20, price_cents: 5998, monthly_cents: 1999 }]);
      const f = await fan('vip');
      const q = (await t.call('POST', '/api/v2/subscription/quote', { tier_id: vipId, bundle_months: 3 }, { token: f.token })).body.data;
      // 2499 × 3 × 0.8 = 5997.6 → 5998; per month 1999.33 → 1999.
      expect(q).toMatchObject({ initial_cents: 5998, recurring_cents: 5998, initial_period_days: 90, source: 'bundle', tier_id: vipId, bundle_months: 3, list_initial_cents: 7497 });
      expect(q.tiers.find((x: { tier_id: string }) => x.tier_id === vipId).bundles).toEqual([{ months: 3, discount_percent: 20, price_cents: 5998, monthly_cents: 1999 }]);
      const notOffered = await t.call('POST', '/api/v2/subscription/quote', { bundle_months: 6 }, { token: f.token });
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.message).toBe('This bundle is not offered.');
      const body = { ...TEST_CARD_FORM, tier_id: vipId, bundle_months: 3 };
      const r1 = await t.call('POST', '/api/v2/purchase/subscription', body, { token: f.token, headers: { 'idempotency-key': 'vip-bundle-1' } });
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r1.body.data).toMatchObject({ accepted: true, amount_cents: 5998 });
      const r2 = await t.call('POST', '/api/v2/purchase/subscription', body, { token: f.token, headers: { 'idempotency-key': 'vip-bundle-1' } });
      expect(r2.status).toBe(200);
      expect(await charges(f.id)).toEqual([5998]);
      const me = (await t.call('GET', '/api/users/me', undefined, { token: f.token })).body.data;
      expect(Date.parse(me.expiration_date) - Date.now()).toBeGreaterThan(89.9 * DAY);
      const tiers = await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin });
      expect(tiers.body.find((x: { id: string }) => x.id === vipId)).toMatchObject({ subscribers: 1 });
      // The tier's price changes: new subscribers pay the new price; the member keeps hers (recorded in her subscription).
      const put = await t.call('PUT', `/admin-api/membership-tiers/${vipId}`, { ...created.body, price_cents: 2999 }, { token: admin });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const sub = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: f.token })).body.data;
      expect(sub.recurring_cents).toBe(5998);
    });

    it('an upgrade is charged the prorated difference now; a downgrade waits for the renewal', async () => {
      const tiers = (await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; price_cents: number }[];
      const vip = tiers.find((x) => x.id !== 'base')!;
      const f = await fan('up');
      expect((await t.call('POST', '/api/v2/purchase/subscription', TEST_CARD_FORM, { token: f.token })).status).toBe(200);
      // The membership page offers the upgrade with its prorated price before the fan confirms.
      const before = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: f.token })).body.data.tier;
      expect(before).toMatchObject({ tier_id: 'base', name: 'Member', bundle_months: null, can_change: true, scheduled: null });
      expect(before.changes).toEqual([expect.objectContaining({ tier_id: vip.id, kind: 'upgrade', recurring_cents: vip.price_cents, charge_now_cents: vip.price_cents - 999 })]);
      const up = await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: vip.id }, { token: f.token, headers: { 'idempotency-key': 'upgrade-key-1' } });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body.message).toBe('Your membership has been upgraded.');
      // 30 days left (a day begun counts): the whole difference 2999 − 999.
      expect(await charges(f.id)).toEqual([999, vip.price_cents - 999]);
      const again = await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: vip.id }, { token: f.token, headers: { 'idempotency-key': 'upgrade-key-1' } });
      expect(again.status).toBe(200);
      expect((await charges(f.id)).length).toBe(2);
      const down = await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: 'base' }, { token: f.token });
      expect(down.status, JSON.stringify(down.body)).toBe(200);
      expect(down.body.message).toBe('Your new tier starts at your next renewal.');
      const after = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: f.token })).body.data.tier;
      expect(after).toMatchObject({ tier_id: vip.id, scheduled: { tier_id: 'base', name: 'Member', recurring_cents: 999 } });
      expect(after.changes).toEqual([expect.objectContaining({ tier_id: vip.id, kind: 'keep', charge_now_cents: 0 })]);
      expect((await charges(f.id)).length).toBe(2);
      const unknown = await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: 'nope' }, { token: f.token });
      expect(unknown.status).toBe(400);
    });

    it('a removed tier leaves the console list and the public plans; its members keep it; the read model is rebuilt the same', async () => {
      const temp = await t.call('POST', '/admin-api/membership-tiers', { name: 'Temp', price_cents: 1500, rank: 20 }, { token: admin });
      expect(temp.status, JSON.stringify(temp.body)).toBe(200);
      const f = await fan('temp');
      expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, tier_id: temp.body.id }, { token: f.token })).status).toBe(200);
      const del = await t.call('DELETE', `/admin-api/membership-tiers/${temp.body.id}`, undefined, { token: admin });
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect((await t.call('GET', `/admin-api/membership-tiers/${temp.body.id}`, undefined, { token: admin })).status).toBe(404);
      const pub = (await t.call('GET', '/api/membership/plans')).body.data;
      expect(pub.tiers.map((x: { name: string }) => x.name)).not.toContain('Temp');
      const mine = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: f.token })).body.data;
      expect(mine.tier).toMatchObject({ tier_id: temp.body.id, name: 'Temp' });
      expect(mine.recurring_cents).toBe(1500);
      const base = await t.call('DELETE', '/admin-api/membership-tiers/base', undefined, { token: admin });
      expect(base.status).toBe(409);
      const db = t.server.services.database.db;
      const rows = async () => ({
        tiers: (await sql`SELECT tier_id, name, description, benefits, price_cents, rank, archived FROM rm.membership_tiers ORDER BY tier_id`.execute(db)).rows,
        bundles: (await sql`SELECT months, discount_percent FROM rm.subscription_bundles ORDER BY months`.execute(db)).rows,
      });
      const live = await rows();
      expect(live.tiers.length).toBeGreaterThan(1);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      expect(await rows()).toEqual(live);
    });

    it('a post limited to VIP: a Basic member sees it locked with the tier to upgrade to and no media links anywhere; after the upgrade it opens', async () => {
      const db = t.server.services.database.db;
      const tiers = (await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string; price_cents: number }[];
      const vip = tiers.find((x) => x.name === 'VIP')!;
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg().toBuffer();
      const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'vip.jpg', content_type: 'image/jpeg', media_type: 'blog' }, { token: admin });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const mediaId = (await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
      // Refusals name the field and write nothing.
      const unknown = await t.call('POST', '/api/blogs', { caption: 'x', visibility: 'private', media_ids: [mediaId], min_tier_id: 'gold' }, { token: admin });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ field: 'min_tier_id', message: 'Choose a tier that is offered.' });
      const pub = await t.call('POST', '/api/blogs', { caption: 'x', visibility: 'public', media_ids: [mediaId], min_tier_id: vip.id }, { token: admin });
      expect(pub.status).toBe(400);
      expect(pub.body.field).toBe('min_tier_id');
      const created = await t.call('POST', '/admin-api/posts', { caption: 'For VIPs only', visibility: 'private', media_ids: [mediaId], min_tier_id: vip.id }, { token: admin });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ min_tier_id: vip.id });
      const postId = created.body.id as string;
      const locked = await t.call('POST', '/admin-api/posts', { caption: 'VIP pay-per-view', visibility: 'locked', amount: 7, media_ids: [mediaId], min_tier_id: vip.id }, { token: admin });
      expect(locked.status, JSON.stringify(locked.body)).toBe(201);

      const f = await fan('basic-post');
      expect((await t.call('POST', '/api/v2/purchase/subscription', TEST_CARD_FORM, { token: f.token })).status).toBe(200);
      const { original_key: originalKey, thumbnail_key: thumbKey } = (await sql<{ original_key: string; thumbnail_key: string }>`SELECT original_key, thumbnail_key FROM rm.media WHERE id = ${mediaId}`.execute(db)).rows[0];
      const noLinks = (p: { media: { url: string | null; thumbnail_url: string | null }[] }) => {
        expect(p.media.every((m) => m.url === null && m.thumbnail_url === null)).toBe(true);
        expect(JSON.stringify(p)).not.toContain(originalKey);
        expect(JSON.stringify(p)).not.toContain(thumbKey);
      };
      const one = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: f.token })).body.data;
      expect(one).toMatchObject({ isLocked: true, cta: 'upgrade', required_tier: { tier_id: vip.id, name: 'VIP' }, description: 'For VIPs only', captionBlur: false });
      noLinks(one);
      // The feed, read twice (the second answer comes from the kept page).
      for (let i = 0; i < 2; i++) {
        const feed = (await t.call('GET', '/api/blogs', undefined, { token: f.token })).body.data.blogs as { _id: string; media: { url: string | null; thumbnail_url: string | null }[] }[];
        const inFeed = feed.find((b) => b._id === postId);
        expect(inFeed).toMatchObject({ isLocked: true, cta: 'upgrade' });
        noLinks(inFeed!);
        expect(feed.find((b) => b._id === locked.body.id)).toMatchObject({ isLocked: true, cta: 'upgrade' });
      }
      // The notifications' thumbnails: the blurred copy, never a signed link.
      const notes = (await t.call('GET', '/api/notifications/list/notification', undefined, { token: f.token })).body.data.rows as { post_id: string | null; thumbnail_url: string | null }[];
      for (const n of notes.filter((r) => r.post_id === postId)) expect(n.thumbnail_url ?? '').not.toContain(thumbKey);
      // The media route: the original without a signature is refused.
      expect((await fetch(`${t.base}/media/${originalKey}`, { headers: { authorization: `Bearer ${f.token}` } })).status).toBe(403);
      // Staff see everything; a guest is asked to register.
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: admin })).body.data).toMatchObject({ isLocked: false });
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`)).body.data).toMatchObject({ isLocked: true, cta: 'register' });

      // Below the tier the locked VIP post is not for sale: refused, nothing charged.
      const early = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: locked.body.id, amount: 7, ...TEST_CARD_FORM }, { token: f.token });
      expect([early.status, early.body.message]).toEqual([403, 'This post is for members of a higher tier: upgrade to unlock it.']);
      expect(await charges(f.id)).toEqual([999]);

      // The upgrade opens it; the locked VIP post is now offered for its price, and the unlock works as before.
      const up = await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: vip.id }, { token: f.token });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const open = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: f.token })).body.data;
      expect(open).toMatchObject({ isLocked: false, cta: null });
      expect(open.media[0].url).toContain('sig=');
      const feed = (await t.call('GET', '/api/blogs', undefined, { token: f.token })).body.data.blogs as { _id: string; media: { url: string | null; thumbnail_url: string | null }[] }[];
      expect(feed.find((b) => b._id === postId)).toMatchObject({ isLocked: false });
      expect(feed.find((b) => b._id === locked.body.id)).toMatchObject({ isLocked: true, cta: 'unlock' });
      const bought = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: locked.body.id, amount: 7, ...TEST_CARD_FORM }, { token: f.token });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${locked.body.id}`, undefined, { token: f.token })).body.data).toMatchObject({ isLocked: false, is_unlocked: true });

      // Earnings per tier: the upgrade into VIP is counted there.
      const vipNow = ((await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; earnings: { upgrades: number; upgrades_cents: number; subscriptions: number } }[]).find((x) => x.id === vip.id)!;
      expect(vipNow.earnings.upgrades).toBeGreaterThanOrEqual(2);
      expect(vipNow.earnings.subscriptions).toBeGreaterThanOrEqual(1);
      // The console lifts the limit: every member sees it.
      const other = await fan('basic-other');
      expect((await t.call('POST', '/api/v2/purchase/subscription', TEST_CARD_FORM, { token: other.token })).status).toBe(200);
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: other.token })).body.data.cta).toBe('upgrade');
      const edit = await t.call('POST', '/api/blogs/edit', { postId, description: 'For everyone now', min_tier_id: null }, { token: admin });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: other.token })).body.data).toMatchObject({ isLocked: false, required_tier: null });
    });

    it('a mass message to VIP and above: counted before sending, sent to members whose tier meets it, a scheduled one re-read at send time', async () => {
      const db = t.server.services.database.db;
      const call = (url: string, body: unknown) => t.call('POST', url, body, { token: admin });
      const tiers = (await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string }[];
      const vip = tiers.find((x) => x.name === 'VIP')!;
      const gold = await call('/admin-api/membership-tiers', { name: 'Gold', price_cents: 4500, rank: 30 });
      expect(gold.status, JSON.stringify(gold.body)).toBe(200);
      const member = async (label: string, tierId?: string) => {
        const f = await fan(label);
        expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, ...(tierId ? { tier_id: tierId } : {}) }, { token: f.token })).status).toBe(200);
        return f;
      };
      const basic = await member('mass-basic');
      const vipFan = await member('mass-vip', vip.id);
      const goldFan = await member('mass-gold', gold.body.id);
      const stranger = await fan('mass-stranger');
      const settleAll = async () => {
        const h = await t.server.services.store.headPosition();
        if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
      };
      const deliver = async () => {
        await t.server.delivery.tick();
        await settleAll();
      };
      const copiesOf = async (massId: string) => (await sql<{ fan_id: string }>`SELECT fan_id FROM rm.chat_messages WHERE mass_message_id = ${massId}`.execute(db)).rows.map((r) => r.fan_id).sort();
      // Who meets VIP now, from the read models: members paid up whose tier ranks 10 or more (VIP, Gold, the removed Temp at 20).
      const meetsVip = async () =>
        (await sql<{ user_id: string }>`SELECT s.user_id FROM rm.subscribers s LEFT JOIN rm.membership_tiers m ON m.tier_id = s.tier_id
          WHERE s.expires_at > ${t.server.services.clock().toISOString()}::timestamptz AND COALESCE(m.rank, 0) >= 10`.execute(db)).rows.map((r) => r.user_id).sort();
      const audience = { type: 'tier', tier_id: vip.id };

      const counted = await call('/api/message/mass-audience-count', { audience });
      expect(counted.status, JSON.stringify(counted.body)).toBe(200);
      const expected = await meetsVip();
      expect(expected).toEqual(expect.arrayContaining([vipFan.id, goldFan.id]));
      expect(expected).not.toContain(basic.id);
      expect(counted.body.data).toEqual({ count: expected.length, label: 'Members of VIP and above' });
      const sent = await call('/api/message/send-mass-message', { type: 'text', isLocked: 'free', message: 'VIPs first', audience });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ send_to: 'ONLY_EXISTING', audience: { type: 'tier', tier_id: vip.id, label: 'Members of VIP and above' } });
      await deliver();
      const copies = await copiesOf(sent.body.data._id);
      expect(copies).toEqual(expected);
      expect(copies).not.toContain(stranger.id);
      // Gold and above: only the Gold member (VIP and the removed Temp rank lower).
      const goldOnly = await call('/api/message/mass-audience-count', { audience: { type: 'tier', tier_id: gold.body.id } });
      expect(goldOnly.body.data).toEqual({ count: 1, label: 'Members of Gold and above' });

      // Scheduled: the audience is found when it goes out, so a member who upgrades in between gets it.
      let offset = 0;
      const clock = t.server.services.clock;
      t.server.services.clock = () => new Date(Date.now() + offset);
      try {
        const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
        const later = await call('/api/message/send-mass-message', { type: 'text', isLocked: 'free', message: 'VIP night', audience, scheduled_at: at });
        expect(later.status, JSON.stringify(later.body)).toBe(200);
        expect(later.body.data.status).toBe('scheduled');
        await deliver();
        expect(await copiesOf(later.body.data._id)).toEqual([]);
        expect((await t.call('POST', '/api/v2/subscription/change-tier', { tier_id: vip.id }, { token: basic.token })).status).toBe(200);
        await settleAll();
        offset = 2 * 3_600_000 + 1000;
        await deliver();
        const atSend = await copiesOf(later.body.data._id);
        expect(atSend).toContain(basic.id);
        expect(atSend).toEqual(await meetsVip());
      } finally {
        t.server.services.clock = clock;
      }

      // Refusals name the field and write nothing.
      const head = await t.server.services.store.headPosition();
      for (const [a, message] of [[{ type: 'tier' }, 'Choose the tier.'], [{ type: 'tier', tier_id: 'nope' }, 'Choose a tier that is offered.']] as const) {
        for (const url of ['/api/message/mass-audience-count', '/api/message/send-mass-message']) {
          const r = await call(url, { type: 'text', isLocked: 'free', message: 'x', audience: a });
          expect([r.status, r.body.field, r.body.message], url).toEqual([400, 'audience.tier_id', message]);
        }
      }
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('a locked chat message and a locked mass message limited to VIP: a Basic member is offered the upgrade and refused the purchase (card and wallet, nothing charged); after the upgrade, or as VIP, it is bought as before', async () => {
      const db = t.server.services.database.db;
      const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });
      const tiers = (await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string }[];
      const vip = tiers.find((x) => x.name === 'VIP')!;
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 200 } } }).jpeg().toBuffer();
      const upload = async (name: string) => {
        const presign = await post('/api/upload/generate_presigned_url', { file_name: `${name}.jpg`, content_type: 'image/jpeg', media_type: 'message' });
        expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
        return (await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' })).body.data.id as string;
      };
      const member = async (label: string, tierId?: string) => {
        const f = await fan(label);
        expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, ...(tierId ? { tier_id: tierId } : {}) }, f.token)).status).toBe(200);
        return f;
      };
      const messages = async (token: string) => (await t.call('GET', '/api/chat/get_messages?page_num=1', undefined, { token })).body.data.messages as { _id: string; message: string; media: { url: string | null }[] }[];
      const settleAll = async () => {
        const h = await t.server.services.store.headPosition();
        if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
      };
      const basic = await member('chat-basic');
      const photo = await upload('vip-chat');

      // Refusals name the field and write nothing: a tier not on offer, a limit on a free message (chat and mass).
      const head = await t.server.services.store.headPosition();
      const refusals: [string, Record<string, unknown>, string][] = [
        ['/api/chat/send_message', { receiver: basic.id, media: [photo], isLocked: true, amount: 9, min_tier_id: 'nope' }, 'Choose a tier that is offered.'],
        ['/api/chat/send_message', { receiver: basic.id, media: [photo], isLocked: false, min_tier_id: vip.id }, 'A free message is seen by everyone it is sent to: choose Locked to limit it to a tier.'],
        ['/api/message/send-mass-message', { type: 'photo', media: [photo], isLocked: 'locked', amount: 9, min_tier_id: 'nope' }, 'Choose a tier that is offered.'],
        ['/api/message/send-mass-message', { type: 'photo', media: [photo], isLocked: 'free', min_tier_id: vip.id }, 'A free message is seen by everyone it is sent to: choose Locked to limit it to a tier.'],
      ];
      for (const [url, body, message] of refusals) {
        const r = await post(url, body);
        expect([r.status, r.body.field, r.body.message], url).toEqual([400, 'min_tier_id', message]);
      }
      expect(await t.server.services.store.headPosition()).toEqual(head);

      // A direct locked message for VIP and above: staff see the tier; the Basic member sees it locked with the upgrade.
      const sent = await post('/api/chat/send_message', { receiver: basic.id, message: 'VIP only', media: [photo], isLocked: true, amount: 9, min_tier_id: vip.id });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.message).toMatchObject({ isLocked: 'locked', required_tier: { tier_id: vip.id, name: 'VIP' }, cta: null });
      const messageId = sent.body.data.messageId as string;
      const seen = (await messages(basic.token)).find((m) => m._id === messageId)!;
      expect(seen).toMatchObject({ isLocked: 'locked', cta: 'upgrade', required_tier: { tier_id: vip.id, name: 'VIP' }, amount_cents: 900 });
      expect(seen.media[0].url).toBeNull();
      expect((await t.call('GET', `/api/chat/get_chat_message?id=${messageId}`, undefined, { token: basic.token })).body.data).toMatchObject({ cta: 'upgrade' });
      // Below the tier the purchase is refused, by card and from the wallet; nothing is charged or recorded.
      await topUpWallet(t, basic.token, 50);
      const before = await charges(basic.id);
      const byCard = await post('/api/v2/purchase/chat-content-purchase', { messageId, amount: 9 }, basic.token);
      expect([byCard.status, byCard.body.code, byCard.body.message]).toEqual([403, 'TIER_REQUIRED', 'This message is for members of a higher tier: upgrade to unlock it.']);
      const fromWallet = await post('/api/crypto/purchase-from-wallet', { payment_for: 'chat', content_id: messageId, amount: 9 }, basic.token);
      expect([fromWallet.status, fromWallet.body.code]).toEqual([403, 'TIER_REQUIRED']);
      expect(await charges(basic.id)).toEqual(before);
      expect((await sql`SELECT 1 FROM rm.transactions WHERE reference_id = ${messageId}`.execute(db)).rows).toEqual([]);
      // Upgraded to VIP: the message offers its unlock, and the purchase goes through once.
      expect((await post('/api/v2/subscription/change-tier', { tier_id: vip.id }, basic.token)).status).toBe(200);
      expect((await messages(basic.token)).find((m) => m._id === messageId)).toMatchObject({ isLocked: 'locked', cta: 'unlock' });
      const bought = await post('/api/v2/purchase/chat-content-purchase', { messageId, amount: 9 }, basic.token);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect(bought.body.data.chatMessage).toMatchObject({ isLocked: 'unlocked', cta: null });
      expect(bought.body.data.chatMessage.media[0].url).toContain('sig=');
      expect((await sql<{ amount_cents: string }>`SELECT amount_cents FROM rm.transactions WHERE reference_id = ${messageId} AND status = 'captured'`.execute(db)).rows.map((r) => Number(r.amount_cents))).toEqual([900]);

      // A locked mass message for VIP and above, to every subscriber: each copy carries the limit.
      const lowly = await member('mass-lowly');
      const vipFan = await member('mass-vip-buyer', vip.id);
      const mass = await post('/api/message/send-mass-message', { type: 'photo', message: 'VIP drop', media: [await upload('vip-mass')], isLocked: 'locked', amount: 12, min_tier_id: vip.id, send_to: 'ONLY_EXISTING' });
      expect(mass.status, JSON.stringify(mass.body)).toBe(200);
      expect(mass.body.data).toMatchObject({ isLocked: 'locked', amount_cents: 1200, required_tier: { tier_id: vip.id, name: 'VIP' } });
      const massId = mass.body.data._id as string;
      await t.server.delivery.tick();
      await settleAll();
      const copyOf = async (token: string) => (await messages(token)).find((m) => m.message === 'VIP drop')!;
      const lowlyCopy = await copyOf(lowly.token);
      expect(lowlyCopy).toMatchObject({ isMassMessage: true, isLocked: 'locked', cta: 'upgrade', required_tier: { tier_id: vip.id, name: 'VIP' } });
      const refused = await post('/api/v2/purchase/chat-content-purchase', { messageId: lowlyCopy._id, amount: 12 }, lowly.token);
      expect([refused.status, refused.body.code]).toEqual([403, 'TIER_REQUIRED']);
      expect(await charges(lowly.id)).toEqual([999]);
      const vipCopy = await copyOf(vipFan.token);
      expect(vipCopy).toMatchObject({ cta: 'unlock' });
      const vipBought = await post('/api/v2/purchase/chat-content-purchase', { messageId: vipCopy._id, amount: 12 }, vipFan.token);
      expect(vipBought.status, JSON.stringify(vipBought.body)).toBe(200);
      expect(vipBought.body.data.chatMessage).toMatchObject({ isLocked: 'unlocked' });
      await settleAll();
      expect((await t.call('GET', `/api/message/mass-messages/${massId}`, undefined, { token: admin })).body.data).toMatchObject({ required_tier: { tier_id: vip.id, name: 'VIP' }, stats: { purchases: 1 } });

      // Rebuilt from the events, the limits are the same.
      const rows = async () => (await sql`SELECT id, min_tier_id FROM rm.chat_messages WHERE min_tier_id IS NOT NULL ORDER BY id`.execute(db)).rows;
      const live = await rows();
      expect(live.length).toBeGreaterThanOrEqual(3);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      expect(await rows()).toEqual(live);
    });

    it("the Reporting page's memberships by tier: every membership payment in its tier, members as the Tiers page counts them; the CSV has the tier", async () => {
      const today = t.server.services.clock().toISOString().slice(0, 10);
      const r = (await t.call('GET', `/admin-api/reports/earnings?from=2020-01-01&to=${today}`, undefined, { token: admin })).body.data;
      type Line = { tier_id: string; name: string; sales: number; net_cents: number; members: number };
      const lines = r.tiers as Line[];
      const byTier = new Map(lines.map((l) => [l.tier_id, l]));
      // The lines hold every subscription, rebill and upgrade payment, and nothing else.
      expect(lines.reduce((n, l) => n + l.net_cents, 0)).toBe(r.totals.by_source.subscriptions + r.totals.by_source.rebills);
      expect(lines.reduce((n, l) => n + l.sales, 0)).toBe(r.totals.count_by_source.subscriptions + r.totals.count_by_source.rebills);
      // Lowest rank first; VIP's payments are there (subscriptions and upgrades into it).
      const records = (await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string; rank: number; subscribers: number }[];
      expect(lines[0]).toMatchObject({ tier_id: 'base', name: 'Member' });
      const vip = records.find((x) => x.name === 'VIP')!;
      expect(byTier.get(vip.id)!.sales).toBeGreaterThanOrEqual(4);
      for (const rec of records) expect(byTier.get(rec.id)?.members ?? 0, rec.name).toBe(rec.subscribers);
      // The removed Temp tier still has its member and its payment: it stays listed.
      expect(lines.some((l) => l.name === 'Temp' && l.sales === 1 && l.members === 1)).toBe(true);
      // The CSV: a tier column, and the VIP rows sum to VIP's net.
      const csv = await (await fetch(`${t.base}/admin-api/reports/earnings/export?from=2020-01-01&to=${today}`, { headers: { authorization: admin } })).text();
      const [header, ...rows] = csv.trim().split('\n');
      expect(header).toBe('day,source,tier,sales,refunds_voids_chargebacks,net');
      const cells = rows.map((line) => line.split(',').map((c) => c.replace(/"/g, '')));
      const vipNet = cells.filter((c) => c[2] === 'VIP').reduce((n, c) => n + Math.round(Number(c[5]) * 100), 0);
      expect(vipNet).toBe(byTier.get(vip.id)!.net_cents);
      expect(cells.filter((c) => c[1] === 'tips' || c[1] === 'chat').every((c) => c[2] === '')).toBe(true);
    });
  });
}
