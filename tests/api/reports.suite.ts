// The creator's reports on a seeded history — subscriptions, rebills, post unlocks, tips, a mass-message
// purchase, a refund, a void and a chargeback — each report's figures held against the auditor's ledger (the fold
// of the event log that `npm run ledger` prints), plus roles, hide_earnings, validation, the CSV exports' audit
// records, the UTM values kept at registration and the spec's resubscribe-offer paths.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { netCents, type Ledger } from '../../domain/ledger/ledger';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { UTM_COOKIE } from '../../domain/reporting/reporting';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

const DAY = 86_400_000;

export function reportsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`reports against the ledger (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let offset = 0;
    let ledger: Ledger;
    const fans: Record<'a' | 'b' | 'c', { token: string; id: string; email: string }> = {} as never;
    const staff: Record<string, string> = {};
    let postId: string;

    const post = (url: string, body: unknown, token = admin, headers: Record<string, string> = {}) => t.call('POST', url, body, { token, headers });
    const get = (url: string, token = admin) => t.call('GET', url, undefined, { token });
    const report = async (url: string, token = admin) => {
      const r = await get(url, token);
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const card = () => ({ ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve });
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
    };
    const paymentOf = async (userId: string, type: string) => {
      const rows = (await get(`/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ user_id: userId, type }))}`)).body as { id: string; status: string }[];
      const captured = rows.filter((r) => r.status === 'captured');
      expect(captured.length, `${type} of ${userId}`).toBeGreaterThan(0);
      return captured[0].id;
    };
    const today = () => new Date(Date.now() + offset).toISOString().slice(0, 10);
    const ALL = () => `from=2020-01-01&to=${today()}`;

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      t.server.services.clock = () => new Date(Date.now() + offset);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      for (const role of ['content_manager', 'support', 'model', 'live_stream_manager']) {
        const email = `reports.${role}@example.com`;
        const created = await post('/admin-api/users', { name: `Reports ${role}`, email, role });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        staff[role] = (await t.call('POST', '/api/users/login', { email, password: created.body.generated_password })).body.data.token;
      }
      // Fans; A arrives from a campaign link (the fan site's UTM cookie goes along with the registration).
      const utm = encodeURIComponent(JSON.stringify({ utm_source: 'instagram', utm_medium: 'story', utm_campaign: 'spring launch', utm_bogus: 'x' }));
      for (const k of ['a', 'b', 'c'] as const) {
        const email = `reports.${k}@example.com`;
        const r = await t.call('POST', '/api/users/register', { name: `Report Fan ${k.toUpperCase()}`, email, password: 'fan password 1' }, k === 'a' ? { headers: { cookie: `${UTM_COOKIE}=${utm}` } } : {});
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        fans[k] = { token: r.body.data.token, id: r.body.data.userId, email };
      }
      // A locked post, and a reuse of it (a version grouped with it in reporting).
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const presign = (await post('/api/upload/generate_presigned_url', { file_name: 'r.jpg', content_type: 'image/jpeg' })).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      const mediaId = (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' })).body.data.id;
      const created = await post('/api/blogs', { caption: 'Report locked post', visibility: 'locked', amount: 12, media_ids: [mediaId] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      postId = created.body.data._id;

      // Subscriptions (A, B), unlocks (A, B), tips (A by card, C by card), a mass-message copy bought by A.
      for (const k of ['a', 'b'] as const) expect((await post('/api/v2/purchase/subscription', card(), fans[k].token)).body.data.accepted).toBe(true);
      for (const k of ['a', 'b'] as const) {
        const r = await post('/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 12, ...card() }, fans[k].token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      expect((await post('/api/v2/purchase/send-tip', { amount: 20, ...card() }, fans.a.token)).status).toBe(200);
      expect((await post('/api/v2/purchase/send-tip', { amount: 30, ...card() }, fans.c.token)).status).toBe(200);
      const sent = await post('/api/message/send-mass-message', { type: 'photo', message: 'Report mass', isLocked: 'locked', amount: 9, media: [mediaId], send_to: 'ONLY_EXISTING' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await t.server.delivery.tick();
      await settleAll();
      const copy = (await get('/api/chat/get_messages?page_num=1', fans.a.token)).body.data.messages.find((m: { message: string }) => m.message === 'Report mass');
      const bought = await post('/api/v2/purchase/chat-content-purchase', { messageId: copy._id, amount: 9, ...card() }, fans.a.token);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);

      // A month on: both memberships rebill.
      offset += 29.5 * DAY;
      await settleAll();
      for (const k of ['a', 'b'] as const) {
        const login = await t.call('POST', '/api/users/login', { email: fans[k].email, password: 'fan password 1' });
        fans[k].token = login.body.data.token;
      }
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      await t.server.rebillScheduler.tick();
      await settleAll();

      // A refund (A's unlock), a void (C's tip), a chargeback (B's first membership payment, by the bank's notice).
      expect((await post(`/admin-api/transactions/${await paymentOf(fans.a.id, 'unlock')}/refund`, { kind: 'refund', reason: 'Wrong post' })).status).toBe(200);
      expect((await post(`/admin-api/transactions/${await paymentOf(fans.c.id, 'tip')}/refund`, { kind: 'void', reason: 'Duplicate' })).status).toBe(200);
      expect((await post(`/admin-api/transactions/${await paymentOf(fans.b.id, 'subscription')}/chargeback`, { reason: 'Not recognised' })).status).toBe(200);
      await (t.server.services.gateway as unknown as { deliver: () => Promise<unknown> }).deliver();
      await settleAll();

      const { store, database } = t.server.services;
      const check = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(check.problems).toEqual([]);
      ledger = check.ledger;
      // The history this suite means to have: every kind of movement is there.
      expect(ledger.refundedCents).toBe(1200);
      expect(ledger.voidedCents).toBe(3000);
      expect(ledger.chargebacks).toBe(1);
      expect(ledger.netBySource.chat).toBe(900);
    }, 240_000);
    afterAll(async () => {
      await t?.close(); // the closing ledger check
    });

    it('earnings: the total, every source and the refunds, voids and chargebacks agree with the ledger', async () => {
      const r = await report(`/admin-api/reports/earnings?${ALL()}&group=day`);
      expect(r.earnings_hidden).toBe(false);
      expect(r.totals.total_cents).toBe(netCents(ledger));
      expect(r.totals.count).toBe(ledger.captures);
      // The report's finer sources, folded back into the ledger's four (no live money in this history).
      const s = r.totals.by_source;
      expect(s.live).toBe(0);
      expect(s.subscriptions + s.rebills).toBe(ledger.netBySource.subscriptions);
      expect(s.unlocks).toBe(ledger.netBySource.unlocks);
      expect(s.tips).toBe(ledger.netBySource.tips);
      expect(s.chat + s.mass_messages).toBe(ledger.netBySource.chat);
      expect(s.rebills).toBe(2 * 999);
      expect(s.mass_messages).toBe(900);
      expect(r.totals.refunded_cents).toBe(ledger.refundedCents);
      expect(r.totals.voided_cents).toBe(ledger.voidedCents);
      expect(r.totals.charged_back_cents).toBe(ledger.chargedBackCents);
      // Memberships by tier: one tier here (the base one), holding every membership payment and its chargeback.
      expect(r.tiers).toEqual([{ tier_id: 'base', name: 'Member', sales: 4, net_cents: ledger.netBySource.subscriptions, members: expect.any(Number) }]);
      // The buckets add up to the total, by day, week and month alike.
      for (const group of ['day', 'week', 'month']) {
        const g = await report(`/admin-api/reports/earnings?${ALL()}&group=${group}`);
        expect(g.buckets.reduce((n: number, b: { total_cents: number }) => n + b.total_cents, 0), group).toBe(netCents(ledger));
        expect(g.buckets.every((b: { period: string }) => /^\d{4}-\d{2}-\d{2}$/.test(b.period))).toBe(true);
      }
    });

    it('earnings: compared with the previous period of the same length', async () => {
      const rebillDay = today();
      const r = await report(`/admin-api/reports/earnings?from=${rebillDay}&to=${rebillDay}`);
      expect(r.previous).toMatchObject({ from: new Date(Date.parse(rebillDay) - DAY).toISOString().slice(0, 10), to: new Date(Date.parse(rebillDay) - DAY).toISOString().slice(0, 10) });
      expect(r.totals.by_source.rebills).toBe(2 * 999);
      expect(r.previous.totals.total_cents).toBe(0);
      expect(r.change_percent).toBeNull(); // nothing the day before to compare with
      // 21 days to the rebills: the first payments (29.5 days earlier) fall in the previous 21 days.
      const month = await report(`/admin-api/reports/earnings?from=${new Date(Date.parse(rebillDay) - 20 * DAY).toISOString().slice(0, 10)}&to=${rebillDay}`);
      const prev = month.previous.totals.total_cents;
      expect(month.totals.total_cents).toBe(2 * 999 - ledger.refundedCents - ledger.voidedCents - ledger.chargedBackCents);
      expect(month.previous.totals.count).toBe(ledger.captures - 2);
      expect(prev + month.totals.total_cents).toBe(netCents(ledger));
      expect(month.change_percent).toBe(Math.round(((month.totals.total_cents - prev) / Math.abs(prev)) * 1000) / 10);
    });

    it('voids, refunds and chargebacks: each listed once, totals as the ledger has them', async () => {
      const r = await report(`/admin-api/reports/reversals?${ALL()}`);
      expect(r.totals).toEqual({
        refund: { count: 1, cents: ledger.refundedCents },
        void: { count: 1, cents: ledger.voidedCents },
        chargeback: { count: ledger.chargebacks, cents: ledger.chargedBackCents },
      });
      expect(r.rows.map((x: { kind: string; email: string; amount_cents: number }) => [x.kind, x.email, x.amount_cents]).sort()).toEqual(
        [['chargeback', fans.b.email, -999], ['refund', fans.a.email, -1200], ['void', fans.c.email, -3000]].sort(),
      );
      const only = await report(`/admin-api/reports/reversals?${ALL()}&kind=chargeback`);
      expect(only.rows.map((x: { kind: string }) => x.kind)).toEqual(['chargeback']);
    });

    it('user report and purchase histories: what each fan paid net is the ledger\'s', async () => {
      const r = await report(`/admin-api/reports/users?per_page=200`);
      expect(r.net_cents).toBe(netCents(ledger));
      const byUser = Object.fromEntries(r.rows.map((u: { user_id: string; net_cents: number }) => [u.user_id, u.net_cents]));
      expect(byUser).toEqual(ledger.netByUser);
      for (const k of ['a', 'b', 'c'] as const) {
        const h = await report(`/admin-api/reports/purchase-history?user_id=${fans[k].id}`);
        expect(h.net_cents, k).toBe(ledger.netByUser[fans[k].id]);
        expect(h.rows.reduce((n: number, m: { amount_cents: number }) => n + m.amount_cents, 0)).toBe(ledger.netByUser[fans[k].id]);
      }
      // By email too; an unknown email is a 404 with the message, a missing one a 400 naming the field.
      expect((await report(`/admin-api/reports/purchase-history?email=${encodeURIComponent(fans.a.email.toUpperCase())}`)).user.id).toBe(fans.a.id);
      expect((await get('/admin-api/reports/purchase-history?email=nobody@example.com')).body).toMatchObject({ success: 0, message: 'No fan has this email.' });
      expect((await get('/admin-api/reports/purchase-history')).body).toMatchObject({ success: 0, field: 'email' });
    });

    it('unlocked content and who bought a post: net of what came back, the reuse group together', async () => {
      const all = await report('/admin-api/reports/unlocks');
      expect(all.net_cents).toBe(ledger.netBySource.unlocks);
      expect(all.rows.find((u: { user_id: string }) => u.user_id === fans.a.id).reversed).toBe('refund');
      // A reuse of the post: its buyers page shows the group's purchases, asked by either id.
      const reuse = await post('/api/blog/reuse-blog', { _id: postId, description: 'Report locked post, again', amount: 15 });
      expect(reuse.status, JSON.stringify(reuse.body)).toBe(200);
      const versionId = reuse.body.data.reuseBlog.udid as string;
      await settleAll();
      const buyers = await report(`/admin-api/reports/posts/${postId}/buyers`);
      expect(buyers.post.root_post_id).toBe(postId);
      expect(buyers.buyers).toBe(1); // B; A's money came back
      expect(buyers.net_cents).toBe(1200);
      expect(buyers.post.versions).toEqual([postId, versionId]);
      expect((await report(`/admin-api/reports/posts/${versionId}/buyers`)).net_cents).toBe(1200);
      expect((await get('/admin-api/reports/posts/no-such-post/buyers')).status).toBe(404);
      expect((await report(`/admin-api/reports/posts/${postId}/buyers?promotion_id=none`)).total).toBe(0);
    });

    it('roles: deny by default, the content manager only with the reporting setting, hide_earnings hides money but not counts', async () => {
      expect((await get('/admin-api/reports/earnings', fans.a.token)).status).toBe(403);
      expect((await get('/admin-api/reports/earnings', staff.live_stream_manager)).status).toBe(403);
      expect((await get('/admin-api/reports/earnings', staff.support)).status).toBe(403);
      expect((await get('/admin-api/reports/users', staff.content_manager)).status).toBe(403);
      expect((await get('/admin-api/reports/influencer-activity', staff.model)).status).toBe(403);
      const off = await get('/admin-api/reports/earnings', staff.content_manager);
      expect(off.status).toBe(403);
      expect(off.body.message).toBe('Reports are turned off for your role.');
      expect((await get('/admin-api/reports/reversals', staff.support)).status).toBe(200);
      // The reporting page's settings.
      const bad = await t.call('PUT', '/api/reporting-page', { reporting_default_group: 'year' }, { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('reporting_default_group must be day, week or month.');
      expect((await t.call('PUT', '/api/reporting-page', { content_manager_reporting_enabled: true }, { token: staff.content_manager })).status).toBe(403);
      const saved = await t.call('PUT', '/api/reporting-page', { content_manager_reporting_enabled: true }, { token: admin });
      expect(saved.body).toMatchObject({ success: 1, message: 'Settings saved.', data: { content_manager_reporting_enabled: true, reporting_default_group: 'day', hide_earnings: false } });
      expect((await report(`/admin-api/reports/earnings?${ALL()}`, staff.content_manager)).totals.total_cents).toBe(netCents(ledger));
      // hide_earnings on: counts stay, money goes (for the content manager and the model; never for admins).
      expect((await post('/api/app_settings/update_chat_settings', { hide_earnings: true })).status).toBe(200);
      for (const who of [staff.content_manager, staff.model]) {
        const hidden = await report(`/admin-api/reports/earnings?${ALL()}`, who);
        expect(hidden.earnings_hidden).toBe(true);
        expect(hidden.totals.total_cents).toBeNull();
        expect(hidden.totals.count).toBe(ledger.captures);
        expect(Object.values(hidden.totals.by_source).every((v) => v === null)).toBe(true);
      }
      const modelUsers = await report('/admin-api/reports/users', staff.model);
      expect(modelUsers.rows.every((u: { net_cents: unknown }) => u.net_cents === null)).toBe(true);
      const csv = await fetch(`${t.base}/admin-api/reports/earnings/export?${ALL()}`, { headers: { authorization: staff.content_manager } });
      expect((await csv.text()).split('\n')[0]).toBe('day,source,tier,sales,refunds_voids_chargebacks');
      expect((await report(`/admin-api/reports/earnings?${ALL()}`)).totals.total_cents).toBe(netCents(ledger));
      expect((await post('/api/app_settings/update_chat_settings', { hide_earnings: false })).status).toBe(200);
    });

    it('bad input: 400 naming the field, nothing written', async () => {
      const head = await t.server.services.store.headPosition();
      const cases: [string, string, string][] = [
        ['/admin-api/reports/earnings?from=2026-02-30', 'from', 'from must be a date as YYYY-MM-DD.'],
        ['/admin-api/reports/earnings?from=2026-03-02&to=2026-03-01', 'from', 'from must be on or before to.'],
        ['/admin-api/reports/earnings?group=year', 'group', 'group must be day, week or month.'],
        ['/admin-api/reports/reversals?kind=gift', 'kind', 'kind must be refund, void or chargeback.'],
        ['/admin-api/reports/users?sort=password', 'sort', 'sort must be one of net_cents, purchases, last_purchase_at, registered_at, email.'],
        ['/admin-api/reports/unlocks?per_page=0', 'per_page', 'per_page must be between 1 and 200.'],
        ['/admin-api/reports/opt-in?status=maybe', 'status', 'status must be one of pending, link_sent, opted_in, opt_out, dismissed, no_thanks, no_thanks_opt_out.'],
        ['/admin-api/reports/influencer-activity?role=admin', 'role', 'role must be one of model, sub_admin, content_manager, live_stream_manager, support.'],
        ['/admin-api/reports/earnings/export?to=tomorrow', 'to', 'to must be a date as YYYY-MM-DD.'],
      ];
      for (const [url, field, message] of cases) {
        const r = await get(url);
        expect(r.status, url).toBe(400);
        expect(r.body, url).toMatchObject({ success: 0, message, field });
      }
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('CSV exports are made by the server and audited (DataExported with the filter and row count)', async () => {
      for (const [path, resource, header] of [
        [`/admin-api/reports/earnings/export?${ALL()}`, 'earnings', 'day,source,tier,sales,refunds_voids_chargebacks,net'],
        [`/admin-api/reports/reversals/export?${ALL()}`, 'reversals', 'date,email,name,kind,source,amount,method,payment_id,reference_id'],
        ['/admin-api/reports/users/export', 'user-report', 'email,name,registered_at,purchases,reversals,first_purchase_at,last_purchase_at,net,subscriptions,rebills,unlocks,tips,chat,mass_messages,live,shop,bookings'],
        ['/admin-api/reports/unlocks/export', 'unlocks', 'unlocked_at,post_id,root_post_id,caption,email,name,amount,promotion_id,reversed'],
        ['/admin-api/reports/utm/export', 'utm', 'registered_at,email,name,utm_source,utm_medium,utm_campaign,utm_term,utm_content'],
      ] as const) {
        const r = await fetch(t.base + path, { headers: { authorization: admin } });
        expect(r.status, path).toBe(200);
        expect(r.headers.get('content-disposition')).toMatch(new RegExp(`fanclub-${resource}-\\d{4}-\\d{2}-\\d{2}\\.csv`));
        const lines = (await r.text()).trim().split('\n');
        expect(lines[0], path).toBe(header);
        const audit = (await get('/admin-api/audit?filter={"action":"DataExported"}&range=[0,0]')).body[0];
        expect(audit).toMatchObject({ action: 'DataExported', data: { resource, rows: lines.length - 1 } });
      }
      // The earnings CSV's net column sums to the ledger's net.
      const csv = await (await fetch(`${t.base}/admin-api/reports/earnings/export?${ALL()}`, { headers: { authorization: admin } })).text();
      const net = csv.trim().split('\n').slice(1).reduce((n, line) => n + Math.round(Number(line.split(',').at(-1)!.replace(/"/g, '')) * 100), 0);
      expect(net).toBe(netCents(ledger));
      expect((await fetch(`${t.base}/admin-api/reports/users/export`, { headers: { authorization: staff.content_manager } })).status).toBe(403);
    });

    it('UTM values kept at registration (CO-34, CO-38), the opt-in report (CO-13), influencer activity (CO-37e)', async () => {
      const utm = await report('/admin-api/reports/utm');
      expect(utm.rows).toEqual([{ user_id: fans.a.id, email: fans.a.email, name: 'Report Fan A', registered_at: expect.any(String), utm_source: 'instagram', utm_medium: 'story', utm_campaign: 'spring launch' }]);
      expect(utm.by_source).toEqual([{ source: 'instagram', count: 1 }]);
      const registered = (await t.server.services.store.readStream(`user-${fans.a.id}`)).find((e) => e.type === 'UserRegistered')!;
      expect((registered.data as { utm?: unknown }).utm).toEqual({ utm_source: 'instagram', utm_medium: 'story', utm_campaign: 'spring launch' });
      expect((await report('/admin-api/reports/utm?source=nowhere')).total).toBe(0);

      const optIn = await report('/admin-api/reports/opt-in');
      expect(optIn.counts.pending).toBe(3);
      expect(optIn.rows.map((r: { email: string }) => r.email).sort()).toEqual([fans.a.email, fans.b.email, fans.c.email].sort());
      expect((await post('/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'no_thanks' }, fans.c.token)).status).toBe(200);
      await settleAll();
      const after = await report('/admin-api/reports/opt-in?status=no_thanks');
      expect(after.counts).toMatchObject({ pending: 2, no_thanks: 1 });
      expect(after.rows.map((r: { email: string }) => r.email)).toEqual([fans.c.email]);

      // The model saves a setting: it shows in the team's activity; the admin's own acts do not.
      expect((await t.call('PUT', '/api/reporting-page', { reporting_default_group: 'week' }, { token: staff.model })).status).toBe(200);
      const activity = await report('/admin-api/reports/influencer-activity?role=model');
      expect(activity.rows[0]).toMatchObject({ actor_role: 'model', actor_email: 'reports.model@example.com', action: 'SiteSettingsUpdated' });
      expect((await report('/admin-api/reports/influencer-activity')).rows.every((r: { actor_role: string }) => r.actor_role !== 'admin')).toBe(true);
      expect((await report(`/admin-api/reports/earnings?${ALL()}`)).group).toBe('week');
    });

    it('the spec\'s resubscribe-offer paths (CO-45): save-offer saves as save-settings does; request, then get the report', async () => {
      const saved = await t.call('PUT', '/api/resubscribe-offer/save-offer', { enabled: false }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await get('/api/resubscribe-offer/get-settings')).body.data).toEqual(saved.body.data);
      const requested = await post('/api/resubscribe-offer/request-new-resubscription-user-report', {});
      expect(requested.body).toMatchObject({ success: 1, data: { status: 'ready', total: 0 } });
      const got = await post('/api/resubscribe-offer/get-new-resubscription-user-report', { page: 1 });
      expect(got.body.data).toEqual((await get('/api/resubscribe-offer/report?page=1')).body.data);
      expect((await post('/api/resubscribe-offer/get-new-resubscription-user-report', { page: 0 })).body).toMatchObject({ success: 0, field: 'page' });
      expect((await post('/api/resubscribe-offer/get-new-resubscription-user-report', {}, staff.content_manager)).status).toBe(403);
    });
  });
}
