// Saved cards and the billing lookups over real HTTP and a real database:
// list, add (every card and billing validation message refused with a 400 naming the field and nothing written or tokenised),
// set primary, remove (not the last card of a membership that renews by card), the default payment method
// following the primary card, the country/state/city lookups of the packaged data set and the GeoIP prefill —
// and neither the card number nor the CVV anywhere in the event log or the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { LAST_CARD_RENEWS } from '../../domain/card/card';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

const US_IP = '8.8.8.8';
const GB_IP = '81.2.69.142';
const YEAR = new Date().getUTCFullYear();

/** Valid add-card bodies: US with state and city (both listed there), Great Britain, and a country without states. */
const US_FORM = { ...TEST_CARD_FORM, country: 'US', state: 'NY', city: 'New York City', pincode: '10001', cardNumber: SANDBOX_TEST_CARDS.approve };
const GB_FORM = { ...TEST_CARD_FORM, country: 'GB', state: 'MAN', city: 'Hulme', pincode: 'M15 5AA', cardNumber: SANDBOX_TEST_CARDS.approveMastercard };
const MO_FORM = { ...TEST_CARD_FORM, country: 'MO', state: '', city: '', pincode: '999078', cardNumber: '378282246310005', cvv: '7391' };

export function paymentMethodsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`payment methods over HTTP (${backend})`, () => {
    let t: TestServer;
    let fan: string;
    let other: string;
    const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });

    const register = async (email: string) => {
      const r = await t.call('POST', '/api/users/register', { name: 'Card Fan', email, password: 'card fan password' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.token as string;
    };
    const cards = async (token: string) => (await t.call('GET', '/api/ccbill/get-payment-card', undefined, as(token))).body.data as any[];
    const me = async (token: string) => (await t.call('GET', '/api/users/me', undefined, as(token))).body.data;
    const tokenised = async () => Number((await untypedTables(t.server.services.database).withSchema('sandbox_gateway').selectFrom('cards').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await startTestServer(backend, { TRUST_PROXY: 'true' });
      // These tests check every billing field, which the card form asks only when the site asks for the address.
      const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
      expect((await t.call('PUT', '/admin-api/subscription-settings/site', { card_form_billing_address: true }, as(admin))).status).toBe(200);
      fan = await register('cards.fan@example.com');
      other = await register('other.fan@example.com');
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('billing lookups (packaged data set)', () => {
      it('countries: all 250 by default, searchable and paged', async () => {
        const all = await t.call('GET', '/api/places/countries', undefined, as(fan));
        expect(all.status).toBe(200);
        expect(all.body.data).toMatchObject({ total: 250, page: 1, per_page: 300 });
        expect(all.body.data.items).toHaveLength(250);
        expect(all.body.data.items).toContainEqual({ code: 'US', name: 'United States' });
        expect(all.headers.get('cache-control')).toContain('max-age');
        const search = await t.call('GET', '/api/places/countries?q=united', undefined, as(fan));
        expect(search.body.data.items.map((c: any) => c.code)).toEqual(['AE', 'GB', 'US', 'UM']);
        const page = await t.call('GET', '/api/places/countries?page=2&per_page=10', undefined, as(fan));
        expect(page.body.data).toMatchObject({ total: 250, page: 2, per_page: 10 });
        expect(page.body.data.items[0]).toEqual(all.body.data.items[10]);
        expect((await t.call('GET', '/api/places/countries?per_page=0', undefined, as(fan))).body).toMatchObject({ field: 'per_page' });
        expect((await t.call('GET', '/api/places/countries?page=x', undefined, as(fan))).status).toBe(400);
      });

      it('states of a country by code, searchable; a country without states answers an empty list', async () => {
        const us = await t.call('GET', '/api/places/states?country=us', undefined, as(fan));
        expect(us.status).toBe(200);
        expect(us.body.data.items).toContainEqual({ code: 'NY', name: 'New York' });
        const newStates = await t.call('GET', '/api/places/states?country=US&q=new', undefined, as(fan));
        expect(newStates.body.data.items.map((s: any) => s.code)).toEqual(['NH', 'NJ', 'NM', 'NY']);
        const macau = await t.call('GET', '/api/places/states?country=MO', undefined, as(fan));
        expect(macau.body.data).toMatchObject({ items: [], total: 0 });
        const unknown = await t.call('GET', '/api/places/states?country=XX', undefined, as(fan));
        expect(unknown.status).toBe(400);
        expect(unknown.body).toMatchObject({ field: 'country', message: 'Please enter a country.' });
        expect((await t.call('GET', '/api/places/states', undefined, as(fan))).body).toMatchObject({ field: 'country', message: 'country is required.' });
      });

      it('cities of a state: 50 a page, searchable by name', async () => {
        const ny = await t.call('GET', '/api/places/cities?country=US&state=NY', undefined, as(fan));
        expect(ny.status).toBe(200);
        expect(ny.body.data.items).toHaveLength(50);
        expect(ny.body.data.total).toBeGreaterThan(1000);
        const york = await t.call('GET', '/api/places/cities?country=US&state=ny&q=York', undefined, as(fan));
        expect(york.body.data.items.slice(0, 3).map((c: any) => c.name)).toEqual(['Yorkshire', 'Yorktown Heights', 'Yorkville']);
        expect(york.body.data.items).toContainEqual({ code: 'New York City', name: 'New York City' });
        const page2 = await t.call('GET', '/api/places/cities?country=US&state=NY&page=2&per_page=20', undefined, as(fan));
        expect(page2.body.data.items[0]).toEqual(ny.body.data.items[20]);
        // England is listed without cities (then the city is optional)
        expect((await t.call('GET', '/api/places/cities?country=GB&state=ENG', undefined, as(fan))).body.data).toMatchObject({ items: [], total: 0 });
        const badState = await t.call('GET', '/api/places/cities?country=US&state=ZZ', undefined, as(fan));
        expect(badState.body).toMatchObject({ field: 'state', message: 'Please enter a state/province.' });
        expect((await t.call('GET', '/api/places/cities?country=XX&state=NY', undefined, as(fan))).body).toMatchObject({ field: 'country' });
        expect((await t.call('GET', '/api/places/cities?country=US', undefined, as(fan))).body).toMatchObject({ field: 'state', message: 'state is required.' });
      });

      it("the caller's country from the packaged GeoIP data, through a trusted proxy's X-Forwarded-For", async () => {
        const gb = await t.call('GET', '/api/places/my-country', undefined, as(fan, { 'x-forwarded-for': GB_IP }));
        expect(gb.body.data).toEqual({ country: 'GB', name: 'United Kingdom' });
        expect(gb.headers.get('cache-control')).toBe('private, no-store');
        expect((await t.call('GET', '/api/places/my-country', undefined, as(fan, { 'x-forwarded-for': US_IP }))).body.data).toEqual({ country: 'US', name: 'United States' });
        // Loopback and private addresses are in no country.
        expect((await t.call('GET', '/api/places/my-country', undefined, as(fan))).body.data).toEqual({ country: null, name: null });
        expect((await t.call('GET', '/api/places/my-country', undefined, as(fan, { 'x-forwarded-for': '10.1.2.3' }))).body.data).toEqual({ country: null, name: null });
      });

      it('without TRUST_PROXY the forwarded address is ignored (a client cannot choose its country)', async () => {
        const plain = await startTestServer('pglite', {}, { ledgerCheck: false });
        try {
          const token = (await plain.call('POST', '/api/users/register', { name: 'P', email: 'p@example.com', password: 'plain password 1' })).body.data.token;
          const r = await plain.call('GET', '/api/places/my-country', undefined, { token, headers: { 'x-forwarded-for': GB_IP } });
          expect(r.body.data).toEqual({ country: null, name: null });
        } finally {
          await plain.close();
        }
      });

      it("the spec's own paths answer the same lists", async () => {
        const all = await t.call('GET', '/api/users/get_all_countries', undefined, as(fan));
        expect(all.body.data).toHaveLength(250);
        const states = await t.call('POST', '/api/users/get_states_of_country', { countryId: 'US' }, as(fan));
        expect(states.body.data).toContainEqual({ code: 'CA', name: 'California' });
        const cities = await t.call('POST', '/api/users/get_cities_of_state', { countryId: 'US', stateId: 'NY' }, as(fan));
        expect(cities.body.data.length).toBeGreaterThan(1000);
        expect((await t.call('POST', '/api/users/get_states_of_country', {}, as(fan))).body).toMatchObject({ field: 'countryId', message: 'countryId is required.' });
        expect((await t.call('POST', '/api/users/get_cities_of_state', { countryId: 'US', stateId: 'ZZ' }, as(fan))).body).toMatchObject({ field: 'state' });
        const ip = await t.call('GET', '/api/ccbill/get-country-from-ip', undefined, as(fan, { 'x-forwarded-for': US_IP }));
        expect(ip.body.data).toEqual({ country: 'US', name: 'United States' });
      });

      it('are for signed-in callers only', async () => {
        for (const url of ['/api/places/countries', '/api/places/states?country=US', '/api/places/cities?country=US&state=NY', '/api/places/my-country', '/api/users/get_all_countries', '/api/ccbill/get-country-from-ip'])
          expect((await t.call('GET', url)).status, url).toBe(401);
        expect((await t.call('POST', '/api/users/get_states_of_country', { countryId: 'US' })).status).toBe(401);
        expect((await t.call('POST', '/api/users/get_cities_of_state', { countryId: 'US', stateId: 'NY' })).status).toBe(401);
      });
    });

    describe('saved cards', () => {
      let visa: string;
      let mc: string;
      let amex: string;

      it('a new fan has no cards', async () => {
        expect(await cards(fan)).toEqual([]);
        expect((await me(fan)).default_payment_method).toBeNull();
      });

      it('refuses every bad field with the spec 1 §5 message, naming the field, and writes and tokenises nothing', async () => {
        const head = await t.server.services.store.headPosition();
        const before = await tokenised();
        const cases: [Record<string, unknown>, string, string][] = [
          [{ cardNumber: '' }, 'cardNumber', 'Please enter a card number.'],
          // Spaces and dashes are how people type a number (accepted, see tests/api/card-purchases.suite.ts); dots are not.
          [{ cardNumber: '4242.4242.4242.4242' }, 'cardNumber', 'Please enter a valid card number (Only numbers allowed)'],
          [{ cardNumber: '42424242abcd' }, 'cardNumber', 'Please enter a valid card number (Only numbers allowed)'],
          [{ cardNumber: '424242424242' }, 'cardNumber', 'Please enter a valid card number.'],
          [{ cardNumber: '42424242424242424242' }, 'cardNumber', 'Please enter a valid card number.'],
          [{ cardNumber: '9999999999999999' }, 'cardNumber', 'Invalid payment card type.'],
          [{ cvv: '' }, 'cvv', 'Please enter a cvv.'],
          [{ cvv: '12' }, 'cvv', 'Please enter a valid cvv.'],
          [{ cvv: '12345' }, 'cvv', 'Please enter a valid cvv.'],
          [{ month: '' }, 'month', 'Please select month.'],
          [{ month: '13' }, 'month', 'Please select month.'],
          [{ year: '' }, 'year', 'Please select year.'],
          [{ year: String(YEAR - 1) }, 'year', 'Please select year.'],
          [{ year: String(YEAR + 15) }, 'year', 'Please select year.'],
          [{ email: '' }, 'email', 'Please enter an email.'],
          [{ email: 'not-an-email' }, 'email', 'Please enter a valid email.'],
          [{ address: '  ' }, 'address', 'Please enter an address.'],
          [{ country: '' }, 'country', 'Please enter a country.'],
          [{ country: 'XX' }, 'country', 'Please enter a country.'],
          [{ state: '' }, 'state', 'Please enter a state/province.'],
          [{ state: 'ZZ' }, 'state', 'Please enter a state/province.'],
          [{ state: 'New York' }, 'state', 'Please enter a state/province.'],
          [{ city: '' }, 'city', 'Please enter a city.'],
          [{ pincode: '' }, 'pincode', 'Please enter a postal code.'],
          [{ firstName: '' }, 'firstName', 'Please enter a first name.'],
          [{ lastName: ' ' }, 'lastName', 'Please enter a last name.'],
          [{ make_primary: 'yes' }, 'make_primary', 'make_primary is invalid.'],
        ];
        for (const [patch, field, message] of cases) {
          const r = await t.call('POST', '/api/v2/purchase/add-new-card', { ...US_FORM, ...patch }, as(fan));
          expect([r.status, r.body], JSON.stringify(patch)).toEqual([400, { success: 0, code: 'VALIDATION', field, message }]);
        }
        // A month already past this year.
        const now = new Date();
        if (now.getUTCMonth() > 0) {
          const past = await t.call('POST', '/api/v2/purchase/add-new-card', { ...US_FORM, year: String(YEAR), month: String(now.getUTCMonth()).padStart(2, '0') }, as(fan));
          expect(past.body).toMatchObject({ field: 'month', message: 'Please select month.' });
        }
        expect(await t.server.services.store.headPosition()).toEqual(head);
        expect(await tokenised()).toBe(before);
        expect(await cards(fan)).toEqual([]);
      });

      it('adds a card: brand, last 4 and expiry are kept; the first card is primary and the default', async () => {
        const r = await t.call('POST', '/api/v2/purchase/add-new-card', { ...US_FORM, email: ' Cards.Fan@Example.com ', country: 'us', state: 'ny' }, as(fan));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ success: 1, message: 'Card added successfully.' });
        expect(r.body.data).toMatchObject({ brand: 'visa', last4: '4242', exp_month: '12', exp_year: String(YEAR + 2), is_primary: true });
        expect(Object.keys(r.body.data).sort()).toEqual(['_id', 'added_at', 'brand', 'exp_month', 'exp_year', 'is_primary', 'last4']);
        visa = r.body.data._id;
        expect(await cards(fan)).toEqual([r.body.data]);
        expect((await me(fan)).default_payment_method).toBe(visa);
        // The spec's v2 path lists the same cards; another fan sees none of them.
        expect((await t.call('GET', '/api/v2/get-payment-card', undefined, as(fan))).body.data).toEqual([r.body.data]);
        expect(await cards(other)).toEqual([]);
      });

      it('a second card is not primary unless asked; a country without states needs no state or city', async () => {
        const second = await t.call('POST', '/api/v2/purchase/add-new-card', { ...GB_FORM, make_primary: false }, as(fan));
        expect(second.status, JSON.stringify(second.body)).toBe(200);
        expect(second.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', is_primary: false });
        mc = second.body.data._id;
        const third = await t.call('POST', '/api/v2/purchase/add-new-card', { ...MO_FORM, make_primary: false }, as(fan));
        expect(third.status, JSON.stringify(third.body)).toBe(200);
        expect(third.body.data).toMatchObject({ brand: 'amex', last4: '0005', is_primary: false });
        amex = third.body.data._id;
        // Primary first, then the most recently added.
        expect((await cards(fan)).map((c) => [c._id, c.is_primary])).toEqual([
          [visa, true],
          [amex, false],
          [mc, false],
        ]);
        // England lists no cities: the city may be left out there.
        const england = await t.call('POST', '/api/v2/purchase/add-new-card', { ...GB_FORM, state: 'ENG', city: '' }, as(other));
        expect(england.status, JSON.stringify(england.body)).toBe(200);
      });

      it('an Idempotency-Key retry replays the first answer and saves the card once', async () => {
        const key = { 'idempotency-key': 'add-card-attempt-0001' };
        const first = await t.call('POST', '/api/v2/purchase/add-new-card', { ...US_FORM, make_primary: false }, as(other, key));
        const again = await t.call('POST', '/api/v2/purchase/add-new-card', { ...US_FORM, make_primary: false }, as(other, key));
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body.data._id).toBe(first.body.data._id);
        expect(await cards(other)).toHaveLength(2);
      });

      it('sets another card as primary; the default payment method follows it', async () => {
        const r = await t.call('POST', '/api/ccbill/set-primary-card', { card_id: mc }, as(fan));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.message).toBe('Primary card updated successfully.');
        expect(r.body.data.map((c: any) => [c._id, c.is_primary])).toEqual([
          [mc, true],
          [amex, false],
          [visa, false],
        ]);
        expect((await me(fan)).default_payment_method).toBe(mc);
        // Chosen explicitly as the default (the wallet's route), then a new primary: the default still follows.
        const chosen = await t.call('POST', '/api/users/set-default-payment-method', { payment_method: mc }, as(fan));
        expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
        await t.call('POST', '/api/ccbill/set-primary-card', { card_id: visa }, as(fan));
        expect((await me(fan)).default_payment_method).toBe(visa);
        // Setting the primary again changes nothing.
        const head = await t.server.services.store.headPosition();
        expect((await t.call('POST', '/api/ccbill/set-primary-card', { card_id: visa }, as(fan))).status).toBe(200);
        expect(await t.server.services.store.headPosition()).toEqual(head);
      });

      it('the crypto wallet as default stays the default when the primary card changes', async () => {
        const crypto = await t.call('POST', '/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, as(fan));
        expect(crypto.status, JSON.stringify(crypto.body)).toBe(200);
        await t.call('POST', '/api/ccbill/set-primary-card', { card_id: amex }, as(fan));
        expect((await me(fan)).default_payment_method).toBe('crypto_currency');
        expect((await cards(fan)).find((c) => c.is_primary)._id).toBe(amex);
        const back = await t.call('POST', '/api/users/set-default-payment-method', { payment_method: amex }, as(fan));
        expect(back.status).toBe(200);
        expect((await me(fan)).default_payment_method).toBe(amex);
      });

      it('refuses unknown, foreign and malformed card ids', async () => {
        const head = await t.server.services.store.headPosition();
        const foreign = (await cards(other))[0]._id;
        for (const url of ['/api/ccbill/set-primary-card', '/api/ccbill/remove-card']) {
          expect((await t.call('POST', url, { card_id: '00000000-0000-4000-8000-000000000000' }, as(fan))).body).toMatchObject({ code: 'CARD_NOT_FOUND', message: 'Invalid request.' });
          expect((await t.call('POST', url, { card_id: foreign }, as(fan))).status).toBe(404);
          expect((await t.call('POST', url, { card_id: 'nope' }, as(fan))).body).toMatchObject({ field: 'card_id', message: 'card_id is invalid.' });
          expect((await t.call('POST', url, {}, as(fan))).body).toMatchObject({ field: 'card_id', message: 'card_id is required.' });
        }
        expect(await t.server.services.store.headPosition()).toEqual(head);
      });

      it('removes a card; removing the primary makes the most recently added remaining card primary', async () => {
        const r = await t.call('POST', '/api/ccbill/remove-card', { card_id: amex }, as(fan));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.message).toBe('Card removed successfully.');
        expect(r.body.data.map((c: any) => [c._id, c.is_primary])).toEqual([
          [mc, true],
          [visa, false],
        ]);
        // The default payment method (the removed card) moves to the new primary.
        expect((await me(fan)).default_payment_method).toBe(mc);
        expect((await t.call('POST', '/api/ccbill/remove-card', { card_id: amex }, as(fan))).status).toBe(404);
        const last = await t.call('POST', '/api/ccbill/remove-card', { card_id: visa }, as(fan));
        expect(last.body.data.map((c: any) => c._id)).toEqual([mc]);
      });

      it('keeps the last card while a membership renews by card (409), not otherwise', async () => {
        const subscriber = await register('renewing.fan@example.com');
        const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...US_FORM }, as(subscriber));
        expect(sub.body, JSON.stringify(sub.body)).toMatchObject({ success: 1, data: { accepted: true } });
        const [card] = await cards(subscriber);
        const head = await t.server.services.store.headPosition();
        const refused = await t.call('POST', '/api/ccbill/remove-card', { card_id: card._id }, as(subscriber));
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'CARD_NEEDED_FOR_RENEWAL', field: 'card_id', message: LAST_CARD_RENEWS });
        expect(await t.server.services.store.headPosition()).toEqual(head);
        // With another card saved, either may go.
        const spare = (await t.call('POST', '/api/v2/purchase/add-new-card', { ...GB_FORM, make_primary: false }, as(subscriber))).body.data._id;
        expect((await t.call('POST', '/api/ccbill/remove-card', { card_id: card._id }, as(subscriber))).status).toBe(200);
        expect((await cards(subscriber)).map((c) => [c._id, c.is_primary])).toEqual([[spare, true]]);
        expect((await t.call('POST', '/api/ccbill/remove-card', { card_id: spare }, as(subscriber))).status).toBe(409);
        // Renewing from the wallet: the last card may go.
        expect((await t.call('POST', '/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, as(subscriber))).status).toBe(200);
        expect((await t.call('POST', '/api/ccbill/remove-card', { card_id: spare }, as(subscriber))).status).toBe(200);
        expect(await cards(subscriber)).toEqual([]);
        // A fan without a membership may remove their last card at any time.
        const [only] = await cards(fan);
        expect((await t.call('POST', '/api/ccbill/remove-card', { card_id: only._id }, as(fan))).status).toBe(200);
        expect(await cards(fan)).toEqual([]);
      });

      it('the purchase flows take the same form and the same rules', async () => {
        const buyer = await register('buyer.fan@example.com');
        const bad = await t.call('POST', '/api/v2/purchase/subscription', { ...US_FORM, state: '' }, as(buyer));
        expect(bad.body).toMatchObject({ field: 'state', message: 'Please enter a state/province.' });
        expect(await cards(buyer)).toEqual([]);
      });

      it('never stores the card number or the CVV: not in the event log, the read models or anywhere in the database', async () => {
        const numbers = [SANDBOX_TEST_CARDS.approve, SANDBOX_TEST_CARDS.approveMastercard, MO_FORM.cardNumber];
        const events = JSON.stringify(await t.server.services.store.readAll());
        expect(events).toContain('CardAdded');
        for (const n of numbers) expect(events).not.toContain(n);
        // The CVV as a value of its own: random ids and token hashes may hold the digits 7391 inside a longer hex run, and
        // log positions are JSON numbers (":7391"), which a stored CVV never is.
        const cvv = /(?<![0-9a-z:])7391(?![0-9a-z])/i;
        expect(events).not.toMatch(/"cvv"|"cardNumber"/);
        expect(events).not.toMatch(cvv);
        const db = t.server.services.database.db;
        const tables = await sql<{ table_schema: string; table_name: string }>`
          SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(db);
        expect(tables.rows.map((r) => `${r.table_schema}.${r.table_name}`)).toContain('rm.user_cards');
        for (const { table_schema, table_name } of tables.rows) {
          const rows = await sql`SELECT * FROM ${sql.table(`${table_schema}.${table_name}`)}`.execute(db);
          const text = JSON.stringify(rows.rows);
          for (const n of numbers) expect(text, `${table_schema}.${table_name}`).not.toContain(n);
          expect(text, `${table_schema}.${table_name}`).not.toMatch(/"cvv"/);
          expect(text, `${table_schema}.${table_name}`).not.toMatch(cvv);
        }
      });
    });
  });
}
