// A fan's purchased contents (domain/purchased-contents/wire.ts): the rows (projections/purchased-contents.ts) shaped
// with a signed thumbnail (the buyer and staff may open what was bought) and a link to where it is seen.
import { dollarsFromCents } from '../../domain/shared/money';
import type { PurchasedScope } from '../../domain/purchased-contents/rules';
import { PURCHASED_PAGE_SIZE, type PurchasedContentItem, type PurchasedContentsPage, type PurchasedDigitalItem } from '../../domain/purchased-contents/wire';
import { canSeeProduct } from '../../domain/shop-product/product';
import { ordersWithDigitalItems } from '../../projections/shop-orders';
import { productsByIds } from '../../projections/shop-products';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { downloadViewOf, productThumbnails } from './shop';
import { purchasedContents } from '../../projections/purchased-contents';
import { mediaByIds } from '../../projections/media';
import { currentSettings } from '../../projections/settings';
import { downloadRulesOf } from '../../domain/settings/shop-settings';
import { MEDIA_URL_TTL_SECONDS } from '../views';
import type { Services } from '../services';

const DIGITAL_ORDERS_SHOWN = 100;

export function purchasedContentsQueries(services: Services) {
  const db = () => services.database.db;
  /** The digital items of the fan's paid orders, with their pictures (while the reader may see the product) and downloads. */
  const digitalItems = async (userId: string, forStaff: boolean, pricesHidden: boolean): Promise<PurchasedDigitalItem[]> => {
    const orders = (await ordersWithDigitalItems(db(), userId, DIGITAL_ORDERS_SHOWN)).filter((o) => o.paid_at);
    const products = await productsByIds(db(), [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))]);
    const now = services.clock().toISOString();
    const viewer = { isStaff: forStaff, isSubscriber: subscriberStatus(await findSubscriber(db(), userId), now) === 'active' };
    const thumbnails = await productThumbnails(services, [...products.values()].filter((p) => !p.deleted && canSeeProduct(p, viewer)));
    const rules = downloadRulesOf((await currentSettings(db())).shop_settings);
    return orders.flatMap((o) => o.lines.filter((l) => l.kind === 'digital').map((l) => ({
      order_id: o.id, line_no: l.lineNo, product_id: l.productId, title: l.title, variant_name: l.variantName,
      amount_cents: pricesHidden ? 0 : l.unitPriceCents * l.quantity, purchased_at: o.paid_at ?? o.placed_at,
      thumbnail_url: thumbnails.get(l.productId) ?? null, download: downloadViewOf(o, l, now, rules)!,
    })));
  };
  return {
    async page(user: { id: string; name: string }, q: { page: number; scope: PurchasedScope; forStaff: boolean }): Promise<PurchasedContentsPage> {
      const { read, kinds, pricesHidden } = q.scope;
      const r = read ? await purchasedContents(db(), user.id, { page: q.page, pageSize: PURCHASED_PAGE_SIZE, kind: read }) : { rows: [], total: 0, totalCents: 0 };
      const firstMedia = r.rows.map((row) => row.media[0]?.mediaId).filter((id): id is string => !!id);
      const media = firstMedia.length ? await mediaByIds(db(), firstMedia) : new Map();
      const items: PurchasedContentItem[] = r.rows.map((row) => {
        const m = row.media[0] ? media.get(row.media[0].mediaId) : undefined;
        const thumb = m && m.status === 'ready' ? (m.thumbnail_key ?? m.blur_key) : null;
        return {
          _id: row.id,
          kind: row.kind,
          title: row.title.length > 140 ? `${row.title.slice(0, 140)}…` : row.title,
          amount: pricesHidden ? 0 : dollarsFromCents(row.amount_cents),
          amount_cents: pricesHidden ? 0 : row.amount_cents,
          purchased_at: row.purchased_at,
          paid_with: row.method === 'wallet' || row.method === 'crypto' || row.method === 'staff' ? row.method : 'card',
          thumbnail_url: thumb ? services.storage.signedGetUrl(thumb, MEDIA_URL_TTL_SECONDS) : null,
          contentCount: { photo: row.media.filter((x) => x.kind === 'photo').length, video: row.media.filter((x) => x.kind === 'video').length },
          link: row.kind === 'post' ? `/feed/${row.id}` : q.forStaff ? `/admin/private-chat/${user.id}` : '/private-chat',
          removed: row.removed,
        };
      });
      return {
        user: { _id: user.id, name: user.name }, items, page_num: q.page, total: r.total, has_more: q.page * PURCHASED_PAGE_SIZE < r.total, total_cents: pricesHidden ? 0 : r.totalCents, kinds, prices_hidden: pricesHidden,
        // Bought in the shop: listed once, with the first page.
        digital_items: q.page === 1 ? await digitalItems(user.id, q.forStaff, pricesHidden) : [],
      };
    },
  };
}
