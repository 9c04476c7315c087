// Tiers and bundles over real HTTP: the console sets a VIP tier and a 3-month bundle, a fan subscribes to VIP on
// the bundle (one charge up front, paid through 90 days), a retry with the same Idempotency-Key charges once,
// another fan upgrades with a prorated charge and downgrades at renewal; the fan site's public plans and the
// membership page's tier follow the plans read model; the ledger check runs at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections/index';
import { startTestServer, TEST_CARD_FORM as FORM, type Backend, type TestServer } from '../support/server';

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
  });
}
