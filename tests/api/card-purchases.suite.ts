// Paying with a card typed into a purchase, over real HTTP and a real database (9, 12, 13):
// thirty parallel unlocks of one post by one fan paying with a newly typed card answer no 5xx (conflicts on the
// cards stream are retried, never surfaced as 500), charge once and save the card once — also with two API
// processes on one Postgres database; the same card is saved once however often it is typed; card numbers are
// accepted as people type them (spaces, dashes); a declined card is not saved; a crypto top-up does not change
// the default payment method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { cardsStream } from '../../domain/card/card';
import { sandboxCaptures } from '../../infra/payments/sandbox-card-gateway';
import { startServer } from '../../api/server';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';

export function cardPurchasesSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`card purchases with a typed card (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let mediaId: string;
    let n = 0;

    const post = (url: string, body: unknown, token?: string, base?: string) =>
      base
        ? fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) }).then(async (r) => ({
            status: r.status,
            body: await r.json().catch(() => null),
          }))
        : t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token: string) => t.call('GET', url, undefined, { token });
    const savedCards = async (token: string) => (await get('/api/ccbill/get-payment-card', token)).body.data as any[];
    const cardEvents = async (userId: string) => (await t.server.services.store.readStream(cardsStream(userId))).filter((e) => e.type === 'CardAdded');
    const form = (cardNumber: string, extra: Record<string, string> = {}) => ({ ...TEST_CARD_FORM, cardNumber, ...extra });

    /** A fan with a complimentary membership (so locked posts may be bought). */
    const fan = async () => {
      const email = `typed.${backend}.${++n}@example.com`;
      const r = await post('/api/users/register', { name: 'Typed Card Fan', email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const id = r.body.data.userId as string;
      expect((await post('/api/admin/give_complimentary_subscription', { user_id: id, months: 1 }, admin)).status).toBe(200);
      return { token: r.body.data.token as string, id };
    };
    const lockedPost = async (dollars: number) => {
      const created = await post('/api/blogs', { caption: `Typed card ${++n}`, visibility: 'locked', amount: dollars, media_ids: [mediaId] }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data._id as string;
    };
    const unlock = (token: string, postId: string, dollars: number, card: Record<string, string>, base?: string) =>
      post('/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: dollars, ...card }, token, base);

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const presign = (await post('/api/upload/generate_presigned_url', { file_name: 'c.jpg', content_type: 'image/jpeg' }, admin)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      mediaId = (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('thirty parallel unlocks of one post by one fan with a newly typed card: no 5xx, one charge, the card saved once', async () => {
      const f = await fan();
      const postId = await lockedPost(7);
      const before = await sandboxCaptures(t.server.services.database);
      const answers = await Promise.all(Array.from({ length: 30 }, () => unlock(f.token, postId, 7, form('4242 4242 4242 4242'))));
      const summary = answers.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', ');
      expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
      const accepted = answers.filter((a) => a.body.data?.accepted);
      expect(accepted.length, summary).toBeGreaterThan(0);
      expect(new Set(accepted.map((a) => a.body.data.transactionId)).size).toBe(1);
      for (const a of answers) if (!a.body.data?.accepted) expect([a.status, a.body.message], summary).toEqual([409, 'Content already unlocked.']);
      expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: before.count + 1, cents: before.cents + 700 });
      expect(await cardEvents(f.id)).toHaveLength(1);
      const cards = await savedCards(f.token);
      expect(cards.map((c) => [c.last4, c.isPrimary ?? c.is_primary ?? true])).toHaveLength(1);
    });

    if (backend === 'postgres')
      it('two API processes on one database: parallel typed-card unlocks and card saves on both answer no 5xx, charge once, save once', async () => {
        const second = await startServer(t.server.services.config, { log: () => {}, deliverNotices: false, serveApps: false });
        try {
          const secondBase = `http://127.0.0.1:${(second.app.server.address() as { port: number }).port}`;
          const f = await fan();
          const postId = await lockedPost(9);
          const before = await sandboxCaptures(t.server.services.database);
          const answers = await Promise.all(
            Array.from({ length: 30 }, (_, i) => unlock(f.token, postId, 9, form('4242-4242-4242-4242'), i % 2 ? secondBase : undefined)),
          );
          const summary = answers.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', ');
          expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
          expect(answers.filter((a) => a.body?.data?.accepted).length, summary).toBeGreaterThan(0);
          expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: before.count + 1, cents: before.cents + 900 });
          expect(await cardEvents(f.id)).toHaveLength(1);
          // The Add Card page, thirty times at once on both processes, with a new card: saved once, one answer.
          const adds = await Promise.all(
            Array.from({ length: 30 }, (_, i) => post('/api/v2/purchase/add-new-card', form(SANDBOX_TEST_CARDS.approveMastercard), f.token, i % 2 ? secondBase : undefined)),
          );
          const addSummary = adds.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', ');
          expect(adds.filter((a) => a.status !== 200), addSummary).toEqual([]);
          expect(new Set(adds.map((a) => a.body.data._id)).size).toBe(1);
          expect(await cardEvents(f.id)).toHaveLength(2);
        } finally {
          await second.close();
        }
      });

    it('the same card typed for several purchases, and on the Add Card page, is saved once', async () => {
      const f = await fan();
      const [p1, p2] = [await lockedPost(5), await lockedPost(6)];
      expect((await unlock(f.token, p1, 5, form('4242424242424242'))).status).toBe(200);
      expect((await unlock(f.token, p2, 6, form('4242 4242 4242 4242'))).status).toBe(200);
      const added = await post('/api/v2/purchase/add-new-card', form('4242-4242-4242-4242'), f.token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const cards = await savedCards(f.token);
      expect(cards).toHaveLength(1);
      expect(added.body.data._id).toBe(cards[0]._id);
      // Another expiry is another card.
      const other = await post('/api/v2/purchase/add-new-card', form('4242424242424242', { year: String(new Date().getFullYear() + 3) }), f.token);
      expect(other.status).toBe(200);
      expect(await savedCards(f.token)).toHaveLength(2);
    });

    it('card numbers are accepted as people type them: spaces and dashes (the README test card as printed)', async () => {
      const f = await fan();
      for (const cardNumber of ['4242 4242 4242 4242', '4242-4242-4242-4242', ' 5555 5555-5555 4444 ']) {
        const r = await post('/api/v2/purchase/add-new-card', form(cardNumber), f.token);
        expect(r.status, `${cardNumber} → ${JSON.stringify(r.body)}`).toBe(200);
      }
      expect((await savedCards(f.token)).map((c) => c.last4 ?? c.card_last_four ?? c.lastFour).sort()).toHaveLength(2);
      const bad = await post('/api/v2/purchase/add-new-card', form('4242.4242.4242.4242'), f.token);
      expect([bad.status, bad.body.field, bad.body.message]).toEqual([400, 'cardNumber', 'Please enter a valid card number (Only numbers allowed)']);
    });

    it('a declined card typed into a purchase is not saved; an approved one is, as the primary card', async () => {
      const f = await fan();
      const postId = await lockedPost(8);
      const declined = await unlock(f.token, postId, 8, form(SANDBOX_TEST_CARDS.decline));
      expect(declined.status, JSON.stringify(declined.body)).toBe(402);
      expect(await savedCards(f.token)).toEqual([]);
      expect(await cardEvents(f.id)).toEqual([]);
      const approved = await unlock(f.token, postId, 8, form(SANDBOX_TEST_CARDS.approve));
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const cards = await savedCards(f.token);
      expect(cards).toHaveLength(1);
      // With a card saved, a declined card typed into the next purchase leaves the saved card alone.
      const p2 = await lockedPost(8);
      expect((await unlock(f.token, p2, 8, form(SANDBOX_TEST_CARDS.failMinus24))).status).toBe(402);
      expect((await savedCards(f.token)).map((c) => c._id)).toEqual([cards[0]._id]);
      expect(await cardEvents(f.id)).toHaveLength(1);
    });

    it('a crypto top-up does not change the default payment method: renewals keep the card the fan chose', async () => {
      const f = await fan();
      const card = await post('/api/v2/purchase/add-new-card', form(SANDBOX_TEST_CARDS.approve), f.token);
      expect(card.status).toBe(200);
      const me = async () => (await get('/api/users/me', f.token)).body.data;
      const before = (await me()).default_payment_method;
      await topUpWallet(t, f.token, 5);
      expect((await me()).default_payment_method).toBe(before);
      expect((await me()).default_payment_method).not.toBe('crypto_currency');
      // The fan chooses the wallet: then it is the default.
      expect((await post('/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, f.token)).status).toBe(200);
      expect((await me()).default_payment_method).toBe('crypto_currency');
      // A fan with no card and no choice: a top-up leaves the default unset as well.
      const g = await fan();
      await topUpWallet(t, g.token, 5);
      expect((await get('/api/users/me', g.token)).body.data.default_payment_method).toBeNull();
    });
  });
}
