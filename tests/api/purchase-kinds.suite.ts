// The contract every purchase kind keeps, checked kind by kind through the one purchase start (`pay`) and the payment
// process on a real server's event store, card gateway and read models:
//   start → capture → grant; a decline releases the pending purchase (a new attempt is not blocked); a refund and a
//   chargeback take back what was granted; a crash between the capture and the grant is finished by the recovery
//   (charged once, granted once); a retry with the same Idempotency-Key finds the first attempt (one key, one
//   payment); from the wallet, paid and refunded to it; and the auditor's ledger agrees with the reports and the
//   provider afterwards.
// A new kind joins by adding its case below. The delivered live minute is billed by the server, not started by a
// fan; its pay, crash and refund are covered by tests/api/live.suite.ts and tests/api/recovery-finished.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { paymentDecider, paymentStream, type PaymentPurpose } from '../../domain/payment/payment';
import { cryptoPaymentDecider, cryptoPaymentStream } from '../../domain/wallet/crypto-topup';
import { unlockDecider, unlockStream } from '../../domain/unlock/unlock';
import { tipDecider, tipStream } from '../../domain/tip/tip';
import { chatMessageDecider, chatMessageStream } from '../../domain/chat/chat-message';
import { isActive, subscriptionDecider, subscriptionStream } from '../../domain/subscription/subscription';
import { commandContext, handle, loadStream, type CommandContext } from '../../commands/handle';
import { pay, type PayWith } from '../../commands/payment/pay';
import type { Buyer, PendingPayment, PurchaseKind, PurchaseKinds, PurposeKind, SettledKind } from '../../commands/payment/kind';
import { refundPayment, resumePayment, reversePayment, type PurchaseDeps } from '../../commands/payment/process';
import { walletBalance } from '../../commands/payment/wallet-stream';
import { postUnlockPurchase } from '../../commands/payment/kinds/post-unlock';
import { tipPurchase } from '../../commands/payment/kinds/tip';
import { chatUnlockPurchase } from '../../commands/payment/kinds/chat-unlock';
import { payPerMessagePurchase } from '../../commands/payment/kinds/pay-per-message';
import { subscriptionPurchase } from '../../commands/payment/kinds/subscription';
import { cardTopUpPurchase, walletTopUpPurchase } from '../../commands/payment/kinds/wallet-top-up';
import { chatBookingPurchase } from '../../commands/payment/kinds/chat-booking';
import { shopOrderPurchase } from '../../commands/payment/kinds/shop-order';
import { bookingDecider, chatBookingStream } from '../../domain/chat-booking/booking';
import { orderDecider, shopOrderStream } from '../../domain/shop-order/order';
import { shopStockStream, stockDecider } from '../../domain/shop-stock/stock';
import { calendarDecider, calendarStream } from '../../domain/chat-booking/calendar';
import { updateSiteSettings } from '../../commands/settings';
import { sendStaffMessage } from '../../commands/chat';
import { acceptOffer, migrateMembership } from '../../commands/subscriptions';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxCaptures, sandboxNetCents, type SandboxCardGateway } from '../../infra/payments/sandbox-card-gateway';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';

interface Fan {
  id: string;
  token: string;
}

/** One kind under the contract: how to make a thing to buy for a fan, and how to see what the fan was granted. */
interface KindCase {
  name: string;
  kind: PurchaseKind<PaymentPurpose['kind'], Buyer, PendingPayment | null>;
  /** A fan who may buy it (a member, unless the kind is the membership). */
  member: boolean;
  /** The purchase input for this fan: a new thing to buy each time. */
  input(fan: Fan): Promise<Buyer>;
  /** What the fan holds now for that input (a post open, a tip sent, a membership running…). */
  granted(ctx: CommandContext, input: Buyer): Promise<boolean>;
  /** false: a reversal gives the money back but takes nothing back (a delivered message stays delivered). */
  revokes: boolean;
  /** What is charged. */
  cents: number;
}

/** One kind's case written against its own input type; the contract below runs it as any kind. */
function kindCase<K extends PurposeKind, I extends Buyer>(c: {
  name: string;
  kind: PurchaseKind<K, I, PendingPayment> | PurchaseKind<K, I, PendingPayment | null>;
  member: boolean;
  input(fan: Fan): Promise<NoInfer<I>>;
  granted(ctx: CommandContext, input: NoInfer<I>): Promise<boolean>;
  revokes: boolean;
  cents: number;
}): KindCase {
  // Sound: the contract hands each case's `kind` and `granted` only what its own `input` made.
  return c as unknown as KindCase;
}

export function purchaseKindsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`every purchase kind keeps the contract (${backend})`, () => {
    let t: TestServer;
    let admin: { token: string; id: string };
    let mediaId: string;
    let n = 0;
    /** Free chat slots: each booking takes the next. */
    let slots: { start: string; end: string }[] = [];
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const deps = (): PurchaseDeps => t.server.services.purchases;
    const ctxOf = (userId: string, key: string | null = null) =>
      commandContext(t.server.services.store, { userId, role: 'user' }, () => new Date(), key ? { scope: userId, key } : null);
    const card = (number: string): PayWith => ({ method: 'card', card: { form: { ...TEST_CARD_FORM, cardNumber: number } } });

    const fan = async (member: boolean): Promise<Fan> => {
      const r = await post('/api/users/register', { name: 'Kind Fan', email: `kinds.${backend}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const id = r.body.data.userId as string;
      if (member) expect((await post('/api/admin/give_complimentary_subscription', { user_id: id, months: 1 }, admin.token)).status).toBe(200);
      return { id, token: r.body.data.token as string };
    };

    const cases: KindCase[] = [
      kindCase({
        name: 'post unlock',
        kind: postUnlockPurchase,
        member: true,
        cents: 500,
        async input(f) {
          const created = await post('/api/blogs', { caption: `Kind post ${++n}`, visibility: 'locked', amount: 5, media_ids: [mediaId] }, admin.token);
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          return { userId: f.id, role: 'user', postId: created.body.data._id as string, confirmedAmountCents: 500, applyPromotion: false };
        },
        granted: async (ctx, i) => (await loadStream(ctx.store, unlockStream(i.postId, i.userId), unlockDecider)).state.unlocked,
        revokes: true,
      }),
      kindCase({
        name: 'tip',
        kind: tipPurchase,
        member: true,
        cents: 700,
        input: async (f) => ({ userId: f.id, role: 'user', amountCents: 700, message: 'Thank you', tipFrom: 'tips_page' as const, isAnonymous: false, tipId: crypto.randomUUID() }),
        granted: async (ctx, i) => (await loadStream(ctx.store, tipStream(i.tipId!), tipDecider)).state.status === 'sent',
        revokes: true,
      }),
      kindCase({
        name: 'chat message unlock',
        kind: chatUnlockPurchase,
        member: true,
        cents: 600,
        async input(f) {
          const staff = commandContext(t.server.services.store, { userId: admin.id, role: 'admin' });
          const messageId = await sendStaffMessage(staff, {
            staffId: admin.id, role: 'admin', fanId: f.id, text: 'Locked for you', mediaIds: [mediaId], previewMediaId: null, locked: true, priceCents: 600, uniqueId: null,
          });
          return { userId: f.id, role: 'user', messageId, confirmedAmountCents: 600 };
        },
        granted: async (ctx, i) => (await loadStream(ctx.store, chatMessageStream(i.messageId), chatMessageDecider)).state.unlocked,
        revokes: true,
      }),
      kindCase({
        name: 'pay-per-message',
        kind: payPerMessagePurchase,
        member: true,
        cents: 300,
        async input(f) {
          const messageId = crypto.randomUUID();
          return {
            userId: f.id, role: 'user', messageId, amountCents: 300,
            message: { type: 'SendFanMessage' as const, messageId, fanId: f.id, text: 'A paid hello', media: [], isSubscriber: true, uniqueId: null, at: new Date().toISOString() },
          };
        },
        granted: async (ctx, i) => (await loadStream(ctx.store, chatMessageStream(i.messageId), chatMessageDecider)).state.status === 'sent',
        revokes: false,
      }),
      kindCase({
        name: 'membership',
        kind: subscriptionPurchase,
        member: false,
        cents: 999,
        input: async (f) => ({ userId: f.id, role: 'user', kind: 'initial' as const, prices: { initialCents: 999, recurringCents: 999 }, renews: true, billingApi: 'v2' as const, needsPaymentMethod: true }),
        granted: async (ctx, i) => isActive((await loadStream(ctx.store, subscriptionStream(i.userId), subscriptionDecider)).state, ctx.now()),
        revokes: true,
      }),
      kindCase({
        name: 'chat booking',
        kind: chatBookingPurchase,
        member: false,
        cents: 1500,
        async input(f) {
          const slot = slots.shift();
          expect(slot, 'a free chat slot').toBeDefined();
          return { userId: f.id, role: 'user', slot: { start: slot!.start, end: slot!.end } };
        },
        // Booked: the calendar holds the slot as this fan's booking, and the booking says so.
        granted: async (ctx, i) => {
          const entries = Object.entries((await loadStream(ctx.store, calendarStream(), calendarDecider)).state.entries);
          const mine = entries.find(([, e]) => e.fanId === i.userId && e.start === i.slot.start && e.status === 'booked');
          return !!mine && (await loadStream(ctx.store, chatBookingStream(mine[0]), bookingDecider)).state.status === 'booked';
        },
        revokes: true,
      }),
      kindCase({
        name: 'shop order',
        kind: shopOrderPurchase,
        member: false,
        cents: 1200,
        async input(f) {
          const made = await t.call('POST', '/admin-api/shop/products', { title: `Kind tee ${++n}`, price_cents: 1000, variants: [{ name: 'M', sku: `KIND-${n}`, stock: 5 }], shipping: [{ country: 'US', cents: 200 }] }, { token: admin.token });
          expect(made.status, JSON.stringify(made.body)).toBe(200);
          expect((await post(`/admin-api/shop/products/${made.body.id}/publish`, {}, admin.token)).status).toBe(200);
          const address = await post('/api/shop/addresses', { name: 'Kind Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' }, f.token);
          expect(address.status, JSON.stringify(address.body)).toBe(200);
          const item = { productId: made.body.id as string, variantId: made.body.variants[0].variant_id as string, quantity: 1 };
          return { userId: f.id, role: 'user', items: [item], addressId: address.body.data.address_id as string };
        },
        // Paid: an order of this fan's holds the item sold (each input is its own product).
        granted: async (ctx, i) => {
          const stock = (await loadStream(ctx.store, shopStockStream(i.items![0].variantId), stockDecider)).state;
          const orders = await Promise.all(Object.entries(stock.sold).filter(([, q]) => q > 0).map(async ([id]) => (await loadStream(ctx.store, shopOrderStream(id), orderDecider)).state));
          return orders.some((o) => o.userId === i.userId && o.status === 'paid');
        },
        revokes: true,
      }),
    ];

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      const login = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data;
      admin = { token: login.token, id: login.userId };
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#663399' } }).jpeg().toBuffer();
      const presign = (await post('/api/upload/generate_presigned_url', { file_name: 'k.jpg', content_type: 'image/jpeg' }, admin.token)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      mediaId = (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin.token)).body.data.id;
      // Chat booking open around the clock, and the shop open.
      const hours = await t.call('PUT', '/admin-api/chat-booking/availability', {
        time_zone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })), exceptions: [], slot_minutes: 30, buffer_minutes: 0,
        price_cents: 1500, book_ahead_days: 14, min_notice_minutes: 60, max_bookings_per_fan: 5, cancel_deadline_hours: 1, no_show_policy: 'keep_payment', chat_booking_enabled: true,
      }, { token: admin.token });
      expect(hours.status, JSON.stringify(hours.body)).toBe(200);
      const f = await fan(false);
      slots = (await t.call('GET', '/api/chat-booking/slots', undefined, { token: f.token })).body.data.slots;
      expect(slots.length).toBeGreaterThan(20);
      const services = t.server.services;
      await updateSiteSettings(commandContext(services.store, { userId: null, role: 'admin' }), services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    const captures = () => sandboxCaptures(t.server.services.database);

    describe.each(cases)('$name', (c) => {
      it('start → capture → grant, charged once', async () => {
        const f = await fan(c.member);
        const input = await c.input(f);
        const before = await captures();
        const paid = await pay(ctxOf(f.id), deps(), c.kind, input, card(SANDBOX_TEST_CARDS.approve));
        expect(paid?.payment.status).toBe('captured');
        expect(paid?.payment.request?.amountCents).toBe(c.cents);
        expect(await c.granted(ctxOf(f.id), input)).toBe(true);
        expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + c.cents });
      });

      it('a decline releases the pending purchase, and the next attempt is not blocked by it', async () => {
        const f = await fan(c.member);
        const input = await c.input(f);
        const declined = await pay(ctxOf(f.id), deps(), c.kind, input, card(SANDBOX_TEST_CARDS.decline));
        expect(declined?.payment.status).toBe('failed');
        expect(await c.granted(ctxOf(f.id), input)).toBe(false);
        // A pay-per-message or tip id is spent by its failure: the fan sends again as a new one.
        const again = c.name === 'tip' || c.name === 'pay-per-message' ? await c.input(f) : input;
        const paid = await pay(ctxOf(f.id), deps(), c.kind, again, card(SANDBOX_TEST_CARDS.approve));
        expect(paid?.payment.status).toBe('captured');
        expect(await c.granted(ctxOf(f.id), again)).toBe(true);
      });

      it('a refund and a chargeback take back what was granted, once', async () => {
        for (const reversal of ['refund', 'chargeback'] as const) {
          const f = await fan(c.member);
          const input = await c.input(f);
          const paid = (await pay(ctxOf(f.id), deps(), c.kind, input, card(SANDBOX_TEST_CARDS.approve)))!;
          const reverse = () =>
            reversal === 'refund'
              ? refundPayment(ctxOf(f.id), deps(), paid.paymentId, { kind: 'refund', source: 'test', reason: null })
              : // The bank takes the money back at the provider, whose notice the site applies.
                (t.server.services.gateway as SandboxCardGateway)
                  .chargeback(paid.paymentId, 'test')
                  .then(() => reversePayment(ctxOf(f.id), deps(), paid.paymentId, { kind: 'chargeback', source: 'test' }));
          expect((await reverse()).status).toBe('reversed');
          expect(await c.granted(ctxOf(f.id), input)).toBe(!c.revokes);
          // The same notice again changes nothing; a second staff refund is refused.
          if (reversal === 'chargeback') expect((await reverse()).status).toBe('reversed');
          else await expect(reverse()).rejects.toMatchObject({ code: 'ALREADY_REVERSED' });
        }
      });

      it('a crash between the capture and the grant is finished by the recovery: charged once, granted once', async () => {
        const f = await fan(c.member);
        const input = await c.input(f);
        const before = await captures();
        // The process dies right after the capture is recorded: its grant never runs.
        const crashing: PurchaseKinds = {
          of: (purpose) => {
            const real = deps().kinds.of(purpose);
            const dying: SettledKind = { ...real, grant: async () => Promise.reject(new Error('killed after the capture')) };
            return dying;
          },
        };
        const key = `crash-${crypto.randomUUID()}`;
        await expect(pay(ctxOf(f.id, key), { ...deps(), kinds: crashing }, c.kind, input, card(SANDBOX_TEST_CARDS.approve))).rejects.toThrow('killed after the capture');
        expect(await c.granted(ctxOf(f.id), input)).toBe(false);
        // The payment's id is derived from the request's key, as `pay` derives it.
        const fresh = ctxOf(f.id, key);
        const paymentId = c.kind.paymentIdOf?.(fresh, input).paymentId ?? fresh.idFor('payment');
        const resumed = await resumePayment(ctxOf(f.id), deps(), paymentId);
        expect(resumed.status).toBe('captured');
        await resumePayment(ctxOf(f.id), deps(), paymentId);
        expect(await c.granted(ctxOf(f.id), input)).toBe(true);
        expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + c.cents });
      });

      it('a retry with the same Idempotency-Key finds the first attempt: one key, one payment', async () => {
        const f = await fan(c.member);
        const input = await c.input(f);
        const before = await captures();
        const key = `kinds-${crypto.randomUUID()}`;
        const first = (await pay(ctxOf(f.id, key), deps(), c.kind, input, card(SANDBOX_TEST_CARDS.approve)))!;
        const retry = (await pay(ctxOf(f.id, key), deps(), c.kind, input, card(SANDBOX_TEST_CARDS.approve)))!;
        expect(retry.paymentId).toBe(first.paymentId);
        expect(retry.resumed).toBe(true);
        expect(retry.payment.status).toBe('captured');
        expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + c.cents });
      });

      it('from the wallet: paid from it, and a refund puts the money back into it', async () => {
        const f = await fan(c.member);
        await topUpWallet(t, f.token, 20);
        const input = await c.input(f);
        const paid = (await pay(ctxOf(f.id), deps(), c.kind, input, { method: 'wallet' }))!;
        expect(paid.payment.status).toBe('captured');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(2000 - c.cents);
        expect(await c.granted(ctxOf(f.id), input)).toBe(true);
        expect((await refundPayment(ctxOf(f.id), deps(), paid.paymentId, { kind: 'refund', source: 'test', reason: null })).status).toBe('reversed');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(2000);
        expect(await c.granted(ctxOf(f.id), input)).toBe(!c.revokes);
      });
    });

    it('a resubscribe offer and a migration, retried with the same key after they paid, answer as the first attempt', async () => {
      // Both look for an earlier attempt before their own rules (after the first attempt the fan is a member again,
      // and those rules would refuse the retry although it paid): the purchase must use the id they looked for.
      const call = (method: string, url: string, body: unknown, token: string) => t.call(method, url, body, { token });
      const member = async () => {
        const f = await fan(false);
        const added = await post('/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect((await post('/api/v2/purchase/subscription', { card_id: added.body.data._id }, f.token)).body.data.accepted).toBe(true);
        return f;
      };
      const billing = (version: 'v1' | 'v2') => call('PUT', '/admin-api/subscription-settings/site', { payment_api_version: version }, admin.token);
      expect((await billing('v1')).status).toBe(200);
      const migrating = await member();
      expect((await billing('v2')).status).toBe(200);
      const returning = await member();
      expect((await post('/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' }, returning.token)).status).toBe(200);
      expect((await call('PUT', '/api/resubscribe-offer/save-settings', { enabled: true, give_free_month_subscription: 0, recurring_price: 4.99 }, admin.token)).status).toBe(200);
      expect((await post('/api/migrate-subscription', { enabled: true, title: 'Move your membership' }, admin.token)).body.success).toBe(1);
      expect((await post('/api/save-condition', {}, migrating.token)).body.success).toBe(1);

      const before = await captures();
      const offerKey = `offer-${crypto.randomUUID()}`;
      const offer = () => acceptOffer(ctxOf(returning.id, offerKey), deps(), { userId: returning.id, role: 'user', payWith: 'card', card: null });
      const firstOffer = await offer();
      expect(firstOffer.accepted).toBe(true);
      expect(await offer()).toMatchObject({ accepted: true, paymentId: firstOffer.paymentId });

      const migrationKey = `migration-${crypto.randomUUID()}`;
      const migrate = () => migrateMembership(ctxOf(migrating.id, migrationKey), deps(), { userId: migrating.id, card: { primary: true } });
      const firstMigration = await migrate();
      expect(firstMigration.accepted).toBe(true);
      expect(await migrate()).toMatchObject({ accepted: true, paymentId: firstMigration.paymentId });
      expect((await captures()).count).toBe(before.count + 2);
      await call('PUT', '/api/resubscribe-offer/save-settings', { enabled: false }, admin.token);
    });

    describe('wallet top-up (crypto paid into the fan\'s own wallet)', () => {
      const topUpCtx = () => commandContext(t.server.services.store, { userId: null, role: 'gateway' });
      /** A crypto payment the provider reported paid and that was recorded so, but not yet topped up (no poll ran). */
      const paidNotTopped = async (f: Fan, dollars: number) => {
        const call = (url: string, body: unknown) => post(url, body, f.token);
        const gen = await call('/api/crypto/generate-payment-id', { currency: 'BTC', amount: dollars });
        const started = await call('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: dollars, payment_for: 'wallet', payment_id: gen.body.data.payment_id });
        const paymentId = started.body.data.payment_id as string;
        const gateway = t.server.services.cryptoProviders.sandbox;
        await gateway.mark(paymentId, 'paid');
        const report = (await gateway.status(paymentId))!;
        const ctx = topUpCtx();
        await handle(ctx, cryptoPaymentStream(paymentId), cryptoPaymentDecider, { type: 'RecordProviderEvent', paymentId, providerEventId: report.eventId!, status: 'paid', receivedCents: dollars * 100, at: ctx.now() });
        return paymentId;
      };
      const input = (f: Fan, cryptoPaymentId: string) => ({ userId: f.id, role: 'user' as const, cryptoPaymentId });

      it('requested and captured like every payment, granted by crediting the wallet; the card provider sees nothing', async () => {
        const f = await fan(false);
        const before = await captures();
        const paymentId = await topUpWallet(t, f.token, 12);
        const { state } = await loadStream(t.server.services.store, paymentStream(paymentId), paymentDecider);
        expect(state.status).toBe('captured');
        expect(state.request).toMatchObject({ purpose: { kind: 'wallet_top_up', currency: 'BTC' }, method: 'crypto', amountCents: 1200, card: null });
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(1200);
        expect(await captures()).toEqual(before);
      });

      it('a crash between the capture and the credit is finished by the recovery, credited once; asked again it is the same top-up', async () => {
        const f = await fan(false);
        const cryptoPaymentId = await paidNotTopped(f, 9);
        const crashing: PurchaseKinds = { of: (purpose) => ({ ...deps().kinds.of(purpose), grant: async () => Promise.reject(new Error('killed after the capture')) }) };
        await expect(pay(topUpCtx(), { ...deps(), kinds: crashing }, walletTopUpPurchase, input(f, cryptoPaymentId), { method: 'crypto' })).rejects.toThrow('killed after the capture');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(0);
        expect((await resumePayment(topUpCtx(), deps(), cryptoPaymentId)).status).toBe('captured');
        const again = (await pay(topUpCtx(), deps(), walletTopUpPurchase, input(f, cryptoPaymentId), { method: 'crypto' }))!;
        expect(again).toMatchObject({ paymentId: cryptoPaymentId, resumed: true });
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(900);
      });

      it('nothing starts before the provider reported the payment paid, or for another fan', async () => {
        const f = await fan(false);
        const other = await fan(false);
        const gen = await post('/api/crypto/generate-payment-id', { currency: 'BTC', amount: 5 }, f.token);
        const open = gen.body.data.payment_id as string;
        await expect(pay(topUpCtx(), deps(), walletTopUpPurchase, input(f, open), { method: 'crypto' })).rejects.toMatchObject({ code: 'PAYMENT_NOT_PAID' });
        const paid = await paidNotTopped(f, 5);
        await expect(pay(topUpCtx(), deps(), walletTopUpPurchase, input(other, paid), { method: 'crypto' })).rejects.toMatchObject({ code: 'PAYMENT_NOT_PAID' });
        expect(await walletBalance(ctxOf(other.id), other.id)).toBe(0);
        // Its own fan's top-up goes through.
        expect((await pay(topUpCtx(), deps(), walletTopUpPurchase, input(f, paid), { method: 'crypto' }))?.payment.status).toBe('captured');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(500);
      });

      it('is final: a refund or a chargeback is refused and changes nothing', async () => {
        const f = await fan(false);
        const paymentId = await topUpWallet(t, f.token, 6);
        await expect(refundPayment(ctxOf(f.id), deps(), paymentId, { kind: 'refund', source: 'test', reason: null })).rejects.toMatchObject({ code: 'NOT_REVERSIBLE', status: 409 });
        await expect(reversePayment(ctxOf(f.id), deps(), paymentId, { kind: 'chargeback', source: 'test' })).rejects.toMatchObject({ code: 'NOT_REVERSIBLE' });
        expect((await loadStream(t.server.services.store, paymentStream(paymentId), paymentDecider)).state.status).toBe('captured');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(600);
      });
    });

    describe('wallet top-up by card (the same kind, started by the fan with an amount)', () => {
      const walletSettings = { add_fund_default_options: '10,25,50', add_fund_minimum_amount: 5, add_fund_maximum_amount: 1000 };
      const input = (f: Fan, amountCents: number) => ({ userId: f.id, role: 'user' as const, amountCents, walletSettings });

      it('start → capture → credit, charged once; the card provider sees it', async () => {
        const f = await fan(false);
        const before = await captures();
        const paid = (await pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 1500), card(SANDBOX_TEST_CARDS.approve)))!;
        expect(paid.payment.status).toBe('captured');
        expect(paid.payment.request).toMatchObject({ purpose: { kind: 'wallet_top_up', currency: 'USD' }, method: 'card', amountCents: 1500 });
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(1500);
        expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + 1500 });
      });

      it('a decline credits nothing, and the next attempt goes through', async () => {
        const f = await fan(false);
        expect((await pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 1000), card(SANDBOX_TEST_CARDS.decline)))!.payment.status).toBe('failed');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(0);
        expect((await pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 1000), card(SANDBOX_TEST_CARDS.approve)))!.payment.status).toBe('captured');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(1000);
      });

      it('a crash between the capture and the credit is finished by the recovery: charged once, credited once', async () => {
        const f = await fan(false);
        const before = await captures();
        const crashing: PurchaseKinds = { of: (purpose) => ({ ...deps().kinds.of(purpose), grant: async () => Promise.reject(new Error('killed after the capture')) }) };
        const key = `card-topup-crash-${crypto.randomUUID()}`;
        await expect(pay(ctxOf(f.id, key), { ...deps(), kinds: crashing }, cardTopUpPurchase, input(f, 2000), card(SANDBOX_TEST_CARDS.approve))).rejects.toThrow('killed after the capture');
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(0);
        const paymentId = ctxOf(f.id, key).idFor('payment');
        expect((await resumePayment(ctxOf(f.id), deps(), paymentId)).status).toBe('captured');
        await resumePayment(ctxOf(f.id), deps(), paymentId);
        // The fan's retry with the same key finds it: no second charge, no second credit.
        const retry = (await pay(ctxOf(f.id, key), deps(), cardTopUpPurchase, input(f, 2000), card(SANDBOX_TEST_CARDS.approve)))!;
        expect(retry).toMatchObject({ paymentId, resumed: true });
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(2000);
        expect(await captures()).toEqual({ count: before.count + 1, cents: before.cents + 2000 });
      });

      it('refuses an amount out of the add-funds bounds and paying from the wallet itself; it is final', async () => {
        const f = await fan(false);
        await expect(pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 400), card(SANDBOX_TEST_CARDS.approve))).rejects.toMatchObject({ field: 'amount', message: 'Choose a fund amount between 5 and 1000' });
        await topUpWallet(t, f.token, 20);
        await expect(pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 500), { method: 'wallet' })).rejects.toMatchObject({ code: 'TOP_UP_BY_CARD' });
        const paid = (await pay(ctxOf(f.id), deps(), cardTopUpPurchase, input(f, 500), card(SANDBOX_TEST_CARDS.approve)))!;
        await expect(refundPayment(ctxOf(f.id), deps(), paid.paymentId, { kind: 'refund', source: 'test', reason: null })).rejects.toMatchObject({ code: 'NOT_REVERSIBLE' });
        expect(await walletBalance(ctxOf(f.id), f.id)).toBe(2500);
      });
    });

    it('the auditor\'s ledger agrees with the reports and the provider after every kind went through all of it', async () => {
      const { store, database, runner } = t.server.services;
      const head = await store.headPosition();
      if (head) await runner.waitFor(head, 30_000);
      const report = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(report.problems).toEqual([]);
      expect(report.ledger.capturedCents).toBeGreaterThan(0);
      // The top-ups were folded as the fans' own money, each capture credited in full.
      expect(Object.keys(report.ledger.wallet.topUpCaptures).length).toBeGreaterThanOrEqual(3);
    });

  });
}
