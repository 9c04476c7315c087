// Runs on one back end (PGlite, admin-tools.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The console's admin tools over real HTTP: lookup by email (admins, lower ranks only),
// subscription links (signed price offers: generated, checked, tampered, expired, used once, recorded), fans' saved
// cards, health, redirect URLs (same-site only) and the fan site's resolve call, the user-management extras
// (photo-ID add, transactions details, migration flag, the users list's view), the content manager's export switch,
// and the payment-method path without /api. Every refusal is a 400/403/404 that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { linkToken } from '../../domain/subscription-link/subscription-link';
import { linkSigner } from '../../api/subscription-links';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function adminToolsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`admin tools over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const staff: Record<string, { token: string; id: string; email: string }> = {};
    const fans: Record<string, { token: string; id: string; email: string }> = {};

    const login = async (email: string, password: string) => (await t.call('POST', '/api/users/login', { email, password })).body.data.token as string;
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };
    const eventsOf = async (type: string) => (await t.call('GET', `/admin-api/events?filter=${encodeURIComponent(JSON.stringify({ type }))}&range=[0,49]`, undefined, { token: admin })).body as any[];

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await login(t.adminEmail, t.adminPassword);
      for (const role of ['admin', 'sub_admin', 'model', 'content_manager', 'support']) {
        const email = `tools.${role}@example.com`;
        const created = await t.call('POST', '/admin-api/users', { name: `Tools ${role}`, email, role }, { token: admin });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const token = await login(email, created.body.generated_password);
        staff[role] = { token, id: created.body.id, email };
      }
      for (const name of ['carla', 'dave', 'erin']) {
        const email = `${name}.fan@example.com`;
        const reg = await t.call('POST', '/api/users/register', { name: `Fan ${name}`, email, password: 'fan password 1' });
        expect(reg.status, JSON.stringify(reg.body)).toBe(201);
        fans[name] = { token: reg.body.data.token, id: reg.body.data.userId, email };
      }
      // Carla subscribes with a card (a saved card, a transaction).
      const paid = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fans.carla.token });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('lookup by email (super-admin tools)', () => {
      it('finds a fan by exact email (any case) with their standing, cards and spend', async () => {
        const r = await t.call('POST', '/api/users/get_users_data_from_email', { email: '  CARLA.fan@example.com ' }, { token: admin });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.data.user).toMatchObject({ _id: fans.carla.id, email: fans.carla.email, role: 'user', subscription_status: '1', blocked: false, cards: 1, total_spent_cents: 999, total_spent: 9.99 });
        expect(r.body.data.user.expiration_date).toEqual(expect.any(String));
      });

      it('lists users whose email contains the text, 20 a page, lower ranks only', async () => {
        const r = await t.call('POST', '/api/users/get_users_list_from_email?page_num=1', { email: 'tools.' }, { token: admin });
        expect(r.status).toBe(200);
        const emails = (r.body.data.users as { email: string }[]).map((u) => u.email).sort();
        // The other admin has the caller's rank: not listed; every lower staff role is.
        expect(emails).toEqual(['tools.content_manager@example.com', 'tools.model@example.com', 'tools.sub_admin@example.com', 'tools.support@example.com']);
        expect(r.body.data).toMatchObject({ currentPage: 1, totalPages: 1, total: 4 });
        const equal = await t.call('POST', '/api/users/get_users_data_from_email', { email: staff.admin.email }, { token: admin });
        expect(equal.status).toBe(404);
        expect(equal.body).toMatchObject({ message: 'No user found with this email.', field: 'email' });
      });

      it('is for admins only; bad input is a 400 naming the field', async () => {
        for (const role of ['sub_admin', 'model', 'content_manager', 'support'])
          expect((await t.call('POST', '/api/users/get_users_data_from_email', { email: fans.carla.email }, { token: staff[role].token })).status, role).toBe(403);
        expect((await t.call('POST', '/api/users/get_users_list_from_email', { email: 'carla' }, { token: fans.dave.token })).status).toBe(403);
        expect((await t.call('POST', '/api/users/get_users_list_from_email', { email: 'carla' })).status).toBe(401);
        const blank = await t.call('POST', '/api/users/get_users_data_from_email', { email: '  ' }, { token: admin });
        expect(blank.status).toBe(400);
        expect(blank.body.message).toBe('Please enter an email.');
        expect((await t.call('POST', '/api/users/get_users_list_from_email?page_num=0', { email: 'carla' }, { token: admin })).status).toBe(400);
      });
    });

    describe('subscription links', () => {
      let offer: string;
      let linkId: string;

      it('generates a signed link with the price in cents and records it; bad input changes nothing', async () => {
        const bad = await writesNothing(() => t.call('POST', '/api/generate_subscription_url/generate_subscription_url', { price: '4.999', expires_in_days: 7 }, { token: admin }));
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ field: 'price', message: 'Please enter a valid price.' });
        const days = await writesNothing(() => t.call('POST', '/api/generate_subscription_url/generate_subscription_url', { price: '4.99', expires_in_days: 0 }, { token: admin }));
        expect(days.body).toMatchObject({ field: 'expires_in_days' });
        const free = await writesNothing(() => t.call('POST', '/api/generate_subscription_url/generate_subscription_url', { price: '0', expires_in_days: 7 }, { token: admin }));
        expect(free.body).toMatchObject({ field: 'recurring_price' });
        const r = await t.call('POST', '/api/generate_subscription_url/generate_subscription_url', { price: '4.99', recurring_price: 7, expires_in_days: 7, note: 'Instagram' }, { token: staff.model.token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ message: 'Subscription link generated.', data: { initial_cents: 499, recurring_cents: 700, initial_price: 4.99, recurring_price: 7, note: 'Instagram', uses: 0, expired: false } });
        const url = new URL(r.body.data.url);
        expect(url.pathname).toBe('/join');
        offer = url.searchParams.get('offer')!;
        linkId = r.body.data.link_id;
        expect(offer).toMatch(/^v1\./);
        const generated = (await eventsOf('SubscriptionLinkGenerated')).find((e) => e.data.linkId === linkId);
        expect(generated.data).toMatchObject({ initialCents: 499, recurringCents: 700, note: 'Instagram' });
        // The signature is not in the event (it is derived from the secret, which stays on the server).
        expect(JSON.stringify(generated)).not.toContain(offer.split('.').pop());
        const list = await t.call('GET', '/admin-api/subscription-links', undefined, { token: admin });
        expect(list.body[0]).toMatchObject({ id: linkId, initial_cents: 499, uses: 0 });
        for (const role of ['content_manager', 'support'])
          expect((await t.call('POST', '/api/generate_subscription_url/generate_subscription_url', { price: 5, expires_in_days: 7 }, { token: staff[role].token })).status).toBe(403);
      });

      it('the join page checks a link (public); a tampered or expired link is refused with a clear message', async () => {
        const ok = await t.call('GET', `/api/subscription-link/check?offer=${encodeURIComponent(offer)}`);
        expect(ok.status).toBe(200);
        expect(ok.body.data).toMatchObject({ initial_cents: 499, recurring_cents: 700, initial_price: 4.99 });
        // A cheaper price in the link breaks its signature.
        const tampered = offer.replace('.499.', '.99.');
        expect(tampered).not.toBe(offer);
        const bad = await t.call('GET', `/api/subscription-link/check?offer=${encodeURIComponent(tampered)}`);
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: 'LINK_INVALID', message: 'This subscription link is not valid. Please ask for a new one.' });
        expect((await t.call('GET', '/api/subscription-link/check?offer=garbage')).body.code).toBe('LINK_INVALID');
        // Signed with the server's key but for terms never generated: refused too.
        const signer = linkSigner(t.server.services.config);
        const forged = linkToken({ linkId, initialCents: 99, recurringCents: 700, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, signer.sign);
        expect((await t.call('GET', `/api/subscription-link/check?offer=${encodeURIComponent(forged)}`)).body.code).toBe('LINK_INVALID');
        const expired = linkToken({ linkId, initialCents: 499, recurringCents: 700, expiresAt: new Date(Date.now() - 1000).toISOString() }, signer.sign);
        const old = await t.call('GET', `/api/subscription-link/check?offer=${encodeURIComponent(expired)}`);
        expect(old.status).toBe(400);
        expect(old.body).toMatchObject({ code: 'LINK_EXPIRED', message: 'This subscription link has expired. Please ask for a new one.' });
        // A tampered link cannot buy anything either, and writes nothing.
        const refused = await writesNothing(() => t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, subscription_link: tampered }, { token: fans.dave.token }));
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('LINK_INVALID');
      });

      it("a fan subscribes at the link's price; the use is recorded with the payment; a second use is refused", async () => {
        const quote = await t.call('POST', '/api/v2/subscription/quote', { subscription_link: offer }, { token: fans.dave.token });
        expect(quote.status, JSON.stringify(quote.body)).toBe(200);
        expect(quote.body.data).toMatchObject({ source: 'link', initial_cents: 499, recurring_cents: 700, list_initial_cents: 999, promotion: null });
        const paid = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, subscription_link: offer }, { token: fans.dave.token });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        expect(paid.body.data).toMatchObject({ accepted: true, amount_cents: 499 });
        const used = (await eventsOf('SubscriptionLinkUsed')).find((e) => e.data.linkId === linkId);
        expect(used.data).toMatchObject({ userId: fans.dave.id, amountCents: 499, paymentId: expect.any(String) });
        const tx = await t.call('GET', `/api/admin/get_transactions_details?user_id=${fans.dave.id}`, undefined, { token: admin });
        expect(tx.body.data.transactions[0]).toMatchObject({ _id: used.data.paymentId, amount_cents: 499, status: 'captured', type: 'subscription' });
        const details = await t.call('GET', '/api/v2/subscription/details', undefined, { token: fans.dave.token });
        expect(details.body.data).toMatchObject({ status: '1', price_cents: 499, recurring_cents: 700 });
        const again = await t.call('GET', `/api/subscription-link/check?offer=${encodeURIComponent(offer)}`, undefined, { token: fans.dave.token });
        expect(again.body).toMatchObject({ code: 'LINK_USED', message: 'You have already used this subscription link.' });
        expect((await t.call('GET', '/admin-api/subscription-links', undefined, { token: admin })).body[0]).toMatchObject({ id: linkId, uses: 1 });
      });
    });

    describe("fans' saved cards", () => {
      it('lists brand, last 4 and expiry only, for the money roles', async () => {
        const r = await t.call('GET', '/admin-api/user-cards?range=[0,24]', undefined, { token: staff.support.token });
        expect(r.status).toBe(200);
        const carla = (r.body as any[]).find((c) => c.user_id === fans.carla.id);
        expect(carla).toMatchObject({ email: fans.carla.email, last4: SANDBOX_TEST_CARDS.approve.slice(-4), exp_month: TEST_CARD_FORM.month, exp_year: TEST_CARD_FORM.year, is_primary: true, expired: false });
        expect(Object.keys(carla).sort()).toEqual(['added_at', 'brand', 'email', 'exp_month', 'exp_year', 'expired', 'id', 'is_primary', 'last4', 'name', 'user_id']);
        expect(JSON.stringify(r.body)).not.toContain(SANDBOX_TEST_CARDS.approve);
        expect(r.headers.get('content-range')).toMatch(/^user-cards 0-\d+\/2$/);
        const filtered = await t.call('GET', `/admin-api/user-cards?filter=${encodeURIComponent(JSON.stringify({ q: 'dave' }))}`, undefined, { token: admin });
        expect((filtered.body as any[]).map((c) => c.user_id)).toEqual([fans.dave.id]);
        expect((await t.call('GET', '/admin-api/user-cards', undefined, { token: staff.content_manager.token })).status).toBe(403);
        expect((await t.call('GET', '/admin-api/user-cards', undefined, { token: fans.carla.token })).status).toBe(403);
      });
    });

    describe('health', () => {
      it('reports process, event store with every projection, database, disk, outbox, media queue, Kafka and Janus', async () => {
        const r = await t.call('GET', '/admin-api/health', undefined, { token: admin });
        expect(r.status).toBe(200);
        expect((r.body.checks as { name: string }[]).map((c) => c.name)).toEqual(['Process', 'Event store', 'Database', 'Disk', 'Mail outbox', 'Media queue', 'Kafka', 'Janus']);
        const byName = Object.fromEntries((r.body.checks as any[]).map((c) => [c.name, c]));
        expect(byName.Process.details.uptime_seconds).toBeGreaterThanOrEqual(0);
        expect(byName['Event store'].details.events).toBeGreaterThan(10);
        expect(byName.Database.details.kind).toBe(backend);
        expect(byName.Disk.details.total_bytes).toBeGreaterThan(0);
        expect(byName.Kafka.level).toBe('off');
        expect(byName.Janus).toMatchObject({ level: 'off', details: { available: false } });
        const names = (r.body.projections as { name: string }[]).map((p) => p.name);
        expect(names).toEqual(expect.arrayContaining(['users', 'members', 'admin-tools', 'transactions']));
        for (const p of r.body.projections) expect(p.lag).toBeGreaterThanOrEqual(0);
        for (const role of ['sub_admin', 'model', 'support']) expect((await t.call('GET', '/admin-api/health', undefined, { token: staff[role].token })).status).toBe(403);
      });
    });

    describe('redirect URLs', () => {
      it('creates a same-site redirect the fan site resolves; refuses other sites, reserved paths and duplicates', async () => {
        const created = await t.call('POST', '/admin-api/redirect-urls', { path: '/Insta', target: '/membership?from=insta' }, { token: staff.model.token });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body).toMatchObject({ id: 'insta', path: 'insta', target: '/membership?from=insta' });
        const resolved = await t.call('GET', '/api/redirect-url?path=insta');
        expect(resolved.body.data).toEqual({ path: 'insta', target: '/membership?from=insta' });
        for (const target of ['https://evil.example.com', '//evil.example.com', '/\\evil.example.com', 'javascript:alert(1)', ' /x y', 'membership', '/../admin']) {
          const r = await writesNothing(() => t.call('POST', '/admin-api/redirect-urls', { path: 'promo', target }, { token: admin }));
          expect(r.status, target).toBe(400);
          expect(r.body, target).toMatchObject({ field: 'target', message: 'The destination must be a path on this site starting with /, like /membership.' });
        }
        const reserved = await writesNothing(() => t.call('POST', '/admin-api/redirect-urls', { path: 'login', target: '/' }, { token: admin }));
        expect(reserved.body).toMatchObject({ field: 'path', message: '/login is a page of the site already. Please choose another path.' });
        expect((await writesNothing(() => t.call('POST', '/admin-api/redirect-urls', { path: 'a b', target: '/' }, { token: admin }))).body.field).toBe('path');
        const dup = await writesNothing(() => t.call('POST', '/admin-api/redirect-urls', { path: 'insta', target: '/tips' }, { token: admin }));
        expect(dup.body).toMatchObject({ field: 'path', message: 'A redirect for this path exists already.' });
        expect((await writesNothing(() => t.call('POST', '/admin-api/redirect-urls', { path: 'loop', target: '/loop' }, { token: admin }))).body.field).toBe('target');
      });

      it('edits, lists and deletes; the fan site then gets no redirect; content manager and fans may not manage them', async () => {
        const edited = await t.call('PUT', '/admin-api/redirect-urls/insta', { id: 'insta', target: '/tips' }, { token: admin });
        expect(edited.status).toBe(200);
        expect(edited.body.target).toBe('/tips');
        const list = await t.call('GET', '/admin-api/redirect-urls', undefined, { token: admin });
        expect(list.body).toEqual([expect.objectContaining({ path: 'insta', target: '/tips' })]);
        expect((await t.call('PUT', '/admin-api/redirect-urls/nothing-here', { target: '/tips' }, { token: admin })).status).toBe(404);
        expect((await t.call('GET', '/admin-api/redirect-urls', undefined, { token: staff.content_manager.token })).status).toBe(403);
        expect((await t.call('POST', '/admin-api/redirect-urls', { path: 'x', target: '/' }, { token: fans.erin.token })).status).toBe(403);
        expect((await t.call('DELETE', '/admin-api/redirect-urls/insta', undefined, { token: admin })).status).toBe(200);
        expect((await t.call('GET', '/api/redirect-url?path=insta')).body.data).toEqual({ path: 'insta', target: null });
        expect((await t.call('GET', '/api/redirect-url?path=%2F%2Fevil')).body.data.target).toBeNull();
        expect((await eventsOf('RedirectUrlDeleted')).length).toBe(1);
      });
    });

    describe('user management extras', () => {
      it('add_is_photo_id_accepted_status grants the override; rank rules apply', async () => {
        const r = await t.call('POST', '/api/admin/add_is_photo_id_accepted_status', { user_id: fans.erin.id }, { token: staff.model.token });
        expect(r.body).toMatchObject({ success: 1, message: 'Override limit access granted.' });
        expect((await t.call('GET', `/admin-api/users/${fans.erin.id}`, undefined, { token: admin })).body.photo_id_override).toBe(true);
        const higher = await writesNothing(() => t.call('POST', '/api/admin/add_is_photo_id_accepted_status', { user_id: staff.sub_admin.id }, { token: staff.model.token }));
        expect(higher.status).toBe(403);
        expect(higher.body.code).toBe('HIGHER_RANK');
        expect((await t.call('POST', '/api/admin/add_is_photo_id_accepted_status', { user_id: 'nope' }, { token: admin })).body.field).toBe('user_id');
        expect((await t.call('POST', '/api/admin/add_is_photo_id_accepted_status', { user_id: fans.erin.id }, { token: staff.support.token })).status).toBe(403);
      });

      it("the migration flag is set, shown on the user's record and audited; repeating it writes nothing", async () => {
        const on = await t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: true }, { token: admin });
        expect(on.body).toMatchObject({ success: 1, message: 'Migration subscription turned on.' });
        expect((await t.call('GET', `/admin-api/users/${fans.carla.id}`, undefined, { token: admin })).body.migration_subscription).toBe(true);
        await writesNothing(() => t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: true }, { token: admin }));
        const audit = await t.call('GET', `/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'MigrationSubscriptionSet' }))}`, undefined, { token: admin });
        expect(audit.body[0]).toMatchObject({ subject_user_id: fans.carla.id, actor_role: 'admin' });
        expect((await writesNothing(() => t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: 'yes' }, { token: admin }))).body.field).toBe('migration_subscription');
        // The flag asks the member to migrate: with migration on, the popup shows for Carla (flagged), not for Dave.
        expect((await t.call('POST', '/api/migrate-subscription', { enabled: true }, { token: admin })).status).toBe(200);
        const popup = async (token: string) => (await t.call('GET', '/api/migration-data', undefined, { token })).body.data.show_popup;
        expect(await popup(fans.carla.token)).toBe(true);
        expect(await popup(fans.dave.token)).toBe(false);
        expect((await t.call('GET', '/api/v2/subscription/details', undefined, { token: fans.carla.token })).body.data.migration).toMatchObject({ show_popup: true });
        await t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: false }, { token: admin });
        expect(await popup(fans.carla.token)).toBe(false);
        await t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: true }, { token: admin });
        expect((await t.call('POST', '/api/migrate-subscription', { enabled: false }, { token: admin })).status).toBe(200);
        expect(await popup(fans.carla.token)).toBe(false);
        expect((await t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: staff.admin.id, migration_subscription: true }, { token: admin })).status).toBe(403);
        expect((await t.call('POST', '/api/admin/update_user_migration_subscription', { user_id: fans.carla.id, migration_subscription: false }, { token: staff.content_manager.token })).status).toBe(403);
      });

      it("transactions details: a fan's payments with totals, for the money roles, lower ranks only", async () => {
        const r = await t.call('GET', `/api/admin/get_transactions_details?user_id=${fans.carla.id}&page_num=1`, undefined, { token: staff.support.token });
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ currentPage: 1, totalPages: 1, totals: { captured_cents: 999, reversed_cents: 0, net_cents: 999 } });
        expect(r.body.data.transactions).toEqual([expect.objectContaining({ amount_cents: 999, amount: 9.99, status: 'captured', type: 'subscription' })]);
        expect((await t.call('GET', `/api/admin/get_transactions_details?user_id=${staff.model.id}`, undefined, { token: staff.support.token })).status).toBe(403);
        expect((await t.call('GET', `/api/admin/get_transactions_details?user_id=${fans.carla.id}`, undefined, { token: staff.content_manager.token })).status).toBe(403);
        expect((await t.call('GET', '/api/admin/get_transactions_details?user_id=x', undefined, { token: admin })).body.field).toBe('user_id');
      });

      it("the users list's view: fans, subscribers, blocked, staff, all", async () => {
        const view = async (v: string) => ((await t.call('POST', `/api/users/get_users_list?page_num=1&view=${v}`, {}, { token: admin })).body.data.users as { email: string }[]).map((u) => u.email).sort();
        await t.call('POST', '/api/admin/update_user_block_status', { user_id: fans.erin.id, is_blocked: true }, { token: admin });
        expect(await view('fans')).toEqual([fans.carla.email, fans.dave.email, fans.erin.email].sort());
        expect(await view('subscribers')).toEqual([fans.carla.email, fans.dave.email].sort());
        expect(await view('blocked')).toEqual([fans.erin.email]);
        expect(await view('staff')).toEqual(expect.arrayContaining([t.adminEmail, staff.support.email]));
        expect(await view('staff')).not.toContain(fans.carla.email);
        expect((await view('all')).length).toBe(9);
        const bad = await t.call('POST', '/api/users/get_users_list?view=everyone', {}, { token: admin });
        expect(bad.status).toBe(400);
        await t.call('POST', '/api/admin/update_user_block_status', { user_id: fans.erin.id, is_blocked: false }, { token: admin });
      });

      it('the content manager exports users (the subscribers CSV) only when the setting is on; the change is audited', async () => {
        const download = (token: string) => fetch(`${t.base}/admin-api/subscribers/export`, { headers: { authorization: token } });
        const off = await download(staff.content_manager.token);
        expect(off.status).toBe(403);
        expect((await off.json()).message).toBe('Exporting users is not enabled for content managers.');
        const site = (await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body;
        expect(site.content_manager_can_export_users).toBe(false);
        const saved = await t.call('PUT', '/admin-api/settings/site', { content_manager_can_export_users: true }, { token: admin });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const on = await download(staff.content_manager.token);
        expect(on.status).toBe(200);
        expect(await on.text()).toContain(fans.carla.email);
        const audit = await t.call('GET', `/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'SiteSettingsUpdated' }))}`, undefined, { token: admin });
        expect(audit.body.some((a: any) => a.data.changes?.content_manager_can_export_users === true)).toBe(true);
        // Other roles are not affected by the switch.
        expect((await download(staff.model.token)).status).toBe(200);
      });

      it('POST /user/change-payment-method (the spec path without /api) is the same call as /api/user/change-payment-method', async () => {
        const r = await t.call('POST', '/user/change-payment-method', { payment_method: 'crypto_currency' }, { token: fans.carla.token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const meNow = await t.call('GET', '/api/users/me', undefined, { token: fans.carla.token });
        expect(meNow.body.data.default_payment_method).toBe('crypto_currency');
        expect((await t.call('POST', '/user/change-payment-method', { payment_method: 'crypto_currency' })).status).toBe(401);
      });
    });
  });
}
