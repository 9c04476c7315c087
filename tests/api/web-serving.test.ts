// How the server answers browsers: HEAD on the apps' pages, assets precompressed at
// build and cached for a year by their content-hashed names, index.html revalidated, and the security headers
// (CSP without inline script, nosniff, Referrer-Policy, no-store on signed-in JSON) on every kind of answer.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { builtAppsDir } from '../support/apps';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The entry script the built index.html loads, e.g. /assets/index-abc123.js. */
const entryScript = (html: string) => /<script[^>]*\bsrc="([^"]+\.js)"/.exec(html)![1];

describe('serving the apps', () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/', '/admin', '/admin/transactions', '/profile'])('answers HEAD %s like GET, without a body', async (page) => {
    const head = await fetch(t.base + page, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    expect(await head.text()).toBe('');
    const get = await fetch(t.base + page);
    expect(get.status).toBe(200);
    expect(await get.text()).toMatch(/^<!doctype html>/i);
  });

  it('still answers 404 to unknown API paths, GET or HEAD', async () => {
    expect((await fetch(`${t.base}/api/nothing-here`, { method: 'HEAD' })).status).toBe(404);
    expect((await t.call('GET', '/api/nothing-here')).body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a path that is no page with status 404 and the app itself, which draws its not-found page; real pages and deep links 200', async () => {
    const saved = async (r: Promise<{ status: number }>) => expect((await r).status).toBe(201);
    await saved(t.call('POST', '/admin-api/content-pages', { slug: 'summer-news', title: 'Summer news', html: '<p>Hello</p>' }, { token: admin }));
    await saved(t.call('POST', '/admin-api/content-pages', { slug: 'draft-news', title: 'Draft', html: '<p>Soon</p>', published: false }, { token: admin }));
    await saved(t.call('POST', '/admin-api/redirect-urls', { path: 'promo', target: '/membership' }, { token: admin }));
    const cases: Array<[string, number]> = [
      // Fan site: its routes (signed out too: the app sends guests on to log in), a custom page, a redirect.
      ['/', 200], ['/profile/payments/7', 200], ['/feed/some-post-id', 200], ['/home', 200], ['/terms-of-service', 200],
      ['/summer-news', 200], ['/promo', 200], ['/profile/', 200], ['/landing?utm_source=x', 200],
      ['/no/such/page', 404], ['/nothing-here', 404], ['/draft-news', 404], ['/profile/nothing', 404], ['/feed', 404], ['/404', 404], ['/assets/missing.js', 404],
      // Console: its pages, a resource's record pages and the show page's tabs, the login page.
      ['/admin', 200], ['/admin/', 200], ['/admin/login', 200], ['/admin/users/some-id/show/actions', 200], ['/admin/posts/create', 200], ['/admin/settings/seo-setting', 200],
      ['/admin/nothing-here', 404], ['/admin/users/some-id/show/actions/more', 404], ['/admin/go-live/create', 404],
    ];
    for (const [page, status] of cases) {
      const get = await fetch(t.base + page);
      expect([page, get.status]).toEqual([page, status]);
      expect(get.headers.get('content-type'), page).toMatch(/^text\/html/);
      const html = await get.text();
      expect(html, page).toMatch(/^<!doctype html>/i);
      expect(html, page).toContain(page.startsWith('/admin') ? '/admin/assets/' : '/assets/');
      const head = await fetch(t.base + page, { method: 'HEAD' });
      expect([page, head.status]).toEqual([page, status]);
    }
  });

  it.each([
    ['fan site', '/', 'web-fan'],
    ['console', '/admin/', 'web-admin'],
  ])('sends the %s’s scripts precompressed (brotli, gzip) and immutable, and its index.html revalidated', async (_app, page, dir) => {
    const html = await (await fetch(t.base + page)).text();
    const script = entryScript(html);
    expect(script).toMatch(/\/assets\/[^/]+-[\w-]{8}\.js$/);
    const plain = fs.readFileSync(path.join(builtAppsDir(), dir, script.replace(/^\/admin\//, '/')));

    const br = await fetch(t.base + script, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const brBody = Buffer.from(await (await fetch(t.base + script, { headers: { 'accept-encoding': 'br' } })).arrayBuffer());
    // fetch decodes on its own; the raw bytes are checked through node's http below.
    expect(brBody.equals(plain)).toBe(true);

    const raw = await rawGet(t.base + script, { 'accept-encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.body.length).toBeLessThan(plain.length / 2);
    expect(zlib.gunzipSync(raw.body).equals(plain)).toBe(true);
    const rawBr = await rawGet(t.base + script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(rawBr.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(rawBr.body).equals(plain)).toBe(true);

    const identity = await rawGet(t.base + script, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);

    const index = await fetch(`${t.base}${page}index.html`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the security headers on pages, scripts, JSON and errors', async () => {
    const html = await (await fetch(t.base + '/')).text();
    const answers = await Promise.all([
      fetch(`${t.base}/`),
      fetch(`${t.base}/admin/`),
      fetch(t.base + entryScript(html)),
      fetch(`${t.base}/api/app_settings/get`),
      fetch(`${t.base}/api/users/me`),
      fetch(`${t.base}/api/nothing-here`),
    ]);
    for (const r of answers) {
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), r.url).toBe('strict-origin-when-cross-origin');
      const csp = r.headers.get('content-security-policy') ?? '';
      for (const directive of ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"]) expect(csp, r.url).toContain(directive);
      expect(/script-src[^;]*unsafe-inline/.test(csp), r.url).toBe(false);
    }
  });

  it('keeps signed-in JSON out of caches', async () => {
    const me = await t.call('GET', '/api/users/me', undefined, { token: admin });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const list = await t.call('GET', '/admin-api/transactions', undefined, { token: admin });
    expect(list.headers.get('cache-control')).toBe('no-store');
    const login = await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword });
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('the built pages carry no inline script (the CSP would block it)', () => {
    for (const dir of ['web-fan', 'web-admin']) {
      const html = fs.readFileSync(path.join(builtAppsDir(), dir, 'index.html'), 'utf8');
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s, dir).toMatch(/^<script\b[^>]*\bsrc="[^"]+"[^>]*><\/script>$/);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

/** A GET through node:http, which (unlike fetch) hands over the body exactly as sent. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the request log', () => {
  it('writes one line per request, with method, url, status and time', async () => {
    const Fastify = (await import('fastify')).default;
    const { OneLinePerRequest } = await import('../../api/web');
    const lines: any[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } }, logController: new OneLinePerRequest() });
    app.get('/api/ping', async () => ({ ok: 1 }));
    await app.inject({ method: 'GET', url: '/api/ping?x=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.close();
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines.map((l) => [l.msg, l.method, l.url, l.status, typeof l.ms])).toEqual([
      ['request', 'GET', '/api/ping?x=1', 200, 'number'],
      ['request', 'GET', '/api/missing', 404, 'number'],
    ]);
  });
});
