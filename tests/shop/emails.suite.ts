// Shop mails through a real SMTP server: a paid order mails the fan a receipt (order number, lines, total, where it
// ships, the digital items' order page, the link to the order) and the staff address a new-order notice; shipping
// mails the carrier and tracking number, a changed tracking number does not mail again. A product title with
// <script> comes out inert in the HTML. Two passes at once mail once; a process restarted on the same data mails
// what the last one left and nothing twice; mails older than a day are never sent. A card payment that comes in after
// the last item went to someone else is refunded by the process, and the fan is mailed that refund once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/server';
import { shopEmailReads } from '../../api/mail-reads';
import { startShopEmails } from '../../commands/shop-emails';
import { commandContext, loadStream } from '../../commands/handle';
import { checkoutByCard, createProduct, setProductPublished, shipOrder } from '../../commands/shop';
import { updateSiteSettings } from '../../commands/settings';
import { resumePayment } from '../../commands/payment/process';
import { SOLD_OUT_REFUNDED } from '../../commands/payment/kinds/shop-order';
import type { CardGateway } from '../../infra/payments/port';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import type { ProductDetails } from '../../domain/shop-product/product';
import { shopStockStream, stockDecider } from '../../domain/shop-stock/stock';
import type { ReceivedMail } from '../support/smtp';
import { MAIL_SITE as SITE, startMailTestServer, subjectOf, textOf, type MailTestServer } from '../support/mail-server';
import { TEST_CARD_FORM, type Backend } from '../support/server';

const ADMIN = 'owner.shop@fans.example.test';
const home = { name: 'Ann Fan', line1: '1 Main St', line2: 'Apt 4', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };
const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
/** The mail's HTML part, decoded. */
const htmlOf = (m: ReceivedMail) => {
  const at = m.text.search(/^Content-Type: text\/html/m);
  expect(at).toBeGreaterThan(-1);
  const part = m.text.slice(at);
  const body = part.slice(part.search(/\r?\n\r?\n/));
  return body.slice(0, body.search(/\r?\n--/));
};

export function shopEmailSuite(backend: Backend, available = true) {
  describe.skipIf(!available)(`shop emails (${backend})`, () => {
    let mail: MailTestServer;
    let server: RunningServer;
    let admin: { token: string; id: string };
    let n = 0;
    const call: MailTestServer['call'] = (...args) => mail.call(...args);
    const settle = () => mail.settle();
    const tick = async () => {
      await settle();
      const sent = await server.shopEmails.tick();
      await settle();
      return sent;
    };
    const mailsTo = (email: string) => mail.mailsTo(email);
    const staff = () => commandContext(server.services.store, { userId: admin.id, role: 'admin' });

    const product = async (over: Partial<ProductDetails>, stock = 10) => {
      const details: ProductDetails = {
        kind: 'physical', title: 'Signed tee', descriptionHtml: '', imageMediaIds: [], priceCents: 3000, sale: null,
        variants: [{ variantId: crypto.randomUUID(), name: 'M', sku: `SKU-${++n}` }], shipping: [{ country: 'US', cents: 500 }], visibility: 'everyone', digitalMediaId: null, ...over,
      };
      const productId = await createProduct(staff(), admin.id, details, { [details.variants[0].variantId]: stock });
      await setProductPublished(staff(), productId, true);
      return { product_id: productId, variant_id: details.variants[0].variantId };
    };
    const fan = async (label: string) => {
      const email = `shop.${label}.${++n}.${backend}@example.com`;
      const r = await call('POST', '/api/users/register', { name: `Shopper ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      const address = await call('POST', '/api/shop/addresses', home, token);
      expect(address.status, JSON.stringify(address.body)).toBe(200);
      return { id: r.body.data.userId as string, token, email, name: `Shopper ${label}`, addressId: address.body.data.address_id as string };
    };
    const checkout = async (f: { token: string; addressId: string }, items: { product_id: string; variant_id: string; quantity: number }[]) => {
      const r = await call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: f.addressId, items, ...card }, f.token, { 'idempotency-key': crypto.randomUUID() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.order_id as string;
    };

    beforeAll(async () => {
      mail = await startMailTestServer(backend, { adminEmail: ADMIN, folder: 'fanclub-shop-mail' });
      ({ server, admin } = mail);
      await updateSiteSettings(staff(), server.services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
    }, 120_000);
    afterAll(async () => {
      await mail?.close();
    });

    it('a paid order mails the fan a receipt and the staff address a new-order notice; a <script> title is inert', async () => {
      const tee = await product({ title: 'Tee <script>alert("x")</script>' });
      const zine = await product({ kind: 'digital', title: 'Tour zine', priceCents: 800, shipping: [], digitalMediaId: 'media-zine' });
      const f = await fan('receipt');
      const orderId = await checkout(f, [{ ...tee, quantity: 2 }, { ...zine, quantity: 1 }]);
      expect(await tick()).toBe(2);
      const no = orderId.slice(0, 8).toUpperCase();
      const [receipt, ...more] = mailsTo(f.email);
      expect(more).toEqual([]);
      expect(subjectOf(receipt!)).toBe(`Your order #${no} from Fanclub Creator`);
      expect(receipt!.from).toBe('no-reply@fans.example.test');
      for (const s of [`Thank you for your order #${no}. We received your payment of $73.00.`, ' Tee <script>alert("x")</script> (M): $60.00', ' Tour zine (M): $8.00',
        'Subtotal: $68.00\nShipping: $5.00\nTotal: $73.00', 'Ships to:', '1 Main St', 'Austin, TX, 78701', 'Download your digital items from your order page.',
        `View your order: ${SITE}/shop/order-history/${orderId}`]) expect(receipt!.text.replace(/\r\n/g, '\n')).toContain(s);
      const html = htmlOf(receipt!);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('Tee &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
      expect(html).toContain(`href="${SITE}/shop/order-history/${orderId}"`);
      expect(receipt!.text).not.toContain(SANDBOX_TEST_CARDS.approve);
      const [notice, ...others] = mailsTo(ADMIN);
      expect(others).toEqual([]);
      expect(subjectOf(notice!)).toBe(`New order #${no}: $73.00 from ${f.name}`);
      expect(notice!.text).toContain(`${f.name} (${f.email}) paid $73.00 for order #${no}.`);
      expect(htmlOf(notice!)).not.toMatch(/<script/i);
      expect(await tick()).toBe(0);
    }, 60_000);

    it('shipping mails the carrier and tracking number once; a changed tracking number mails nothing more', async () => {
      const tee = await product({ title: 'Hoodie' });
      const f = await fan('shipped');
      const orderId = await checkout(f, [{ ...tee, quantity: 1 }]);
      expect(await tick()).toBe(2);
      await shipOrder(staff(), admin.id, orderId, 'UPS', '1Z999AA10123456784');
      expect(await tick()).toBe(1);
      await shipOrder(staff(), admin.id, orderId, 'UPS', '1Z999AA10123456785');
      expect(await tick()).toBe(0);
      const mails = mailsTo(f.email);
      expect(mails.map(subjectOf)).toEqual([`Your order #${orderId.slice(0, 8).toUpperCase()} from Fanclub Creator`, `Your order #${orderId.slice(0, 8).toUpperCase()} has shipped`]);
      expect(mails[1]!.text).toContain('Carrier: UPS');
      expect(mails[1]!.text).toContain('Tracking number: 1Z999AA10123456784');
      expect(mails[1]!.text).toContain(`${SITE}/shop/order-history/${orderId}`);
    }, 60_000);

    it('two passes at once mail once; a pass a day later sends nothing old', async () => {
      const { database, store, mailer } = server.services;
      const other = (now: () => Date) => startShopEmails({ store, reads: shopEmailReads(database.db, ADMIN), send: (m) => mailer.send(m), siteUrl: () => SITE, now, timer: false });
      const tee = await product({ title: 'Cap' });
      const f = await fan('twice');
      await checkout(f, [{ ...tee, quantity: 1 }]);
      await settle();
      const node = other(() => new Date());
      const [a, b] = await Promise.all([server.shopEmails.tick(), node.tick()]);
      expect(a + b).toBe(2);
      await node.stop();
      expect(mailsTo(f.email)).toHaveLength(1);
      const g = await fan('late');
      await checkout(g, [{ ...tee, quantity: 1 }]);
      await settle();
      const late = other(() => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
      expect(await late.tick()).toBe(0);
      await late.stop();
      expect(mailsTo(g.email)).toEqual([]);
      expect(await tick()).toBe(2);
    }, 60_000);

    it('a restart on the same data mails what the last process left, and nothing twice', async () => {
      const tee = await product({ title: 'Poster' });
      const f = await fan('restart');
      const first = await checkout(f, [{ ...tee, quantity: 1 }]);
      expect(await tick()).toBe(2);
      const second = await checkout(f, [{ ...tee, quantity: 1 }]);
      await settle();
      server = await mail.restart();
      expect(await tick()).toBe(2);
      expect(await tick()).toBe(0);
      const receipts = mailsTo(f.email).map(subjectOf);
      expect(receipts).toEqual([first, second].map((id) => `Your order #${id.slice(0, 8).toUpperCase()} from Fanclub Creator`));
    }, 120_000);

    it('a card payment that came in after the last item went to someone else: the fan is mailed the refund (what, why, how much) once, with two passes at once', async () => {
      const { database, store, mailer, purchases } = server.services;
      const print = await product({ title: 'Last print' }, 1);
      const [late, quick] = [await fan('late'), await fan('quick')];
      const t0 = Date.now();
      const ctxOf = (userId: string, minutes: number) => commandContext(store, { userId, role: 'user' }, () => new Date(t0 + minutes * 60_000));
      const input = (f: { id: string; addressId: string }) => ({
        userId: f.id, role: 'user' as const, items: [{ productId: print.product_id, variantId: print.variant_id, quantity: 1 }], addressId: f.addressId, card: { form: card },
      });
      // The process dies after the item is reserved and the payment requested, before the provider answered.
      const dying = { ...purchases, gateway: { ...purchases.gateway, charge: () => Promise.reject(new Error('killed before the provider answered')) } as CardGateway };
      await expect(checkoutByCard(ctxOf(late.id, 0), dying, input(late))).rejects.toThrow('killed before the provider answered');
      const [lateId] = Object.keys((await loadStream(store, shopStockStream(print.variant_id), stockDecider)).state.held);
      // Twenty minutes on the reservation has run out: another fan buys the last one; then the late payment is taken and refunded.
      expect(await checkoutByCard(ctxOf(quick.id, 20), purchases, input(quick))).toMatchObject({ accepted: true });
      expect(await resumePayment(ctxOf(late.id, 21), purchases, lateId!)).toMatchObject({ status: 'reversed', reversal: 'refund', reversalReason: SOLD_OUT_REFUNDED });
      await settle();
      const node = startShopEmails({ store, reads: shopEmailReads(database.db, ADMIN), send: (m) => mailer.send(m), siteUrl: () => SITE, now: () => new Date(), timer: false });
      const [a, b] = await Promise.all([server.shopEmails.tick(), node.tick()]);
      await node.stop();
      // The quick fan's receipt and its staff notice, and the late fan's refund.
      expect(a + b).toBe(3);
      const [refunded, ...more] = mailsTo(late.email);
      expect(more).toEqual([]);
      const no = lateId!.slice(0, 8).toUpperCase();
      expect(subjectOf(refunded!)).toBe('Your payment was refunded');
      for (const line of [`Your payment of $35.00 for order #${no} was refunded to the card or wallet you paid with.`, `Reason: ${SOLD_OUT_REFUNDED}`, ' Last print (M): $30.00',
        `View your order: ${SITE}/shop/order-history/${lateId}`]) expect(textOf(refunded!)).toContain(line);
      expect(mailsTo(quick.email).map(subjectOf)).toEqual([expect.stringMatching(/^Your order #\w+ from Fanclub Creator$/)]);
      // A resume of the same payment and later passes mail nothing more.
      expect((await resumePayment(ctxOf(late.id, 22), purchases, lateId!)).status).toBe('reversed');
      expect(await tick()).toBe(0);
      expect(mailsTo(late.email)).toHaveLength(1);
    }, 120_000);
  });
}
