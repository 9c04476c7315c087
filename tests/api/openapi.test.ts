// The API's OpenAPI document (api/openapi.ts) against the route table (domain/access/routes.ts) and the routes the
// server registered: valid OpenAPI 3.1, every route in it with its roles and nothing else, request bodies
// documented where a route validates one, a typed success answer for (nearly) every operation, real answers that
// match the documented schemas, and the browsable page served under the site's own CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { API_ACCESS } from '../../domain/access/routes';
import { rolesOf } from '../../domain/access/route-answers';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { registeredRoutes } from '../../api/openapi';
import { ROUTE_ANSWERS } from '../../api/schemas/answers';
import { DOCUMENTED_REQUESTS } from '../../api/schemas/documented-requests';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';

/** The table's key as the document's path: `:id` → `{id}`, a wildcard `*` → `{*}` (as @fastify/swagger writes it). */
const documentPath = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', '{*}');
/** The documentation's own page and assets: in the table (they are routes) but not operations of the API. */
const DOCS_PAGE = (route: string) => /^GET \/api\/docs(\/|$)/.test(route);

/**
 * The floors of the document's coverage: they may only go up. An operation counts when it documents its success
 * answer's shape (the envelope's `data`, a console record or list, or a non-JSON body such as CSV).
 */
const TYPED_SUCCESS_FLOOR = 349;
/** Operations with a documented request (body, query or path parameters). */
const REQUEST_FLOOR = 271;
/** Operations whose real answers the walk below checked against the document. */
const WALKED_FLOOR = 160;

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: any }> }>; requestBody?: unknown; parameters?: { in: string }[]; 'x-roles'?: string[] };

/** A schema that says nothing about its object: `{}` or an object with no properties of its own. */
const isOpen = (s: any): boolean => !s || (Object.keys(s).filter((k) => k !== 'description').length === 0) || (s.type === 'object' && !Object.keys(s.properties ?? {}).length && !s.anyOf && !s.oneOf && (s.additionalProperties === undefined || s.additionalProperties === true || isOpen(s.additionalProperties)));

/** Whether an operation documents its success answer (2xx, or 101 for a WebSocket upgrade) beyond "some JSON". */
function typedSuccess(op: Operation): boolean {
  const success = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) < 300);
  return success.some(([status, r]) => {
    if (status === '101') return true;
    const content = Object.entries(r.content ?? {});
    if (content.some(([type]) => type !== 'application/json')) return true;
    const schema = content[0]?.[1].schema;
    if (!schema) return false;
    if (schema.properties?.success) return !isOpen(schema.properties.data);
    return schema.type === 'array' ? !isOpen(schema.items) : !isOpen(schema);
  });
}

/** The document's coverage: operations, those with a documented request, those with a typed success answer. */
function coverageOf(doc: { paths: Record<string, Record<string, Operation>> }) {
  const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) => Object.entries(byMethod).map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, op })));
  const untyped = ops.filter((o) => !typedSuccess(o.op)).map((o) => o.route);
  const withRequest = ops.filter((o) => o.op.requestBody || o.op.parameters?.length).length;
  return { total: ops.length, withRequest, typed: ops.length - untyped.length, untyped };
}

describe('OpenAPI document', () => {
  let t: TestServer;
  let doc: any;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const r = await t.call('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every route of the route table, each with the roles the table gives it', () => {
    const missing: string[] = [];
    const wrongRoles: string[] = [];
    for (const [route, access] of Object.entries(API_ACCESS)) {
      if (DOCS_PAGE(route)) continue;
      const [method, pattern] = route.split(' ');
      const op = doc.paths?.[documentPath(pattern)]?.[method.toLowerCase()];
      if (!op) {
        missing.push(route);
        continue;
      }
      if (JSON.stringify(op['x-roles']) !== JSON.stringify(rolesOf(access))) wrongRoles.push(`${route}: ${JSON.stringify(op['x-roles'])}`);
      if (access !== 'public' && !op.security?.length) wrongRoles.push(`${route}: no security`);
      if (!op.responses?.['400'] || (access !== 'public' && !op.responses['401'])) wrongRoles.push(`${route}: error answers missing`);
    }
    expect(missing).toEqual([]);
    expect(wrongRoles).toEqual([]);
    // And nothing in the document that the table does not let anyone call.
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const table = new Set(Object.keys(API_ACCESS).map((r) => `${r.split(' ')[0]} ${documentPath(r.split(' ')[1])}`));
    expect(documented.filter((r) => !table.has(r))).toEqual([]);
  });

  it('documents the request of every route that validates one, and a typed success answer for every operation', () => {
    const emptyBodies: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = (Object.values(op.requestBody?.content ?? {})[0] as { schema?: any } | undefined)?.schema;
        if (op.requestBody && (!body || (body.type === 'object' && !body.properties && !body.additionalProperties && !body.anyOf))) emptyBodies.push(`${method} ${p}`);
        // A path parameter in the URL is a documented parameter of the operation.
        if (p.includes('{') && !op.parameters?.some((x: any) => x.in === 'path')) emptyBodies.push(`${method} ${p}: path parameters not documented`);
      }
    }
    expect(emptyBodies).toEqual([]);
    const c = coverageOf(doc);
    console.log(`OpenAPI coverage: ${c.withRequest}/${c.total} operations with a request schema (body, query or path), ${c.typed}/${c.total} with a typed success answer`);
    expect(c.untyped.length <= c.total - TYPED_SUCCESS_FLOOR, `untyped: ${c.untyped.join(', ')}`).toBe(true);
    expect(c.typed).toBeGreaterThanOrEqual(TYPED_SUCCESS_FLOOR);
    expect(c.withRequest).toBeGreaterThanOrEqual(REQUEST_FLOOR);
  });

  it('the document, the route table and the registered routes agree', () => {
    const registered = new Set(registeredRoutes(t.server.app));
    expect(registered.size).toBeGreaterThan(300);
    const inDocument = (route: string) => {
      const [method, pattern] = route.split(' ');
      return !!doc.paths?.[documentPath(pattern)]?.[method.toLowerCase()];
    };
    // Every route of the table is registered (a table entry without a route is a stale permission).
    expect(Object.keys(API_ACCESS).filter((r) => !registered.has(r))).toEqual([]);
    // Every registered route of the API surface is in the table and in the document (its upgrade routes too).
    const api = [...registered].filter((r) => /^[A-Z]+ \/(api|admin-api|media)\//.test(r) || Object.hasOwn(API_ACCESS, r));
    expect(api.filter((r) => !DOCS_PAGE(r) && !Object.hasOwn(API_ACCESS, r))).toEqual([]);
    expect(api.filter((r) => !DOCS_PAGE(r) && !inDocument(r))).toEqual([]);
    // The answers and queries described apart from their routes name registered routes (none left behind by a move).
    expect([...Object.keys(ROUTE_ANSWERS), ...Object.keys(DOCUMENTED_REQUESTS)].filter((r) => !registered.has(r))).toEqual([]);
    // And every operation of the document is a registered route.
    const byDocPath = new Set([...registered].map((r) => `${r.split(' ')[0]} ${documentPath(r.split(' ')[1])}`));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((r) => !byDocPath.has(r))).toEqual([]);
  });

  it('real answers match the documented schemas: the writes that fill a site, then every GET route as a caller it lets in', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const compiled = new Map<object, ValidateFunction>();
    const mismatches: string[] = [];
    const checked = new Set<string>();
    // A concrete URL's operation: the document path it matches with the fewest parameters (`/x/export` before `/x/{id}`).
    const operations = Object.keys(doc.paths)
      .map((p) => ({ p, re: new RegExp(`^${p.replace(/\./g, '\\.').replace(/\{\*\}/g, '.*').replace(/\{[^}]+\}/g, '[^/]+')}$`), params: (p.match(/\{/g) ?? []).length }))
      .sort((a, b) => a.params - b.params);
    const check = (method: string, url: string, r: { status: number; body: unknown; headers: Headers }) => {
      const path = url.split('?')[0];
      const found = operations.find((o) => o.re.test(path) && doc.paths[o.p][method.toLowerCase()]);
      if (!found) return void mismatches.push(`${method} ${path}: no operation`);
      const response = doc.paths[found.p][method.toLowerCase()].responses?.[String(r.status)];
      if (!response) return void mismatches.push(`${method} ${found.p}: status ${r.status} is not documented (${JSON.stringify(r.body).slice(0, 200)})`);
      const types = Object.keys(response.content ?? {});
      const type = r.headers.get('content-type')?.split(';')[0];
      if (types.length && r.status < 300 && !types.includes(type ?? '')) mismatches.push(`${method} ${found.p}: answered ${type}, documented ${types.join(' or ')}`);
      const json = (response.content?.['application/json'] ?? response.content?.['application/manifest+json'])?.schema;
      if (!json) return void (r.status < 300 && checked.add(`${method} ${found.p}`)); // CSV, text, images: not JSON
      const schema = json.$ref === '#/components/schemas/Failure' ? doc.components.schemas.Failure : json;
      let validate = compiled.get(schema);
      if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
      if (r.status < 300) checked.add(`${method} ${found.p}`);
      if (!validate(r.body)) mismatches.push(`${method} ${found.p} ${r.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(r.body).slice(0, 300)}`);
    };
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const r = await t.call(method, url, body, token ? { token } : {});
      check(method, url, r);
      return r;
    };

    // A site with something in it: a member who paid by card, tipped, topped up the wallet, liked and commented a
    // post and wrote in the chat; the creator's posts and reply.
    const admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const email = 'walk.fan@example.com';
    const registered = await call('POST', '/api/users/register', { name: 'Walk Fan', email, password: 'walk fan password' });
    const fan = registered.body.data.token as string;
    const fanId = registered.body.data.userId as string;
    const card = { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve };
    expect((await call('POST', '/api/v2/purchase/subscription', card, fan)).status).toBe(200);
    expect((await call('POST', '/api/v2/purchase/send-tip', { amount: 5, ...card }, fan)).status).toBe(200);
    await topUpWallet(t, fan, 10);
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 60 } } }).jpeg().toBuffer();
    const upload = async (name: string) => {
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: `${name}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin);
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const saved = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };
    const post = await call('POST', '/api/blogs', { caption: 'A public post', visibility: 'public', media_ids: [await upload('public')] }, admin);
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const postId = post.body.data._id as string;
    const locked = await call('POST', '/api/blogs', { caption: 'A locked post', visibility: 'locked', amount: 10, media_ids: [await upload('locked')] }, admin);
    expect(locked.status, JSON.stringify(locked.body)).toBe(201);
    expect((await call('POST', '/api/blog/like-dislike', { blog_id: postId }, fan)).status).toBe(200);
    expect((await call('POST', '/api/blog/save-blog-comment', { blog_id: postId, comment: 'Nice one' }, fan)).status).toBe(201);
    const sent = await call('POST', '/api/chat/send_message', { message: 'Hello from the walk' }, fan);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await call('POST', '/api/chat/send_message', { receiver: fanId, message: 'Hello back' }, admin)).status).toBe(200);
    const lockedId = locked.body.data._id as string;
    expect((await call('POST', '/api/v2/purchase/blog-content-purchase', { ...card, blogId: lockedId, amount: 10 }, fan)).status).toBe(200);
    // A caller the route lets in: the fan where a fan may call it, else the admin.
    const callerOf = (op: { 'x-roles': string[] }) => (op['x-roles'].some((r) => ['public', 'authenticated', 'user'].includes(r)) ? fan : admin);
    // The POST routes that read.
    for (const [url, body] of [
      ['/api/blog/get-blog-info', { blog_id: postId }],
      ['/api/blog/get-blog-comment', { blog_id: postId, page_num: 1 }],
      ['/api/chat/get_tips_list', {}],
      ['/api/feed-tags/', {}],
      ['/api/chat/get_user_send_message_status', {}],
      ['/api/promotion-setting/check-promotion', {}],
      ['/api/v2/subscription/quote', {}],
      ['/api/user-help/list', {}],
      ['/api/user-help/list/notifications', {}],
      ['/api/stream/get_messages', {}],
      ['/api/users/get_users_list', {}],
      ['/api/media/get', {}],
      ['/api/promotion-setting/get-promotion-reports', {}],
      ['/api/resubscribe-offer/request-new-resubscription-user-report', {}],
      ['/api/resubscribe-offer/get-new-resubscription-user-report', {}],
      ['/api/help/list', {}],
      ['/api/help/list/notifications', {}],
      ['/api/stream/get_live_stream_reports', {}],
      ['/api/users/get_users_data_from_email', { email }],
      ['/api/users/get_users_list_from_email', { email: 'walk' }],
    ] as const)
      await call('POST', url, body, callerOf(doc.paths[url].post));

    // Every GET route, as the fan when the route lets a fan in, else as the admin; the query a route needs; a
    // record route with the first id its list answers.
    const queries: Record<string, string> = {
      '/api/blog/get-blog-data-by-id': `id=${postId}`,
      '/api/chat/get_messages_admin': `selected_user_id=${fanId}`,
      '/api/chat/get_user_details': `user_id=${fanId}`,
      '/api/chat/get_user_by_id': `userId=${fanId}`,
      '/api/places/states': 'country=us',
      '/api/places/cities': 'country=us&state=NY',
      '/api/pages/get_html': 'slug=maintenance',
      '/api/chat/get_chat_message': `id=${sent.body.data.messageId}`,
      '/admin-api/reports/purchase-history': `email=${email}`,
      '/api/redirect-url': 'path=/old',
      '/api/admin/get_transactions_details': `user_id=${fanId}`,
      '/api/bot-check/challenge': 'action=login',
    };
    // Not walked: a GET that deletes (the fan the rest of the walk reads), and the WebSocket upgrade.
    const notWalked = new Set(['/api/admin/delete_user', '/api/stream/janus']);
    // Path parameters that are not a record of a list: the values a route takes.
    const concrete: Record<string, string[]> = {
      '/api/notifications/list/{type}': ['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification'].map((type) => `/api/notifications/list/${type}`),
      '/admin-api/settings/{id}': ['/admin-api/settings/site'],
      '/admin-api/subscription-settings/{id}': ['/admin-api/subscription-settings/site'],
      '/admin-api/reports/posts/{postId}/buyers': [`/admin-api/reports/posts/${lockedId}/buyers`],
    };
    const ids: Record<string, string> = {};
    const paths = Object.keys(doc.paths).filter((p) => doc.paths[p].get && !notWalked.has(p)).sort((a, b) => a.split('{').length - b.split('{').length);
    for (const p of paths) {
      const op = doc.paths[p].get;
      const token = callerOf(op);
      let url = p;
      if (concrete[p]) {
        for (const u of concrete[p]) await call('GET', u, undefined, token);
        continue;
      }
      if (p.includes('{')) {
        const list = p.replace(/\/\{[^}]+\}$/, '');
        const id = p.endsWith('/{*}') || list.includes('{') ? undefined : ids[list];
        if (!id) continue;
        url = `${list}/${encodeURIComponent(id)}`;
      }
      const r = await call('GET', queries[p] ? `${url}?${queries[p]}` : url, undefined, token);
      // A console list's first record names the record route to walk next.
      if (Array.isArray(r.body) && r.body[0]?.id !== undefined) ids[p] = String(r.body[0].id);
      const data = r.body?.data;
      const first = Array.isArray(data) ? data[0] : (data?.rows ?? data?.records ?? data?.payments)?.[0];
      if (first && (first._id ?? first.id) !== undefined) ids[p] = String(first._id ?? first.id);
    }

    expect(mismatches).toEqual([]);
    const getsNotChecked = Object.keys(doc.paths).filter((p) => doc.paths[p].get && !checked.has(`GET ${p}`));
    console.log(`OpenAPI walk: ${checked.size} operations' success answers checked against the document; GET routes not checked: ${getsNotChecked.join(', ')}`);
    expect(checked.size).toBeGreaterThanOrEqual(WALKED_FLOOR);
  }, 120_000);

  it('a route schema validates like parse() did: after the route table, with the same answer', async () => {
    // The first problem, naming the field, in the error envelope.
    const login = await t.call('POST', '/api/users/login', { email: '', password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ success: 0, message: 'Please enter an email.', code: 'VALIDATION', field: 'email' });
    expect((await t.call('POST', '/api/users/login', { password: 'x' })).body).toEqual({ success: 0, message: 'email is required.', code: 'VALIDATION', field: 'email' });
    // A guest's bad input to a signed-in route is still 401 first; a fan's is the 400.
    expect((await t.call('POST', '/api/chat/get_tips_list', { pageNum: 'x' })).status).toBe(401);
    const fan = (await t.call('POST', '/api/users/register', { name: 'Doc Fan', email: 'doc.fan@example.com', password: 'doc fan password' })).body.data.token;
    const bad = await t.call('POST', '/api/chat/get_tips_list', { pageNum: 'x' }, { token: fan });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: 0, code: 'VALIDATION', field: 'pageNum' });
    // And the handler reads the parsed input (defaults applied).
    const good = await t.call('POST', '/api/chat/get_tips_list', undefined, { token: fan });
    expect(good.status).toBe(200);
    expect(good.body.data.currentPage).toBe(1);
  });

  it('serves the browsable page under the site CSP (no inline script needed)', async () => {
    const page = await fetch(`${t.base}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    // Every script is a file of the site's own; the site's CSP (script-src 'self') stays as it is.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const init = await fetch(`${t.base}/api/docs/static/swagger-initializer.js`);
    expect(init.status).toBe(200);
    const json = await t.call('GET', '/api/docs/json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe(doc.openapi);
  });
});
