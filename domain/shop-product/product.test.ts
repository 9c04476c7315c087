import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { canSeeProduct, priceAt, productDecider, shippingTo, type ProductDetails, type ProductEvent } from './product';

const at = '2026-11-30T10:00:00.000Z';
const tee: ProductDetails = {
  kind: 'physical', title: ' Signed tee ', descriptionHtml: '<p>Cotton</p>', imageMediaIds: ['m1'], priceCents: 3000, sale: null,
  variants: [{ variantId: 'v-m', name: 'M', sku: 'TEE-M' }, { variantId: 'v-l', name: 'L ', sku: 'TEE-L' }],
  shipping: [{ country: 'US', cents: 500 }, { country: '*', cents: 1500 }], visibility: 'everyone', digitalMediaId: null,
};
const created: ProductEvent = {
  type: 'ShopProductCreated',
  data: { productId: 'p1', createdBy: 'admin', createdAt: at, ...tee, title: 'Signed tee', variants: [{ variantId: 'v-m', name: 'M', sku: 'TEE-M' }, { variantId: 'v-l', name: 'L', sku: 'TEE-L' }] },
};

describe('shop product decider', () => {
  it('creates a draft with trimmed names; the same create again changes nothing', () => {
    const state = given(productDecider).when({ type: 'CreateProduct', productId: 'p1', userId: 'admin', details: tee, at }).then([created]);
    expect(state.status).toBe('draft');
    given(productDecider, [created]).when({ type: 'CreateProduct', productId: 'p1', userId: 'admin', details: tee, at }).then([]);
  });

  it.each<[string, Partial<ProductDetails>, string]>([
    ['an empty title', { title: '  ' }, 'Title is required.'],
    ['a price below 50 cents', { priceCents: 49 }, 'Price must be between $0.50 and $10,000.00.'],
    ['a fractional price', { priceCents: 1000.5 }, 'Price must be between $0.50 and $10,000.00.'],
    ['a sale price not below the price', { sale: { priceCents: 3000, startsAt: null, endsAt: null } }, 'Sale price must be at least $0.50 and below the price.'],
    ['a sale ending before it starts', { sale: { priceCents: 2000, startsAt: '2026-12-02', endsAt: '2026-12-01' } }, 'The sale must end after it starts.'],
    ['no variants', { variants: [] }, 'A product needs at least one variant.'],
    ['two variants of one name', { variants: [{ variantId: 'a', name: 'M', sku: '' }, { variantId: 'b', name: 'm', sku: '' }] }, 'Two variants have the same name.'],
    ['two variants of one SKU', { variants: [{ variantId: 'a', name: 'M', sku: 'X' }, { variantId: 'b', name: 'L', sku: 'X' }] }, 'Two variants have the same SKU.'],
    ['no shipping for a physical product', { shipping: [] }, 'Add where the product ships to.'],
    ['a bad country', { shipping: [{ country: 'usa', cents: 100 }] }, 'Use a two-letter country code, or * for anywhere else.'],
    ['a file on a physical product', { digitalMediaId: 'm9' }, 'Only a digital product has a file.'],
    ['a digital product without its file', { kind: 'digital', shipping: [] }, 'A digital product needs its file.'],
    ['a shipped digital product', { kind: 'digital', digitalMediaId: 'f' }, 'A digital product is not shipped.'],
  ])('refuses %s', (_name, change, message) => {
    given(productDecider).when({ type: 'CreateProduct', productId: 'p1', userId: 'admin', details: { ...tee, ...change }, at }).thenThrows(message, { status: 400 });
  });

  it('publishes, unpublishes and updates; an update that changes nothing writes nothing; the kind is fixed', () => {
    given(productDecider, [created]).when({ type: 'PublishProduct', productId: 'p1', at }).then([{ type: 'ShopProductPublished', data: { productId: 'p1', publishedAt: at } }]);
    const published: ProductEvent = { type: 'ShopProductPublished', data: { productId: 'p1', publishedAt: at } };
    given(productDecider, [created, published]).when({ type: 'PublishProduct', productId: 'p1', at }).then([]);
    given(productDecider, [created]).when({ type: 'UpdateProduct', productId: 'p1', details: tee, at }).then([]);
    const { createdBy: _c, createdAt: _a, ...saved } = created.data;
    const state = given(productDecider, [created]).when({ type: 'UpdateProduct', productId: 'p1', details: { ...tee, priceCents: 3500 }, at })
      .then([{ type: 'ShopProductUpdated', data: { ...saved, priceCents: 3500, updatedAt: at } }]);
    expect(state.details?.priceCents).toBe(3500);
    given(productDecider, [created]).when({ type: 'UpdateProduct', productId: 'p1', details: { ...tee, kind: 'digital', shipping: [], digitalMediaId: 'f' }, at })
      .thenThrows('A product cannot change between physical and digital.');
  });

  it('a deleted or unknown product is not found', () => {
    given(productDecider).when({ type: 'PublishProduct', productId: 'p1', at }).thenThrows('Product not found.', { status: 404 });
    const deleted: ProductEvent = { type: 'ShopProductDeleted', data: { productId: 'p1', deletedAt: at } };
    given(productDecider, [created, deleted]).when({ type: 'UpdateProduct', productId: 'p1', details: tee, at }).thenThrows('Product not found.');
  });
});

describe('shop product rules', () => {
  it('the sale price applies inside its window only', () => {
    const d = { priceCents: 3000, sale: { priceCents: 2000, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-08T00:00:00.000Z' } };
    expect(priceAt(d, '2026-11-30T23:59:59.999Z')).toBe(3000);
    expect(priceAt(d, '2026-12-01T00:00:00.000Z')).toBe(2000);
    expect(priceAt(d, '2026-12-07T23:59:59.999Z')).toBe(2000);
    expect(priceAt(d, '2026-12-08T00:00:00.000Z')).toBe(3000);
    expect(priceAt({ priceCents: 3000, sale: { priceCents: 1000, startsAt: null, endsAt: null } }, at)).toBe(1000);
  });

  it("shipping: the country's own rule, else anywhere else, else not shipped; digital is free", () => {
    expect(shippingTo(tee, 'US')).toBe(500);
    expect(shippingTo(tee, 'de')).toBe(1500);
    expect(shippingTo({ kind: 'physical', shipping: [{ country: 'US', cents: 500 }] }, 'DE')).toBeNull();
    expect(shippingTo({ kind: 'digital', shipping: [] }, null)).toBe(0);
  });

  it('fans see published products, subscribers-only ones when subscribed; staff see all', () => {
    const fan = { isStaff: false, isSubscriber: false };
    const member = { isStaff: false, isSubscriber: true };
    expect(canSeeProduct({ status: 'draft', visibility: 'everyone' }, member)).toBe(false);
    expect(canSeeProduct({ status: 'draft', visibility: 'everyone' }, { isStaff: true, isSubscriber: false })).toBe(true);
    expect(canSeeProduct({ status: 'published', visibility: 'everyone' }, fan)).toBe(true);
    expect(canSeeProduct({ status: 'published', visibility: 'subscribers' }, fan)).toBe(false);
    expect(canSeeProduct({ status: 'published', visibility: 'subscribers' }, member)).toBe(true);
  });
});
