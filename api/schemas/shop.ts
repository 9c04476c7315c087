// The shop's requests and answers (api/routes/shop.ts for fans, shop-console.ts for staff). Money is integer
// cents; the product's own rules (title, prices, variants, shipping) and an address's are the domain's, each
// naming its field.
import { z } from 'zod';
import { STOCK_MAX } from '../../domain/shop-stock/stock';
import { cardChoice } from './payment';
import { paymentResultShape } from './purchase-answers';

const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
const text = (field: string, max: number) => z.string({ error: `${field} must be text.` }).max(max, { error: `${field} is too long.` });
const cents = (field: string) => z.number({ error: `${field} must be a whole number of cents.` }).int({ error: `${field} must be a whole number of cents.` }).min(0, { error: `${field} cannot be negative.` });
const quantity = z.number({ error: 'quantity is required.' }).int({ error: 'Quantity must be between 1 and 99.' }).min(1, { error: 'Quantity must be between 1 and 99.' }).max(99, { error: 'Quantity must be between 1 and 99.' });

// ---- fans ------------------------------------------------------------------------------------------------------

export const productListQuery = z.object({
  page: z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000).optional().default(1),
  q: text('q', 100).optional(),
});
export const productIdParams = z.object({ id: uuid('id') });
export const variantIdParams = z.object({ variantId: uuid('variantId') });
export const addressIdParams = z.object({ id: uuid('id') });
export const orderIdParams = z.object({ id: uuid('id') });

export const addToCartBody = z.object({ product_id: uuid('product_id'), variant_id: uuid('variant_id'), quantity: quantity.optional().default(1) });
export const cartQuantityBody = z.object({ quantity });

const optionalText = (field: string) => text(field, 200).optional().default('');
export const addressBody = z.object({
  name: optionalText('name'), line1: optionalText('line1'), line2: optionalText('line2'), city: optionalText('city'), state: optionalText('state'),
  postalCode: optionalText('postalCode'), country: optionalText('country'), phone: optionalText('phone'),
});

export const checkoutBody = cardChoice.extend({
  payment_method: z.enum(['card', 'wallet'], { error: "payment_method must be 'card' or 'wallet'." }),
  address_id: uuid('address_id').nullable().optional().default(null),
  /** "Buy now": these items instead of the cart. */
  items: z.array(z.object({ product_id: uuid('product_id'), variant_id: uuid('variant_id'), quantity }), { error: 'items must be a list.' }).min(1, { error: 'Your cart is empty.' }).max(50).optional(),
});

const variantView = z.object({
  variant_id: z.string(),
  name: z.string(),
  sku: z.string(),
  available: z.number().int().nullable().describe('Items that can be bought now; null: unlimited.'),
  in_stock: z.boolean(),
});

export const productView = z.object({
  _id: z.string(),
  kind: z.enum(['physical', 'digital']),
  title: z.string(),
  description_html: z.string().describe('Sanitised HTML.'),
  image_media_ids: z.array(z.string()),
  images: z.array(z.object({ _id: z.string(), url: z.string().nullable(), thumbnail_url: z.string().nullable() })).describe('The pictures with signed links (an hour), in order.'),
  price_cents: z.number().int().describe('The list price.'),
  current_price_cents: z.number().int().describe('What one item costs now (the sale price inside its window).'),
  on_sale: z.boolean(),
  visibility: z.enum(['everyone', 'subscribers']),
  shipping: z.array(z.object({ country: z.string(), cents: z.number().int() })),
  variants: z.array(variantView),
  in_stock: z.boolean().describe('Some variant can be bought now.'),
  created: z.string(),
});

export const productList = z.object({ products: z.array(productView), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });

export const cartView = z.object({
  lines: z.array(z.object({
    product_id: z.string(),
    variant_id: z.string(),
    title: z.string(),
    variant_name: z.string(),
    kind: z.enum(['physical', 'digital']),
    image_media_id: z.string().nullable(),
    thumbnail_url: z.string().nullable().describe("The product's first picture, signed."),
    unit_price_cents: z.number().int(),
    quantity: z.number().int(),
    line_total_cents: z.number().int(),
    available: z.number().int().nullable().describe('Items that can be bought now; null: unlimited.'),
    problem: z.string().nullable().describe("Why the line cannot be bought now ('Sold out.', 'Product not found.', …); null: it can."),
  })),
  count: z.number().int().describe('Items in the cart (the navbar count).'),
  subtotal_cents: z.number().int().describe('The lines that can be bought now, at their current prices.'),
});

const address = z.object({ name: z.string(), line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), postalCode: z.string(), country: z.string(), phone: z.string() });
export const addressView = address.extend({ _id: z.string() });
export const addressList = z.object({ addresses: z.array(addressView), address_id: z.string().optional().describe('The address just added.') });

/** A digital line's downloads: how many are left and until when, and why a download is refused now. */
export const downloadView = z.object({
  limit: z.number().int().describe('Downloads allowed per line.'),
  used: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.string().nullable().describe('Until when the item can be downloaded (from its delivery); null before payment.'),
  refused: z.string().nullable().describe("Why a download is refused now ('This download has expired (downloads last 30 days).', …); null: it can be downloaded."),
});

export const orderView = z.object({
  _id: z.string(),
  status: z.enum(['placed', 'failed', 'paid', 'fulfilled', 'completed', 'cancelled', 'refunded', 'charged_back']),
  lines: z.array(z.object({
    line_no: z.number().int(), product_id: z.string(), variant_id: z.string(), kind: z.enum(['physical', 'digital']), title: z.string(), variant_name: z.string(),
    sku: z.string(), unit_price_cents: z.number().int(), quantity: z.number().int(), refunded_quantity: z.number().int(),
    thumbnail_url: z.string().nullable().describe("The product's first picture, signed, while the viewer may see the product."),
    download: downloadView.nullable().describe('A digital line: its downloads; null for a physical one.'),
  })),
  subtotal_cents: z.number().int(),
  shipping_cents: z.number().int(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  address: address.nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  history: z.array(z.object({ status: z.string(), at: z.string(), note: z.string().nullable() })),
  placed_at: z.string(),
  paid_at: z.string().nullable(),
});
export const orderList = z.object({ orders: z.array(orderView), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });
export const orderPage = z.object({ page: z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000).optional().default(1) });

export const downloadParams = z.object({ id: uuid('id'), lineNo: z.coerce.number({ error: 'lineNo is invalid.' }).int({ error: 'lineNo is invalid.' }).min(1, { error: 'lineNo is invalid.' }).max(1000, { error: 'lineNo is invalid.' }) });

/** A download granted: the file's own signed link (a few minutes) and what is left. */
export const downloadAnswer = z.object({
  url: z.string().describe('The file, signed for a few minutes.'),
  file_name: z.string(),
  download: downloadView,
});

/** A checkout's answer: the payment result (card) or the wallet's amounts, and the order. */
export const checkoutAnswer = paymentResultShape.extend({
  order_id: z.string(),
  amount_cents: z.number().int(),
  wallet_balance_cents: z.number().int().optional().describe('From the wallet: what is left.'),
  order: orderView.nullable(),
});

const STOCK_MESSAGE = `Stock must be a whole number between 0 and ${STOCK_MAX}, or null (unlimited).`;

// ---- staff -----------------------------------------------------------------------------------------------------

export const productBody = z.object({
  kind: z.enum(['physical', 'digital'], { error: "kind must be 'physical' or 'digital'." }).optional().default('physical'),
  title: z.string({ error: 'Title is required.' }).max(1000, { error: 'Title cannot be more than 200 characters.' }),
  description: z.string({ error: 'description must be text.' }).max(200_000, { error: 'Description is too long.' }).optional().default(''),
  image_media_ids: z.array(uuid('image_media_ids'), { error: 'image_media_ids must be a list.' }).max(50).optional().default([]),
  price_cents: cents('price_cents'),
  sale: z.object({
    price_cents: cents('sale.price_cents'),
    starts_at: z.iso.datetime({ offset: true, error: 'sale.starts_at must be a date-time.' }).nullable().optional().default(null),
    ends_at: z.iso.datetime({ offset: true, error: 'sale.ends_at must be a date-time.' }).nullable().optional().default(null),
  }, { error: 'sale is invalid.' }).nullable().optional().default(null),
  variants: z.array(z.object({
    variant_id: uuid('variants.variant_id').optional(),
    name: text('variants.name', 200),
    sku: text('variants.sku', 200).optional().default(''),
    // Checked here, not only by the stock's own rule: the product is written first, and a refused stock must leave nothing written.
    stock: z.number({ error: STOCK_MESSAGE }).int({ error: STOCK_MESSAGE }).min(0, { error: STOCK_MESSAGE }).max(STOCK_MAX, { error: STOCK_MESSAGE }).nullable().optional().default(null),
  }), { error: 'variants must be a list.' }).max(100, { error: 'At most 50 variants.' }).optional().default([{ name: 'Standard', sku: '', stock: null }]),
  shipping: z.array(z.object({ country: text('shipping.country', 3), cents: cents('shipping.cents') }), { error: 'shipping must be a list.' }).max(300).optional().default([]),
  visibility: z.enum(['everyone', 'subscribers'], { error: "visibility must be 'everyone' or 'subscribers'." }).optional().default('everyone'),
  digital_media_id: uuid('digital_media_id').nullable().optional().default(null),
});

export const adminProductView = productView.extend({
  id: z.string(),
  status: z.enum(['draft', 'published']),
  sale: z.object({ price_cents: z.number().int(), starts_at: z.string().nullable(), ends_at: z.string().nullable() }).nullable(),
  digital_media_id: z.string().nullable(),
  description: z.string().describe('The same HTML as description_html, under the name the edit takes.'),
  variants: z.array(variantView.extend({
    on_hand: z.number().int().nullable(), reserved: z.number().int(), sold: z.number().int(),
    stock: z.number().int().nullable().describe('What the edit sets: items neither held nor sold (null: unlimited).'),
  })),
  updated: z.string(),
});

export const adminOrderView = orderView.extend({
  id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  failure_code: z.string().nullable(),
  history: z.array(z.object({ status: z.string(), at: z.string(), by: z.string().nullable(), note: z.string().nullable() })),
  updated_at: z.string(),
});

export const shipBody = z.object({
  carrier: z.string({ error: 'Carrier is required.' }).max(200, { error: 'Carrier is required.' }),
  tracking_number: z.string({ error: 'Tracking number is required.' }).max(200, { error: 'Tracking number is required.' }),
});
export const reasonBody = z.object({ reason: text('reason', 500).optional().default('') });
export const refundBody = reasonBody.extend({
  lines: z.array(z.object({
    line_no: z.number({ error: 'lines.line_no is required.' }).int({ error: 'lines.line_no is invalid.' }).min(1, { error: 'lines.line_no is invalid.' }),
    quantity: z.number({ error: 'lines.quantity must be a whole number.' }).int({ error: 'lines.quantity must be a whole number.' }).optional().describe('Items of the line to refund; absent: all that is left.'),
  }), { error: 'lines must be a list.' }).min(1, { error: 'Choose the lines to refund.' }).max(50).optional()
    .describe("Only these lines (their money and stock); absent: the whole order. A line refunded already is refused: 'This line was refunded already.'"),
});

const audiences = z.enum(['guest', 'user', 'staff'], { error: "menu_visible_to holds 'guest', 'user' or 'staff'." });
/** The `shop` settings call: the whole record, or only the fields that change. */
export const shopSettingsBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  menu_visible_to: z.array(audiences, { error: 'menu_visible_to must be a list.' }).max(3).optional(),
  currency_display: z.enum(['symbol', 'code'], { error: "currency_display must be 'symbol' or 'code'." }).optional(),
  taxes_apply: z.boolean({ error: 'taxes_apply must be true or false.' }).optional(),
  // Bounds are the settings' own (domain/settings/shop-settings.ts), each refused by its field name.
  download_limit: z.number({ error: 'download_limit must be a number.' }).optional(),
  download_days: z.number({ error: 'download_days must be a number.' }).optional(),
  download_link_minutes: z.number({ error: 'download_link_minutes must be a number.' }).optional(),
});
export const shopSettingsView = z.object({
  enabled: z.boolean(), menu_visible_to: z.array(z.enum(['guest', 'user', 'staff'])), currency_display: z.enum(['symbol', 'code']), taxes_apply: z.boolean(),
  download_limit: z.number().int().describe('Downloads of each bought digital item (1 to 100).'),
  download_days: z.number().int().describe('Days after delivery a digital item can be downloaded (1 to 3650).'),
  download_link_minutes: z.number().int().describe("Minutes each download's file link lasts (1 to 60)."),
});

/** 409 from checkout: the line that sold out (and how many are left), or a conflict any write can meet. */
export const checkoutConflict = z.object({
  success: z.literal(0),
  message: z.string(),
  code: z.string().describe("SOLD_OUT ('Sold out.'); or CONCURRENT_UPDATE, IDEMPOTENCY_IN_PROGRESS."),
  data: z.object({ product_id: z.string().nullable(), variant_id: z.string().nullable(), title: z.string().nullable(), available: z.number().int() }).optional()
    .describe('SOLD_OUT: the line that could not be had.'),
}).describe("'Sold out.' (SOLD_OUT) naming the line; nothing was charged or held. Or 'Please try again.' (CONCURRENT_UPDATE), IDEMPOTENCY_IN_PROGRESS.");
