// The input of the routes that read it themselves instead of through a route schema, for the OpenAPI document
// only (api/openapi-operations.ts): the console lists' JSON query parameters (listParams()), a signed media URL's
// signature and the live relay's room. Validation stays where it is; these schemas describe it.
import { z } from 'zod';
import { consoleListQuery } from './console-list';

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

export const DOCUMENTED_QUERIES: Record<string, z.ZodType> = {
  ...Object.fromEntries(CONSOLE_LISTS.map((url) => [`GET ${url}`, consoleListQuery])),
  'GET /media/*': signedUrl,
  'PUT /api/upload/put/*': signedUrl,
  'GET /api/stream/janus': z.object({ room: z.string().optional().describe('The room the browser will join: with several media servers, the one relayed to.') }),
};
