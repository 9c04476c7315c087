// Each route as an operation of the OpenAPI document (api/openapi.ts): its zod schemas as JSON Schema, then who may
// call it (the route table, domain/access/routes.ts), its security, its tag, and the error answers it can give
// (from what it is: access, method, path and input), plus its success answer when it declares none.
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_ACCESS, type Access } from '../domain/access/routes';
import { areaOf, rolesOf, takesIfMatch, takesMoney, whoMayCall } from '../domain/access/route-answers';
import { BLOCKED_MESSAGE, BLOCKED_REGION_MESSAGE } from '../domain/member/member';
import { BOT_CHECK_ROUTES } from '../domain/site-config/bot-check';
import { TOO_MANY_REQUESTS } from '../infra/rate-limit';
import { CROSS_SITE_MESSAGE } from './auth';
import { ENVELOPE, failure, type JsonSchema } from './openapi-envelopes';
import { isZod } from './openapi-validation';
import { ROUTE_ANSWERS } from './schemas/answers';
import { DOCUMENTED_REQUESTS } from './schemas/documented-requests';
import { webAppManifestShape } from './schemas/answers/push';

/** The spec messages a zod schema carries (each field's own `error`), for the 400 answer's description. */
export function messagesOf(schema: unknown, at = ''): string[] {
  if (!isZod(schema)) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const own = [def.error, ...((def.checks as { _zod: { def: { error?: unknown } } }[] | undefined) ?? []).map((c) => c._zod.def.error)]
    .map((f) => {
      try {
        return typeof f === 'function' ? f({}) : undefined;
      } catch {
        return undefined;
      }
    })
    .filter((m): m is string => typeof m === 'string')
    .map((m) => (at ? `\`${at}\`: ${m}` : m));
  const inner: string[] =
    def.type === 'object'
      ? Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => messagesOf(v, at ? `${at}.${k}` : k))
      : def.type === 'pipe'
        ? messagesOf(def.in, at)
        : 'innerType' in def
          ? messagesOf(def.innerType, at)
          : def.type === 'union'
            ? (def.options as unknown[]).flatMap((o) => messagesOf(o, at))
            : def.type === 'array'
              ? messagesOf(def.element, `${at}[]`)
              : [];
  return [...new Set([...own, ...inner])];
}

/** The error answers a route can give, from what it is (its access, method, path and input). */
function errorAnswers(key: string, access: Access, schema: Pick<FastifySchema, 'body' | 'querystring' | 'params'>): Record<string, JsonSchema> {
  const [method, url] = key.split(' ');
  const writes = method !== 'GET';
  const messages = [schema.body, schema.querystring, schema.params].flatMap((s) => messagesOf(s));
  const forbidden = [
    Array.isArray(access) ? "'You do not have access to this page.' (FORBIDDEN): the caller's role is not listed." : '',
    writes ? `'${CROSS_SITE_MESSAGE}' (CROSS_SITE_REQUEST): a cookie-signed request from another origin.` : '',
    Object.hasOwn(BOT_CHECK_ROUTES, key)
      ? 'While the bot check is on (api/bot-check.ts): BOT_CHECK_REQUIRED, BOT_CHECK_INVALID, BOT_CHECK_UNSOLVED, BOT_CHECK_EXPIRED or BOT_CHECK_USED (field `X-Bot-Check`): send a solved challenge of GET /api/bot-check/challenge as the header `X-Bot-Check: <challenge>:<nonce>`.'
      : '',
  ];
  const out: Record<string, JsonSchema> = {
    400: failure(
      'VALIDATION, naming the `field`: invalid input, a refused character in any text, malformed JSON, or a bad Idempotency-Key.' +
        (messages.length ? ` This route's messages: ${messages.join('; ')}` : ''),
    ),
  };
  if (access !== 'public') out[401] = failure("'Please log in to continue.' (UNAUTHENTICATED): no session, or it ended.");
  if (url.startsWith('/api/webhooks/')) out[401] = failure("'Invalid signature.' (BAD_SIGNATURE): the notice is not signed by the provider's secret over its exact bytes.");
  if (Array.isArray(access) || writes) out[403] = failure(forbidden.filter(Boolean).join(' '));
  if (takesMoney(url)) out[402] = failure('PAYMENT_FAILED: the card was declined; or INSUFFICIENT_FUNDS: the wallet is short (what is missing in `data`).');
  if (url.includes(':') || writes || schema.querystring) out[404] = failure('NOT_FOUND: what the request names does not exist.');
  if (key === 'GET /api/stream/viewers') out[404] = failure('NO_LIVE_STREAM: no live stream is running.');
  if (writes) {
    out[409] = failure("'Please try again.' (CONCURRENT_UPDATE): a concurrent change won; or IDEMPOTENCY_IN_PROGRESS: the same Idempotency-Key is still running.");
    out[422] = failure('IDEMPOTENCY_MISMATCH: this Idempotency-Key was used for a different request.');
  }
  if (takesIfMatch(key)) out[412] = failure("STALE_EDIT: 'Someone else changed this ... while you were editing. Reload to see their changes, then edit again.' (If-Match carried an older ETag).");
  if (key === 'POST /api/users/login') out[429] = failure(`'${TOO_MANY_REQUESTS}' (TOO_MANY_REQUESTS): see Retry-After.`);
  out[430] = failure(`'${BLOCKED_MESSAGE}' (BLOCKED), or '${BLOCKED_REGION_MESSAGE}' (BLOCKED_REGION).`);
  return out;
}

/** What a route answers on success when it declares no response schema: known by the kind of route. */
function defaultSuccess(key: string): Record<string, JsonSchema> {
  const [method, url] = key.split(' ');
  const bytes = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: { type: 'string', contentMediaType: type } } } } });
  if (url.endsWith('/export')) return bytes('text/csv', 'The rows as CSV (every cell quoted; formula characters neutralised), as an attachment.');
  if (method === 'GET' && url === '/metrics') return bytes('text/plain', 'The metrics in the Prometheus text format (version 0.0.4), not in the envelope.');
  if (method === 'GET' && url === '/media/*') return bytes('application/octet-stream', 'The file, when the URL carries a valid signature (issued after an entitlement check).');
  if (method === 'GET' && url === '/robots.txt') return bytes('text/plain', "The site's robots.txt (it names the sitemap; it disallows everything while indexing is discouraged).");
  if (method === 'GET' && url === '/sitemap.xml') return bytes('application/xml', 'The sitemap of the public pages and posts.');
  if (method === 'GET' && (url === '/favicon.ico' || url === '/app-icons/:file')) return bytes('image/png', "The site's icon (from the creator's avatar), as PNG.");
  if (method === 'GET' && url === '/manifest.webmanifest') {
    const { $schema: _, ...schema } = z.toJSONSchema(webAppManifestShape, { io: 'output' }) as JsonSchema;
    return { 200: { description: 'The web-app manifest (not in the envelope).', content: { 'application/manifest+json': { schema } } } };
  }
  if (url.startsWith('/admin-api/'))
    return {
      200: {
        description:
          "The record, or for a list an array of records with the `Content-Range` header, as react-admin's simple REST provider expects (not in the envelope). " +
          'An editable record carries `version`, also sent as the `ETag` to give back in `If-Match`. Its fields are not described in this document yet.',
        type: method === 'GET' && !url.includes(':') ? 'array' : 'object',
      },
    };
  return { 200: { ...ENVELOPE, description: 'Success: the envelope `{ success: 1, message?, data, position? }`; `data` is not described in this document yet.' } };
}

/** One operation's OpenAPI object as jsonSchemaTransform gives it: the fields this transform reads and sets. */
type OperationSchema = JsonSchema & { tags?: string[]; description?: string; hide?: boolean; security?: unknown; 'x-roles'?: string[]; response?: Record<string, JsonSchema> };

const SECURITY = [{ sessionCookie: [] }, { consoleCookie: [] }, { bearer: [] }];
const API_SURFACE = /^\/(api|admin-api|media)\//;

/**
 * @fastify/swagger's per-route transform: zod → JSON Schema, then roles, security, tags and error answers. Routes
 * outside the API (and the docs page under `docsPrefix`) are hidden.
 */
export const describeRoute =
  (docsPrefix: string) =>
  // The route's schema (none on some routes), and the document so far, handed on to jsonSchemaTransform as it is.
  ({ schema, url, route, openapiObject }: { schema: FastifySchema | undefined; url: string; route: RouteOptions; openapiObject: unknown }) => {
    const method = [route.method].flat()[0] as string;
    const key = `${method} ${url}`;
    // The route table's few spec paths outside /api (GET /admin/get-welcome-message, …) are API routes too.
    const inTable = Object.hasOwn(API_ACCESS, key);
    // @fastify/websocket hides its routes; an upgrade in the route table (the live relay) is part of the API all the same.
    const upgrade = (route as RouteOptions & { websocket?: boolean }).websocket === true && inTable;
    if ((!API_SURFACE.test(url) && !inTable) || url === docsPrefix || url.startsWith(`${docsPrefix}/`) || (schema?.hide && !upgrade)) return { schema: { hide: true }, url };
    const access: Access | undefined = Object.hasOwn(API_ACCESS, key) ? API_ACCESS[key] : undefined;
    // A route's success answer: its own response schema, else the one api/schemas/answers/ describes for it.
    const answers = schema?.response ? {} : Object.hasOwn(ROUTE_ANSWERS, key) ? { response: ROUTE_ANSWERS[key] } : {};
    // The input of a route that reads it itself (the console lists' listParams()): described, not validated here.
    const own = Object.hasOwn(DOCUMENTED_REQUESTS, key) ? DOCUMENTED_REQUESTS[key] : {};
    const input = {
      ...(own.querystring && !schema?.querystring ? { querystring: own.querystring } : {}),
      ...(own.body && !schema?.body ? { body: own.body, ...(own.consumes ? { consumes: own.consumes } : {}) } : {}),
    };
    const converted = jsonSchemaTransform({ schema: { ...schema, ...(upgrade ? { hide: false } : {}), ...answers, ...input }, url, route, openapiObject } as never) as { schema: OperationSchema; url: string };
    const s = { ...converted.schema };
    const roles = access ? rolesOf(access) : ['none'];
    s.tags = s.tags ?? [areaOf(url)];
    s.description = [`**Who may call:** ${access ? whoMayCall(access) : 'nobody (not in the route table: denied).'}`, s.description].filter(Boolean).join('\n\n');
    s['x-roles'] = roles;
    if (access !== 'public') s.security = SECURITY;
    if (upgrade) {
      delete s.hide;
      s.description = [s.description, 'A WebSocket upgrade: a browser answers `101 Switching Protocols` and then speaks the protocol named in `Sec-WebSocket-Protocol`.'].join('\n\n');
    }
    const success = s.response ?? (upgrade ? { 101: { description: 'Switching Protocols: the WebSocket is open.' } } : defaultSuccess(key));
    for (const code of Object.keys(success)) if (!success[code].description) success[code] = { description: 'Success.', ...success[code] };
    s.response = { ...errorAnswers(key, access ?? 'public', schema ?? {}), ...success };
    return { schema: s, url };
  };
