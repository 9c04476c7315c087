// The API's OpenAPI document (api/openapi.ts) against the route table (domain/access/routes.ts): valid OpenAPI
// 3.1, every route of the table in it with its roles, request bodies documented where a route validates one, and
// the browsable page served under the site's own CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_ACCESS } from '../../domain/access/routes';
import { rolesOf } from '../../domain/access/route-answers';
import { startTestServer, type TestServer } from '../support/server';

/** The table's key as the document's path: `:id` → `{id}`, a wildcard `*` → `{*}` (as @fastify/swagger writes it). */
const documentPath = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', '{*}');
/** The documentation's own page and assets: in the table (they are routes) but not operations of the API. */
const DOCS_PAGE = (route: string) => /^GET \/api\/docs(\/|$)/.test(route);

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

  it('documents the request of every route that validates one, and says how many do not yet', () => {
    const routes = t.server.app.printRoutes({ commonPrefix: false }); // keeps the server's own view handy on failure
    expect(routes.length).toBeGreaterThan(0);
    let withRequest = 0;
    let withResponse = 0;
    let total = 0;
    const emptyBodies: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        total++;
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (op.requestBody && (!body || (body.type === 'object' && !body.properties && !body.additionalProperties && !body.anyOf))) emptyBodies.push(`${method} ${p}`);
        if (op.requestBody || op.parameters?.some((x: any) => x.in === 'query')) withRequest++;
        if (!String(op.responses?.['200']?.description ?? op.responses?.['201']?.description ?? '').includes('not described')) withResponse++;
      }
    }
    expect(emptyBodies).toEqual([]);
    console.log(`OpenAPI coverage: ${withRequest}/${total} operations with a request schema (body or query), ${withResponse}/${total} with a success schema; ${total - withRequest} without a request schema`);
  });

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
