// The input of the routes that read it themselves instead of through a route schema, for the OpenAPI document
// only (api/openapi-operations.ts): the console lists' JSON query parameters (listParams()), a signed media URL's
// signature, the live relay's room, two bodies a route checks itself and the multipart uploads. Validation stays where it is; these schemas describe it.
import { z } from 'zod';
import { consoleListQuery } from './console-list';
import { settingsBody } from './subscription';
import { bundlesBody, tierBody } from './membership-plans';

/** The console lists and their CSV exports: every one reads sort, range and filter through listParams(). */
const CONSOLE_LISTS = [
  '/admin-api/audit',
  '/admin-api/cancellations',
  '/admin-api/cancellations/export',
  '/admin-api/contact-messages',
  '/admin-api/contact-messages/export',
  '/admin-api/coupon-purchases',
  '/admin-api/coupons',
  '/admin-api/crypto-payments',
  '/admin-api/events',
  '/admin-api/help-items',
  '/admin-api/media',
  '/admin-api/outbox',
  '/admin-api/posts',
  '/admin-api/promotion-purchases',
  '/admin-api/promotions',
  '/admin-api/promotions/export',
  '/admin-api/redirect-urls',
  '/admin-api/shop/orders',
  '/admin-api/shop/products',
  '/admin-api/subscribers',
  '/admin-api/subscribers/export',
  '/admin-api/transactions',
  '/admin-api/transactions/export',
  '/admin-api/user-cards',
  '/admin-api/users',
  '/admin-api/users/export',
];

const signedUrl = z.object({
  exp: z.string().describe('When the link expires (Unix seconds).'),
  sig: z.string().describe("The server's signature over the method, the key and `exp`."),
});

/** A file part of a multipart/form-data body. */
const binary = z.string().meta({ contentMediaType: 'application/octet-stream' });
const upload = (body: z.ZodType) => ({ consumes: ['multipart/form-data'], body });
const oneFile = upload(z.object({ file: binary.describe('The file (the first file part is taken, whatever its field name).') }));

export const DOCUMENTED_REQUESTS: Record<string, { querystring?: z.ZodType; body?: z.ZodType; consumes?: string[] }> = {
  ...Object.fromEntries(CONSOLE_LISTS.map((url) => [`GET ${url}`, { querystring: consoleListQuery }])),
  'GET /media/*': { querystring: signedUrl },
  'PUT /api/upload/put/*': { querystring: signedUrl },
  'GET /api/stream/janus': { querystring: z.object({ room: z.string().optional().describe('The room the browser will join: with several media servers, the one relayed to.') }) },
  // Checked in the handler after the id (an edit of anything but 'site' is 404 whatever its body); unknown fields dropped.
  'PUT /admin-api/subscription-settings/:id': { body: settingsBody },
  'POST /admin-api/membership-tiers': { body: tierBody },
  'PUT /admin-api/membership-tiers/:id': { body: tierBody },
  'PUT /admin-api/subscription-bundles/:id': { body: bundlesBody },
  // Any body: a code that is not text is no code.
  'POST /api/coupon/check': { body: z.object({ code: z.string().optional().describe('The coupon code the fan typed.') }) },
  // Multipart uploads, read part by part (api/uploads.ts): the file parts, whatever their field names, are the files.
  'POST /api/upload/upload_file': oneFile,
  'POST /api/upload/upload_gallery_file': upload(z.object({ files: z.array(binary).describe('The gallery: one file part each (up to the gallery limit).') })),
  'POST /api/app_settings/upload-theme-image': oneFile,
  'POST /api/app_settings/upload_theme_background_image': oneFile,
  'POST /api/users/upload_photo_id': upload(z.object({ photoId: binary.describe('The photo of the ID (this field name).') })),
};
