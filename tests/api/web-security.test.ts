// Browser sessions and stored HTML, tried from outside over HTTP: the session is an httpOnly,
// SameSite=Strict cookie (bearer tokens still work for API clients), cookie-signed state-changing requests from
// another origin are refused, and HTML settings are cleaned when saved, whatever filter-evasion trick they use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { SAFE_HTML, XSS_CORPUS, scriptCapable } from '../support/xss-corpus';

const CROSS_SITE = { code: 'CROSS_SITE_REQUEST', message: 'This request came from another site and was refused. Please use the site itself.' };

/** The cookies a response sets, by name, with their attributes. */
function cookiesOf(headers: Headers): Record<string, { value: string; attrs: string[] }> {
  const out: Record<string, { value: string; attrs: string[] }> = {};
  for (const line of headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = { value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()) };
  }
  return out;
}

describe('browser sessions and stored HTML', () => {
  let t: TestServer;
  let admin: string;
  let origin: string;
  const cookie = (pairs: Record<string, string>) => Object.entries(pairs).map(([k, v]) => `${k}=${v}`).join('; ');

  beforeAll(async () => {
    t = await startTestServer('pglite', { TRUST_PROXY: 'true' });
    origin = t.base;
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the session cookie', () => {
    let fanCookie: string;
    it('registration and login set an httpOnly, SameSite=Strict cookie, Secure only over https', async () => {
      const reg = await t.call('POST', '/api/users/register', { name: 'Cookie Fan', email: 'cookie@example.com', password: 'long password 1' }, { headers: { origin } });
      expect(reg.status).toBe(201);
      const set = cookiesOf(reg.headers).fanclub_session;
      expect(set.value).toBe(reg.body.data.token);
      expect(set.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
      expect(set.attrs).not.toContain('secure');

      const login = await t.call('POST', '/api/users/login', { email: 'cookie@example.com', password: 'long password 1' }, { headers: { origin } });
      expect(login.status).toBe(200);
      fanCookie = cookiesOf(login.headers).fanclub_session.value;
      expect(fanCookie).toBe(login.body.data.token);

      const https = await t.call('POST', '/api/users/login', { email: 'cookie@example.com', password: 'long password 1' }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(cookiesOf(https.headers).fanclub_session.attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict']));
    });

    it('signs requests in by itself, and the bearer header still works for API clients', async () => {
      const me = await t.call('GET', '/api/users/me', undefined, { headers: { cookie: cookie({ fanclub_session: fanCookie }) } });
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe('cookie@example.com');
      expect((await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data.role).toBe('admin');
      // A bearer request carries no ambient credential: no Origin rule applies to it.
      expect((await t.call('POST', '/api/users/save_email_preferences', { user_id: me.body.data._id, preferences: { new_posts: true, messages: true, promotions: false } }, { token: admin, headers: { origin: 'https://evil.example' } })).status).toBe(200);
    });

    it('refuses a cookie-signed state-changing request from another origin, or with no origin at all, and writes nothing', async () => {
      const headOf = async () => (await t.server.services.store.headPosition())?.toString();
      const before = await headOf();
      const jar = { cookie: cookie({ fanclub_session: fanCookie }) };
      const foreign = await t.call('POST', '/api/users/logout', {}, { headers: { ...jar, origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject(CROSS_SITE);
      expect((await t.call('POST', '/api/users/logout', {}, { headers: { ...jar, referer: 'https://evil.example/page' } })).status).toBe(403);
      expect((await t.call('POST', '/api/users/logout', {}, { headers: { ...jar, origin: 'null' } })).status).toBe(403);
      expect((await t.call('POST', '/api/users/logout', {}, { headers: jar })).body).toMatchObject(CROSS_SITE);
      // A login from another site (login CSRF) is refused too, cookie or not.
      expect((await t.call('POST', '/api/users/login', { email: 'cookie@example.com', password: 'long password 1' }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
      expect(await headOf()).toBe(before);
      expect((await t.call('GET', '/api/users/me', undefined, { headers: jar })).status).toBe(200);
      // Reads are not state-changing: no Origin needed.
      expect((await t.call('GET', '/api/users/me', undefined, { headers: { ...jar, origin: 'https://evil.example' } })).status).toBe(200);
    });

    it('accepts the site’s own Origin (or Referer) and logout clears the cookie', async () => {
      const jar = { cookie: cookie({ fanclub_session: fanCookie }) };
      const prefs = await t.call('POST', '/api/users/change_old_password', { old_password: 'wrong password', new_password: 'x' }, { headers: { ...jar, referer: `${origin}/profile` } });
      expect(prefs.status).not.toBe(403);
      const out = await t.call('POST', '/api/users/logout', {}, { headers: { ...jar, origin } });
      expect(out.status).toBe(200);
      const cleared = cookiesOf(out.headers).fanclub_session;
      expect(cleared.value).toBe('');
      expect(cleared.attrs.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
      expect((await t.call('GET', '/api/users/me', undefined, { headers: jar })).status).toBe(401);
    });

    it('keeps the console’s session apart from a proxy view of the fan site, and ending the proxy leaves the console signed in', async () => {
      const consoleHeaders = { 'x-fanclub-app': 'console', origin };
      const login = await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword }, { headers: consoleHeaders });
      const consoleCookie = cookiesOf(login.headers).fanclub_console.value;
      expect(consoleCookie).toBeTruthy();
      expect(cookiesOf(login.headers).fanclub_session).toBeUndefined();

      const fan = await t.call('POST', '/api/users/register', { name: 'Proxied Fan', email: 'proxied@example.com', password: 'long password 1' });
      const asConsole = { ...consoleHeaders, cookie: cookie({ fanclub_console: consoleCookie }) };
      const proxy = await t.call('POST', '/api/users/login-as-proxy-user', { user_id: fan.body.data.userId }, { headers: asConsole });
      expect(proxy.status).toBe(200);
      const proxyCookie = cookiesOf(proxy.headers).fanclub_proxy;
      expect(proxyCookie.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));

      // The browser now holds both cookies: the fan site sees the fan (as proxy_user), the console the admin.
      const both = cookie({ fanclub_console: consoleCookie, fanclub_proxy: proxyCookie.value });
      const fanSite = await t.call('GET', '/api/users/me', undefined, { headers: { cookie: both } });
      expect(fanSite.body.data).toMatchObject({ email: 'proxied@example.com', role: 'proxy_user' });
      const consoleSite = await t.call('GET', '/api/users/me', undefined, { headers: { cookie: both, 'x-fanclub-app': 'console' } });
      expect(consoleSite.body.data).toMatchObject({ email: t.adminEmail, role: 'admin' });

      const out = await t.call('POST', '/api/users/logout', {}, { headers: { cookie: both, origin } });
      expect(out.status).toBe(200);
      expect(cookiesOf(out.headers).fanclub_proxy.value).toBe('');
      expect(cookiesOf(out.headers).fanclub_console).toBeUndefined();
      expect((await t.call('GET', '/api/users/me', undefined, { headers: { cookie: both, 'x-fanclub-app': 'console' } })).body.data.role).toBe('admin');
      // The ended proxy session's cookie is dropped when it is next sent.
      const stale = await t.call('GET', '/api/users/me', undefined, { headers: { cookie: cookie({ fanclub_proxy: proxyCookie.value }) } });
      expect(stale.status).toBe(401);
      expect(cookiesOf(stale.headers).fanclub_proxy.value).toBe('');
    });
  });

  describe('HTML settings', () => {
    it('the check sees the danger in the raw payloads (a few are only filter confusers, harmless as written)', () => {
      const dangerous = Object.values(XSS_CORPUS).filter((p) => scriptCapable(p) !== null);
      expect(dangerous.length).toBeGreaterThan(Object.keys(XSS_CORPUS).length - 8);
    });

    it.each(Object.entries(XSS_CORPUS))('are cleaned when saved: %s', async (_name, payload) => {
      const saved = await t.call('PUT', '/admin-api/settings/site', { footer_text_html: payload, maintenance_html: payload }, { token: admin });
      // U+0000 is refused at the boundary before any HTML is looked at.
      if (payload.includes('\u0000')) return void expect(saved.status).toBe(400);
      expect(saved.status).toBe(200);
      expect(scriptCapable(saved.body.footer_text_html)).toBeNull();
      expect(scriptCapable(saved.body.maintenance_html)).toBeNull();
      const shown = await t.call('GET', '/api/pages/get_html?slug=maintenance');
      expect(scriptCapable(shown.body.data.html)).toBeNull();
    });

    it('keeps ordinary links and formatting as written', async () => {
      for (const html of Object.values(SAFE_HTML)) {
        const saved = await t.call('PUT', '/admin-api/settings/site', { footer_text_html: html }, { token: admin });
        expect(saved.body.footer_text_html).toBe(html);
      }
      const site = await t.call('GET', '/api/app_settings/get');
      expect(site.body.data.footer_text_html).toBe(Object.values(SAFE_HTML).at(-1));
    });
  });
});
