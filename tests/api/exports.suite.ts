// Runs on one back end (PGlite, exports.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The console's CSV exports: each list the console exports has GET /admin-api/<resource>/export,
// which lets in exactly the list's roles, takes the list's filters, and records a DataExported event (resource,
// filter, rows) before the file goes out. Users is covered in staff.suite.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function exportsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`console CSV exports (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    const staff: Record<string, string> = {};
    const fanEmail = 'export.fan@example.com';

    const login = async (email: string, password: string) => {
      const r = await t.call('POST', '/api/users/login', { email, password });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.token as string;
    };
    const download = (path: string, token: string, filter?: Record<string, unknown>) =>
      fetch(`${t.base}${path}${filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`, { headers: { authorization: token } });
    const lastExport = async () =>
      (await t.call('GET', '/admin-api/audit?filter={"action":"DataExported"}&range=[0,0]', undefined, { token: admin })).body[0];

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await login(t.adminEmail, t.adminPassword);
      adminId = (await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data._id;
      for (const role of ['support', 'content_manager', 'sub_admin']) {
        const email = `export.${role}@example.com`;
        const created = await t.call('POST', '/admin-api/users', { name: `Export ${role}`, email, role }, { token: admin });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        staff[role] = await login(email, created.body.generated_password);
      }
      // A fan who subscribes (a transaction, a subscriber) and cancels (a cancellation); a promotion.
      const reg = await t.call('POST', '/api/users/register', { name: '=Export Fan', email: fanEmail, password: 'fan password 1' });
      const fan = reg.body.data.token as string;
      const paid = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const cancelled = await t.call('POST', '/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive', request_from: 'cancel_page' }, { token: fan });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const promo = await t.call(
        'POST', '/api/promotion-setting/save-promotion',
        { promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Export sale', discount_percentage: 20 },
        { token: admin },
      );
      expect(promo.status, JSON.stringify(promo.body)).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    const cases = [
      { resource: 'transactions', none: { q: 'nobody-matches-this' }, refused: 'content_manager', header: 'id,date,user_email,type,amount,currency,method,card,status,failure_code,reference_id,gateway_transaction_id', filter: { q: fanEmail }, expected: [fanEmail, '"subscription"', '"captured"'] },
      { resource: 'subscribers', none: { q: 'nobody-matches-this' }, refused: 'support', header: 'name,email,status,price,recurring_price,payment_method,started_at,expires_at,next_billing_at,cancelled_at,cancel_reason,rebill_failed_at', filter: { q: fanEmail }, expected: [fanEmail, `"'=Export Fan"`, '"cancelled"'] },
      { resource: 'cancellations', none: { q: 'nobody-matches-this' }, refused: 'sub_admin', header: 'cancelled_at,name,email,reason,other_reason,cancelled_by,actor_email,request_from,access_until,reactivated_at', filter: { q: fanEmail }, expected: [fanEmail, '"Too expensive"', '"fan"'] },
      { resource: 'promotions', refused: 'support', header: 'id,created_at,type,sub_type,discount_percentage,initial_price,recurring_price,trial_days,applicable_to,status,purchases,buyers,revenue', filter: { promotion_type: 'LOCKED_CONTENT' }, none: { promotion_type: 'SUBSCRIPTION' }, expected: ['"LOCKED_CONTENT"', '"20"', '"ALL_USERS"'] },
    ] as const;

    for (const c of cases) {
      it(`${c.resource}: a role without the list gets 403 and nothing is recorded`, async () => {
        expect((await t.call('GET', `/admin-api/${c.resource}`, undefined, { token: staff[c.refused] })).status).toBe(403);
        const head = await t.server.services.store.headPosition();
        const refused = await download(`/admin-api/${c.resource}/export`, staff[c.refused]);
        expect(refused.status).toBe(403);
        expect(await refused.text()).not.toContain(fanEmail);
        expect(await t.server.services.store.headPosition()).toEqual(head);
      });

      it(`${c.resource}: the list's filters, every matching row as CSV, and a DataExported event with the row count`, async () => {
        const r = await download(`/admin-api/${c.resource}/export`, admin, c.filter);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
        expect(r.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="fanclub-${c.resource}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
        const lines = (await r.text()).trim().split('\n');
        expect(lines[0]).toBe(c.header);
        expect(lines).toHaveLength(2);
        for (const text of c.expected) expect(lines[1]).toContain(text);
        // Timestamps are plain ISO text in their cell, whichever way the database gave them.
        expect(lines[1]).toMatch(/(^|,)"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"(,|$)/);
        expect(lines[1]).not.toMatch(/"""\d{4}-/);
        expect(await lastExport()).toMatchObject({ action: 'DataExported', actor_id: adminId, actor_role: 'admin', data: { resource: c.resource, filter: c.filter, rows: 1 } });

        // A filter nothing matches: the header only, and the event says 0 rows.
        const empty = await download(`/admin-api/${c.resource}/export`, admin, c.none);
        expect((await empty.text()).trim().split('\n')).toEqual([c.header]);
        expect((await lastExport()).data).toMatchObject({ resource: c.resource, filter: c.none, rows: 0 });
      });
    }

    it('a bad filter is a 400 naming the field, and records nothing', async () => {
      const head = await t.server.services.store.headPosition();
      const r = await fetch(`${t.base}/admin-api/transactions/export?filter=${encodeURIComponent('{"created_at_gte":"not a date"}')}`, { headers: { authorization: admin } });
      expect(r.status).toBe(400);
      expect((await r.json()).field).toMatch(/^filter/);
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });
  });
}
