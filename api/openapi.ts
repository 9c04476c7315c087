// The API described by OpenAPI 3.1, generated from the routes themselves: each route's zod schemas (request
// shapes, and the success answer where the route declares one), its roles from the route table
// (domain/access/routes.ts) and the error answers every route shares. Served at GET /api/openapi.json, browsable
// at /api/docs (swagger-ui, whose page has no inline script, so the site's CSP holds there too).
//
// A route's `schema.body | querystring | params` is also what validates its input, with the same rule and
// messages as parse() (api/http.ts). The error is held until the route's own preHandler, so the order of answers
// stays text guard → sign-in and route table (401/403) → Idempotency-Key → validation (400) → handler.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ACCESS, type Access } from '../domain/access/routes';
import { areaOf, rolesOf, takesIfMatch, takesMoney, whoMayCall } from '../domain/access/route-answers';
import { ValidationError } from '../domain/shared/validation';
import { parse } from './http';
import { CROSS_SITE_MESSAGE, SESSION_COOKIES } from './auth';
import { TOO_MANY_REQUESTS } from '../infra/rate-limit';
import { BLOCKED_MESSAGE, BLOCKED_REGION_MESSAGE } from '../domain/member/member';
import { BOT_CHECK_ROUTES } from '../domain/site-config/bot-check';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; description?: string };

/** The success envelope of every JSON answer (api/http.ts ok()); `data` is the route's own shape. */
export const answer = <T extends z.ZodType>(data: T, description?: string) => {
  const envelope = z.object({
    success: z.literal(1),
    message: z.string().optional(),
    data,
    position: z.string().optional().describe('The event store position of the write, for read-your-writes on later reads.'),
  });
  return description ? envelope.describe(description) : envelope;
};

/** The error envelope (the global error handler in api/app.ts). */
const FAILURE = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: 0 },
    message: { type: 'string', description: 'Shown to the person as it is.' },
    code: { type: 'string', description: 'Stable machine-readable reason (VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, ...).' },
    field: { type: 'string', description: 'The input a 400 is about: a body or query field by name (nested ones dotted), or a header (`If-Match`, `Idempotency-Key`).' },
    data: { type: 'object', description: 'Extra detail some answers carry (402 INSUFFICIENT_FUNDS: what is missing).' },
  },
} as const;

// ---- validation: the zod schema a route declares, with parse()'s rule and messages ---------------------------

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/** Fastify's validator compiler: the route's zod schema through parse() (text rule, first issue names the field). */
function zodValidatorCompiler({ schema, url, httpPart }: { schema: unknown; url: string; httpPart?: string }) {
  if (!isZod(schema)) throw new Error(`${url}: the ${httpPart ?? 'request'} schema must be a zod schema`);
  return (data: unknown) => {
    try {
      return { value: parse(schema, data) };
    } catch (e) {
      if (e instanceof ValidationError) return { error: e };
      throw e;
    }
  };
}

/** Holds a failed validation until the route's own preHandler: after the route table, as parse() in a handler was. */
async function answerValidationError(request: FastifyRequest) {
  if (request.validationError) throw request.validationError;
}

const hasInputSchema = (r: RouteOptions) => !!(r.schema?.body || r.schema?.querystring || r.schema?.params);

// ---- the document: roles, security, tags and the shared error answers ----------------------------------------

/** The spec messages a zod schema carries (each field's own `error`), for the 400 answer's description. */
export function messagesOf(schema: unknown, at = ''): string[] {
  if (!isZod(schema)) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
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

type JsonSchema = Record<string, unknown>;
/** An error answer; its body is the shared Failure schema (put in place by oneFailureSchema below). */
const failure = (description: string): JsonSchema => ({ description, type: 'object' });

/** Every error answer refers to one `Failure` schema instead of repeating it ~1,000 times. */
function oneFailureSchema({ openapiObject }: { openapiObject: any }) {
  openapiObject.components = { ...openapiObject.components, schemas: { ...openapiObject.components?.schemas, Failure: FAILURE } };
  for (const ops of Object.values(openapiObject.paths ?? {}) as Record<string, any>[])
    for (const op of Object.values(ops))
      for (const [status, response] of Object.entries(op.responses ?? {}) as [string, any][])
        if (Number(status) >= 400 && response.content?.['application/json']) response.content['application/json'] = { schema: { $ref: '#/components/schemas/Failure' } };
  return openapiObject;
}

/** The error answers a route can give, from what it is (its access, method, path and input). */
function errorAnswers(key: string, access: Access, schema: Record<string, unknown>): Record<string, JsonSchema> {
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
  if (url.includes(':') || writes) out[404] = failure('NOT_FOUND: what the request names does not exist.');
  if (writes) {
    out[409] = failure("'Please try again.' (CONCURRENT_UPDATE): a concurrent change won; or IDEMPOTENCY_IN_PROGRESS: the same Idempotency-Key is still running.");
    out[422] = failure('IDEMPOTENCY_MISMATCH: this Idempotency-Key was used for a different request.');
  }
  if (takesIfMatch(key)) out[412] = failure("STALE_EDIT: 'Someone else changed this ... while you were editing. Reload to see their changes, then edit again.' (If-Match carried an older ETag).");
  if (key === 'POST /api/users/login') out[429] = failure(`'${TOO_MANY_REQUESTS}' (TOO_MANY_REQUESTS): see Retry-After.`);
  out[430] = failure(`'${BLOCKED_MESSAGE}' (BLOCKED), or '${BLOCKED_REGION_MESSAGE}' (BLOCKED_REGION).`);
  return out;
}

const envelope = (() => {
  const { $schema: _, ...json } = z.toJSONSchema(answer(z.object({}).loose()), { io: 'output' }) as JsonSchema;
  return json;
})();

/** What a route answers on success when it declares no response schema: known by the kind of route. */
function defaultSuccess(key: string): Record<string, JsonSchema> {
  const [method, url] = key.split(' ');
  const bytes = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: { type: 'string', contentMediaType: type } } } } });
  if (url.endsWith('/export')) return bytes('text/csv', 'The rows as CSV (every cell quoted; formula characters neutralised), as an attachment.');
  if (method === 'GET' && url === '/media/*') return bytes('application/octet-stream', 'The file, when the URL carries a valid signature (issued after an entitlement check).');
  if (url.startsWith('/admin-api/'))
    return {
      200: {
        description:
          "The record, or for a list an array of records with the `Content-Range` header, as react-admin's simple REST provider expects (not in the envelope). " +
          'An editable record carries `version`, also sent as the `ETag` to give back in `If-Match`. Its fields are not described in this document yet.',
        type: method === 'GET' && !url.includes(':') ? 'array' : 'object',
      },
    };
  return { 200: { ...envelope, description: 'Success: the envelope `{ success: 1, message?, data, position? }`; `data` is not described in this document yet.' } };
}

const SECURITY = [{ sessionCookie: [] }, { consoleCookie: [] }, { bearer: [] }];
const API_SURFACE = /^\/(api|admin-api|media)\//;

/** @fastify/swagger's per-route transform: zod → JSON Schema, then roles, security, tags and error answers. */
function describeRoute({ schema, url, route, openapiObject }: { schema: any; url: string; route: RouteOptions; openapiObject: any }) {
  const method = [route.method].flat()[0] as string;
  const key = `${method} ${url}`;
  // The route table's few spec paths outside /api (GET /admin/get-welcome-message, …) are API routes too.
  const inTable = Object.hasOwn(API_ACCESS, key);
  // @fastify/websocket hides its routes; an upgrade in the route table (the live relay) is part of the API all the same.
  const upgrade = (route as RouteOptions & { websocket?: boolean }).websocket === true && inTable;
  if ((!API_SURFACE.test(url) && !inTable) || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`) || (schema?.hide && !upgrade)) return { schema: { hide: true }, url };
  const access: Access | undefined = Object.hasOwn(API_ACCESS, key) ? API_ACCESS[key] : undefined;
  const converted = jsonSchemaTransform({ schema: schema ?? {}, url, route, openapiObject } as never) as { schema: Record<string, any>; url: string };
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
  const success = s.response ?? defaultSuccess(key);
  for (const code of Object.keys(success)) if (!success[code].description) success[code] = { description: 'Success.', ...success[code] };
  s.response = { ...errorAnswers(key, access ?? 'public', schema ?? {}), ...success };
  return { schema: s, url };
}

/**
 * Validation from route schemas, the OpenAPI document and the docs page. Call before the route plugins are
 * registered (the swagger plugin collects routes as they are added).
 */
export async function registerOpenApi(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  // A response schema documents the answer; it is not enforced (answers are sent as they are).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    if (!hasInputSchema(route)) return;
    route.attachValidation = true;
    route.preHandler = [...[route.preHandler ?? []].flat(), answerValidationError];
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fanclub API',
        version: pkg.version,
        description:
          `${pkg.description ?? pkg.name}.\n\nEvery answer is JSON in the envelope \`{ success: 1, message?, data, position? }\` or, on an error, ` +
          '`{ success: 0, message, code?, field? }`. Each operation lists who may call it (`x-roles`: `public`, `authenticated` or the roles), ' +
          'from the route table the server enforces. Browsers sign in with a session cookie; API clients send `Authorization: Bearer <token>` ' +
          '(the token from POST /api/users/login). State-changing requests may carry an `Idempotency-Key` header.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.fan, description: "The fan site's session (set by login)." },
          consoleCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.console, description: "The console's session (its requests send `X-Fanclub-App: console`)." },
          bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /api/users/login.' },
        },
      },
    },
    transform: describeRoute as never,
    transformObject: oneFailureSchema as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  const document = z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).loose().describe('The OpenAPI 3.1 document (not in the envelope).');
  app.get(OPENAPI_PATH, { schema: { summary: 'This document (OpenAPI 3.1).', response: { 200: document } } }, async (_request, reply) => reply.send(app.swagger()));
}

/**
 * True only when a response schema's output and the wire type it documents are the same type, so the two cannot
 * drift: `const _same: SameShape<z.output<typeof authResult>, AuthResult> = true;` stops compiling when either moves.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
