// The shop's benchmark (`npm run bench -- shop`): on one test server per database, a card checkout of one item
// (HTTP, sequential, the fan's saved card) interleaved with a post unlock by the same card as the same-run baseline
// (both run the one purchase process), then the oversell race: rounds of 30 fans checking out the last item at
// once, timed from the first request to the last answer (checkouts/s), with the count of winners per round.
import os from 'node:os';
import sharp from 'sharp';
import { commandContext } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend } from '../support/server';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface ShopFigures {
  backend: Backend;
  checkout: { p50: number; p99: number; n: number };
  unlock: { p50: number; p99: number; n: number };
  race: { fans: number; rounds: number; perSecond: number[]; winners: number[] };
}

export async function benchShop(backend: Backend, o: { checkouts: number; rounds: number; fans: number }): Promise<ShopFigures> {
  const t = await startTestServer(backend);
  try {
    const services = t.server.services;
    await updateSiteSettings(commandContext(services.store, { userId: null, role: 'admin' }), services.sanitizeHtml, {
      shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 },
    });
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const product = async (title: string, stock: number) => {
      const made = await t.call('POST', '/admin-api/shop/products', { title, price_cents: 2500, variants: [{ name: 'One', sku: `${title}-1`, stock }], shipping: [{ country: 'US', cents: 500 }] }, { token: admin });
      if (made.status !== 200) throw new Error(`product not made: ${JSON.stringify(made.body)}`);
      await t.call('POST', `/admin-api/shop/products/${made.body.id}/publish`, {}, { token: admin });
      return { product_id: made.body.id as string, variant_id: made.body.variants[0].variant_id as string };
    };
    const home = { name: 'Bench Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };
    const fan = async (i: number) => {
      const token = (await t.call('POST', '/api/users/register', { name: `Bench Shopper ${i}`, email: `shop.bench.${i}@example.com`, password: 'bench-password-1' })).body.data.token as string;
      const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token });
      if (!sub.body.data?.accepted) throw new Error(`subscription failed: ${JSON.stringify(sub.body)}`);
      const addressId = (await t.call('POST', '/api/shop/addresses', home, { token })).body.data.address_id as string;
      return { token, addressId };
    };
    const checkout = (f: { token: string; addressId: string }, item: { product_id: string; variant_id: string }, key: string) =>
      t.call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: f.addressId, items: [{ ...item, quantity: 1 }] }, { token: f.token, headers: { 'idempotency-key': key } });

    // Checkout next to unlock: one fan, one well-stocked product, as many locked posts as checkouts.
    const buyer = await fan(0);
    const stocked = await product('Bench tee', 1_000_000);
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'b.jpg', content_type: 'image/jpeg' }, { token: admin })).body.data;
    const img = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#448844' } }).jpeg().toBuffer();
    await fetch(t.base + presign.presigned_url, { method: 'PUT', body: img });
    const mediaId = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id;
    const posts: string[] = [];
    for (let i = 0; i < o.checkouts; i++) posts.push((await t.call('POST', '/admin-api/posts', { caption: `shop bench ${i}`, visibility: 'locked', amount: 5, media_ids: [mediaId] }, { token: admin })).body.id);
    // One untimed of each first (compiled code, warm plans).
    await checkout(buyer, stocked, `shop-bench-warm-${backend}`);
    const checkouts: number[] = [];
    const unlocks: number[] = [];
    for (let i = 0; i < o.checkouts; i++) {
      let t0 = performance.now();
      const c = await checkout(buyer, stocked, `shop-bench-${backend}-${i}`);
      checkouts.push(performance.now() - t0);
      if (c.status !== 200 || !c.body.data?.accepted) throw new Error(`checkout failed: ${JSON.stringify(c.body)}`);
      t0 = performance.now();
      const u = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: posts[i], amount: 5 }, { token: buyer.token });
      unlocks.push(performance.now() - t0);
      if (!u.body.data?.accepted) throw new Error(`unlock failed: ${JSON.stringify(u.body)}`);
    }
    const figures = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { p50: Math.round(pct(s, 50)), p99: Math.round(pct(s, 99)), n: s.length };
    };

    // The oversell race: the same fans each round, a new last item each round.
    const fans = await Promise.all(Array.from({ length: o.fans }, (_, i) => fan(i + 1)));
    const perSecond: number[] = [];
    const winners: number[] = [];
    for (let r = 0; r < o.rounds; r++) {
      const last = await product(`Bench last ${r}`, 1);
      const t0 = performance.now();
      const answers = await Promise.all(fans.map((f, i) => checkout(f, last, `shop-race-${backend}-${r}-${i}`)));
      const seconds = (performance.now() - t0) / 1000;
      const odd = answers.filter((a) => a.status !== 200 && a.status !== 409);
      if (odd.length) throw new Error(`race answered ${odd[0].status}: ${JSON.stringify(odd[0].body)}`);
      perSecond.push(Math.round(answers.length / seconds));
      winners.push(answers.filter((a) => a.status === 200).length);
    }
    return { backend, checkout: figures(checkouts), unlock: figures(unlocks), race: { fans: o.fans, rounds: o.rounds, perSecond, winners } };
  } finally {
    await t.close();
  }
}

export function printShop(f: ShopFigures) {
  console.log(`shop, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`HTTP checkout by card (1 item)   p50 ${f.checkout.p50} ms   p99 ${f.checkout.p99} ms   (${f.checkout.n}, sequential, interleaved with the unlocks)`);
  console.log(`HTTP unlock by card (baseline)   p50 ${f.unlock.p50} ms   p99 ${f.unlock.p99} ms   (${f.unlock.n})   checkout ÷ unlock p50 ${(f.checkout.p50 / f.unlock.p50).toFixed(2)}`);
  console.log(`oversell race (${f.race.fans} fans, last item) ${median(f.race.perSecond)} checkouts/s median of ${f.race.rounds} rounds (${f.race.perSecond.join(', ')}); winners per round ${f.race.winners.join(', ')}`);
}
