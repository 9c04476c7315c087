// Runs on one back end (PGlite, site-config.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Site configuration over real HTTP: the console's SMTP server
// (sealed password, a test mail and the site's mail through a real SMTP server that checks the login; the
// plaintext in no event, answer or log line), storage and cache shown from the environment without secrets,
// platform and SEO settings with the fan site's head tags, sitemap and robots, the proof-of-work bot check on
// register / login / subscription / add card, and the Contact inbox's server CSV (audited).
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits } from '../../domain/site-config/bot-check';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestServer, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

const SMTP_PASSWORD = 'Sm7p-pa55word-only-the-mail-server-knows';

/** A real SMTP server that requires a login (AUTH PLAIN/LOGIN over a plain connection) and keeps what it receives. */
async function startAuthSmtp(user: string, pass: string) {
  const received: { to: string[]; raw: string }[] = [];
  const logins: string[] = [];
  const smtp = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The browser's part of the bot check, done here: a nonce whose hash has the challenge's zero bits. */
function solve(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty) return `${challenge}:${nonce}`;
  }
}

export function siteConfigSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`site configuration: email, storage, platform, SEO, bot check, CSV (${backend})`, () => {
    let t: TestServer;
    let envSmtp: SmtpCapture;
    let consoleSmtp: Awaited<ReturnType<typeof startAuthSmtp>>;
    let admin: string;
    let model: string;
    let fan: string;
    const logLines: string[] = [];
    const realWrite = process.stdout.write;

    const writesNothing = async (run: () => Promise<{ status: number; body: any; headers: Headers }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };
    const allEventsText = async () => JSON.stringify(await t.server.services.store.readAll({ maxCount: 100_000 } as never));

    beforeAll(async () => {
      envSmtp = await startSmtpCapture();
      consoleSmtp = await startAuthSmtp('mailer@fans.example.test', SMTP_PASSWORD);
      // Every log line the server writes (trace level: each request too) is kept to look for the password. pino
      // writes to process.stdout when its write was replaced before the server started.
      process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        logLines.push(String(chunk));
        return (realWrite as (...a: unknown[]) => boolean).call(process.stdout, '', ...rest.filter((r) => typeof r === 'function'));
      }) as typeof process.stdout.write;
      t = await startTestServer(backend, { SMTP_URL: envSmtp.url, MAIL_FROM: 'Env Sender <env@fans.example.test>', LOG_LEVEL: 'trace', FANCLUB_PUBLIC_URL: 'https://fans.example.test' }, { s3: true, serveApps: true });
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const created = await t.call('POST', '/admin-api/users', { name: 'Model', email: 'model.config@example.com', role: 'model', password: 'model password 1' }, { token: admin });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      model = (await t.call('POST', '/api/users/login', { email: 'model.config@example.com', password: 'model password 1' })).body.data.token;
      fan = (await t.call('POST', '/api/users/register', { name: 'Config Fan', email: 'config.fan@example.com', password: 'fan password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
      process.stdout.write = realWrite;
      await envSmtp?.close();
      await consoleSmtp?.close();
    });

    it('email configuration is for admins only', async () => {
      expect((await t.call('GET', '/api/settings/email-configuration')).status).toBe(401);
      expect((await t.call('GET', '/api/settings/email-configuration', undefined, { token: fan })).status).toBe(403);
      expect((await t.call('GET', '/api/settings/email-configuration', undefined, { token: model })).status).toBe(403);
      const r = await t.call('GET', '/api/settings/email-configuration', undefined, { token: admin });
      expect(r.status).toBe(200);
      // Nothing saved in the console: the env's SMTP_URL is what sends.
      expect(r.body.data).toMatchObject({ source: 'environment', password: 'not set', host: '' });
    });

    it('bad input is a 400 naming the field and changes nothing', async () => {
      const good = { host: '127.0.0.1', port: consoleSmtp.port, security: 'none', username: 'mailer@fans.example.test', password: SMTP_PASSWORD, from_email: 'club@fans.example.test', from_name: 'The Club' };
      for (const [patch, field] of [
        [{ host: 'bad host!' }, 'host'], [{ port: 70000 }, 'port'], [{ port: '25' }, 'port'], [{ security: 'ssl3' }, 'security'],
        [{ from_email: 'nope' }, 'from_email'], [{ from_name: 'Evil\r\nBcc: x@y.z' }, 'from_name'],
      ] as const) {
        const r = await writesNothing(() => t.call('POST', '/api/settings/email-configuration', { ...good, ...patch }, { token: admin }));
        expect(r.status, JSON.stringify(patch)).toBe(400);
        expect(r.body.field).toBe(field);
        expect(r.body.message).toBeTruthy();
        expect(JSON.stringify(r.body)).not.toContain(SMTP_PASSWORD);
      }
      const test = await writesNothing(() => t.call('POST', '/api/settings/email-configuration/test', { to: 'not-an-email' }, { token: admin }));
      expect(test.body).toMatchObject({ field: 'to', message: 'Please enter a valid email.' });
    });

    it('a saved server overrides SMTP_URL: the test mail and the site\'s mail go through it with the password; the password shows as "set" only', async () => {
      const saved = await t.call('POST', '/api/settings/email-configuration', {
        host: '127.0.0.1', port: consoleSmtp.port, security: 'none', username: 'mailer@fans.example.test', password: SMTP_PASSWORD, from_email: 'club@fans.example.test', from_name: 'The Club',
      }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('update settings successfully.');
      expect(saved.body.data).toEqual({
        source: 'console', host: '127.0.0.1', port: consoleSmtp.port, security: 'none', username: 'mailer@fans.example.test', password: 'set', from_email: 'club@fans.example.test', from_name: 'The Club',
      });
      // The event holds the sealed password (AES-GCM), never the plaintext.
      const events = await t.server.services.store.readStream('email-configuration');
      expect(events.map((e) => e.type)).toEqual(['EmailConfigurationSet']);
      expect((events[0].data as any).password_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
      expect(JSON.stringify(events)).not.toContain(SMTP_PASSWORD);

      const test = await t.call('POST', '/api/settings/email-configuration/test', { to: 'owner@fans.example.test' }, { token: admin });
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      expect(test.body.message).toBe('Test mail sent to owner@fans.example.test.');
      const mail = consoleSmtp.received.find((m) => m.to.includes('owner@fans.example.test'));
      expect(mail?.raw).toMatch(/^From: The Club <club@fans\.example\.test>/m);
      expect(mail?.raw).toMatch(/Subject: Test mail from/);
      expect(consoleSmtp.logins).toContain('mailer@fans.example.test');

      // The site's own mail (a password reset) now goes through the console's server too, not SMTP_URL's.
      await t.call('POST', '/api/users/forgot_password', { email: 'config.fan@example.com' });
      for (let i = 0; i < 200 && !consoleSmtp.received.some((m) => m.to.includes('config.fan@example.com')); i++) await new Promise((r) => setTimeout(r, 25));
      expect(consoleSmtp.received.some((m) => m.to.includes('config.fan@example.com'))).toBe(true);
      expect(envSmtp.received.some((m) => m.to.includes('config.fan@example.com'))).toBe(false);

      // Saved again without a password: the stored one is kept (the event carries none).
      const kept = await t.call('POST', '/api/settings/email-configuration', { ...saved.body.data, from_name: 'Club Mail', password: undefined }, { token: admin });
      expect(kept.body.data.password).toBe('set');
      const last = (await t.server.services.store.readStream('email-configuration')).at(-1)!;
      expect(Object.hasOwn(last.data as object, 'password_sealed')).toBe(false);
      expect((await t.call('POST', '/api/settings/email-configuration/test', { to: 'again@fans.example.test' }, { token: admin })).status).toBe(200);
    });

    it('a wrong password is refused by the server: the test says why (502), the outbox keeps the failure', async () => {
      const r = await t.call('POST', '/api/settings/email-configuration', {
        host: '127.0.0.1', port: consoleSmtp.port, security: 'none', username: 'mailer@fans.example.test', password: 'wrong-password-123', from_email: 'club@fans.example.test', from_name: 'Club Mail',
      }, { token: admin });
      expect(r.status).toBe(200);
      const test = await t.call('POST', '/api/settings/email-configuration/test', { to: 'owner@fans.example.test' }, { token: admin });
      expect(test.status).toBe(502);
      expect(test.body.code).toBe('MAIL_FAILED');
      expect(test.body.message).toMatch(/^The mail server refused the test mail: /);
      expect(test.body.message).not.toContain('wrong-password-123');
      // Put the right one back for the checks below.
      await t.call('POST', '/api/settings/email-configuration', { ...r.body.data, password: SMTP_PASSWORD }, { token: admin });
    });

    it('removing the configuration falls back to SMTP_URL', async () => {
      const r = await t.call('DELETE', '/api/settings/email-configuration', undefined, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ source: 'environment', password: 'not set' });
      expect((await t.call('POST', '/api/settings/email-configuration/test', { to: 'env@fans.example.test' }, { token: admin })).status).toBe(200);
      await envSmtp.waitForMail('env@fans.example.test');
      expect((await t.call('DELETE', '/api/settings/email-configuration', undefined, { token: admin })).status).toBe(404);
    });

    it('storage and cache come from the environment: shown read-only, secrets never', async () => {
      const aws = await t.call('GET', '/api/settings/aws-settings', undefined, { token: admin });
      expect(aws.status).toBe(200);
      expect(aws.body.data).toMatchObject({ source: 'environment', storage: 's3', bucket: 'fanclub-media', region: 'us-east-1', credentials: 'set', force_path_style: true });
      const { s3 } = t.server.services.config;
      expect(JSON.stringify(aws.body)).not.toContain(s3!.secretAccessKey!);
      expect(JSON.stringify(aws.body)).not.toContain(s3!.accessKeyId!);
      const cache = await t.call('GET', '/api/settings/redis-cache-setting', undefined, { token: admin });
      expect(cache.body.data).toMatchObject({ source: 'environment', kind: 'in-process', enabled: true, variable: 'FANCLUB_READ_CACHE' });
      expect((await t.call('GET', '/api/settings/aws-settings', undefined, { token: model })).status).toBe(403);
      // There is no way to change them here.
      expect((await t.call('POST', '/api/settings/aws-settings', { bucket: 'x' }, { token: admin })).status).toBe(404);
    });

    it('platform settings: canonical address and language, validated', async () => {
      const bad = await writesNothing(() => t.call('POST', '/api/settings/platform-settings', { site_url: 'ftp://x', site_language: 'en' }, { token: admin }));
      expect(bad.body).toMatchObject({ field: 'site_url', message: 'site_url must be an address like https://fans.example.com (or empty).' });
      expect((await writesNothing(() => t.call('POST', '/api/settings/platform-settings', { site_url: '', site_language: 'english' }, { token: admin }))).body.field).toBe('site_language');
      const r = await t.call('POST', '/api/settings/platform-settings', { site_url: 'https://club.example.com/', site_language: 'pt-BR' }, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ site_url: 'https://club.example.com', site_language: 'pt-BR', effective_site_url: 'https://club.example.com', public_url_env: 'https://fans.example.test' });
      expect((await t.call('POST', '/api/settings/platform-settings', { site_url: 'https://club.example.com', site_language: 'en' }, { token: model })).status).toBe(403);
    });

    it('SEO: the fan site\'s served HTML carries the title, description and social image; sitemap lists public pages and posts; robots follows the switch', async () => {
      const image = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'preview.png');
      const up = await fetch(`${t.base}/api/app_settings/upload-theme-image`, { method: 'POST', headers: { authorization: admin }, body: form });
      const imageUrl = (await up.json()).data.url as string;
      const bad = await writesNothing(() => t.call('POST', '/api/settings/seo-setting', { seo_title: 'x', seo_description: '', seo_image_url: 'https://evil.example/x.png', seo_discourage_indexing: false }, { token: admin }));
      expect(bad.body.field).toBe('seo_image_url');
      expect((await writesNothing(() => t.call('POST', '/api/settings/seo-setting', { seo_title: 'x'.repeat(71), seo_description: '', seo_image_url: null, seo_discourage_indexing: false }, { token: admin }))).body.field).toBe('seo_title');
      const saved = await t.call('POST', '/api/settings/seo-setting', {
        seo_title: 'Club "Exclusive" <Photos>', seo_description: 'Behind the scenes & more', seo_image_url: imageUrl, seo_discourage_indexing: false,
      }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      const html = await (await fetch(`${t.base}/tips`)).text();
      expect(html).toContain('<title>Club &quot;Exclusive&quot; &lt;Photos&gt;</title>');
      expect(html).toContain('<meta name="description" content="Behind the scenes &amp; more" />');
      expect(html).toContain(`<meta property="og:image" content="https://club.example.com${imageUrl}" />`);
      expect(html).toContain('<link rel="canonical" href="https://club.example.com/tips" />');
      expect(html).toContain('<html lang="pt-BR"');
      expect(html).not.toContain('noindex');
      // Still no inline script: the tags are markup only.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

      // A public post (and a locked one, which the sitemap leaves out).
      const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'p.jpg', content_type: 'image/jpeg', media_type: 'blog' }, { token: admin });
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 140, b: 90 } } }).jpeg().toBuffer();
      const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg', authorization: admin }, body: new Uint8Array(jpeg) });
      expect(put.status).toBeLessThan(300);
      const media = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin });
      const pub = await t.call('POST', '/api/blogs', { caption: 'Public hello', visibility: 'public', media_ids: [media.body.data.id] }, { token: admin });
      expect(pub.status, JSON.stringify(pub.body)).toBe(201);
      const locked = await t.call('POST', '/api/blogs', { caption: 'Locked one', visibility: 'locked', amount: 5, media_ids: [media.body.data.id] }, { token: admin });
      expect(locked.status).toBe(201);
      let sitemap = '';
      for (let i = 0; i < 100; i++) {
        const r = await fetch(`${t.base}/sitemap.xml`);
        expect(r.headers.get('content-type')).toContain('application/xml');
        sitemap = await r.text();
        if (sitemap.includes(pub.body.data._id)) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(sitemap).toContain('<loc>https://club.example.com/</loc>');
      expect(sitemap).toContain('<loc>https://club.example.com/terms-of-service</loc>');
      expect(sitemap).toContain(`<loc>https://club.example.com/feed/${pub.body.data._id}</loc>`);
      expect(sitemap).not.toContain(locked.body.data._id);
      expect(sitemap).not.toContain('service-stopped');

      const robots = await (await fetch(`${t.base}/robots.txt`)).text();
      expect(robots).toContain('Disallow: /admin');
      expect(robots).toContain('Sitemap: https://club.example.com/sitemap.xml');
      await t.call('POST', '/api/settings/seo-setting', { ...saved.body.data, seo_discourage_indexing: true }, { token: admin });
      expect(await (await fetch(`${t.base}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
      expect(await (await fetch(`${t.base}/`)).text()).toContain('<meta name="robots" content="noindex, nofollow" />');
      await t.call('POST', '/api/settings/seo-setting', { ...saved.body.data, seo_discourage_indexing: false }, { token: admin });
    });

    it('bot check off: the protected calls need nothing, the challenge says so', async () => {
      const c = await t.call('GET', '/api/bot-check/challenge?action=register');
      expect(c.body.data).toEqual({ enabled: false });
      expect((await t.call('GET', '/api/bot-check/challenge?action=nope')).body).toMatchObject({ field: 'action', message: 'action must be one of register, login, subscription, add_card.' });
      expect((await t.call('POST', '/api/users/login', { email: 'config.fan@example.com', password: 'fan password 1' })).status).toBe(200);
      // The API's description says which calls are checked and how to pass.
      const doc = (await t.call('GET', '/api/openapi.json')).body;
      for (const p of ['/api/users/register', '/api/users/login', '/api/v2/purchase/subscription', '/api/v2/purchase/add-new-card']) expect(doc.paths[p].post.responses['403'].description, p).toContain('X-Bot-Check');
      expect(doc.paths['/api/users/logout'].post.responses['403'].description).not.toContain('X-Bot-Check');
    });

    it('bot check on: unsolved, forged, other-action, expired and replayed checks are refused with a clear message; a solved one passes once', async () => {
      expect((await writesNothing(() => t.call('POST', '/api/settings/recaptcha-setting', { is_recaptcha_enabled: true, bot_check_difficulty: 30 }, { token: admin }))).body.field).toBe('bot_check_difficulty');
      const on = await t.call('POST', '/api/settings/recaptcha-setting', { is_recaptcha_enabled: true, bot_check_difficulty: 12 }, { token: admin });
      expect(on.body.data).toMatchObject({ is_recaptcha_enabled: true, bot_check_difficulty: 12, kind: 'proof-of-work' });
      const body = { name: 'Bot Checked', email: 'bot.checked@example.com', password: 'fan password 2' };

      const missing = await writesNothing(() => t.call('POST', '/api/users/register', body));
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual({ success: 0, code: 'BOT_CHECK_REQUIRED', message: 'Please complete the bot check and try again.', field: 'X-Bot-Check' });

      const c = (await t.call('GET', '/api/bot-check/challenge?action=register')).body.data;
      expect(c).toMatchObject({ enabled: true, difficulty: 12 });
      // A nonce without the work.
      let lazy = '0';
      for (let n = 0; leadingZeroBits(createHash('sha256').update(`${c.challenge}:${n.toString(36)}`).digest()) >= 12; n++) lazy = (n + 1).toString(36);
      const unsolved = await writesNothing(() => t.call('POST', '/api/users/register', body, { headers: { 'x-bot-check': `${c.challenge}:${lazy}` } }));
      expect(unsolved.body).toMatchObject({ code: 'BOT_CHECK_UNSOLVED', message: 'The bot check was not solved. Please try again.' });
      // A challenge with its difficulty lowered by hand no longer matches its signature.
      const [payload, mac] = c.challenge.split('.');
      const easier = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), difficulty: 8 })).toString('base64url');
      const forged = await writesNothing(() => t.call('POST', '/api/users/register', body, { headers: { 'x-bot-check': solve(`${easier}.${mac}`, 8) } }));
      expect(forged.body.code).toBe('BOT_CHECK_INVALID');
      // A login challenge does not open registration.
      const loginChallenge = (await t.call('GET', '/api/bot-check/challenge?action=login')).body.data;
      expect((await writesNothing(() => t.call('POST', '/api/users/register', body, { headers: { 'x-bot-check': solve(loginChallenge.challenge, 12) } }))).body.code).toBe('BOT_CHECK_INVALID');

      const solution = solve(c.challenge, 12);
      const ok = await t.call('POST', '/api/users/register', body, { headers: { 'x-bot-check': solution } });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      const replay = await writesNothing(() => t.call('POST', '/api/users/login', { email: body.email, password: body.password }, { headers: { 'x-bot-check': solution } }));
      expect(replay.body.code).toBe('BOT_CHECK_INVALID'); // another action
      const again = await writesNothing(() => t.call('POST', '/api/users/register', { ...body, email: 'bot.checked2@example.com' }, { headers: { 'x-bot-check': solution } }));
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ code: 'BOT_CHECK_USED', message: 'This bot check was already used. Please try again.' });

      // Expired: five minutes later the challenge is refused.
      const old = (await t.call('GET', '/api/bot-check/challenge?action=login')).body.data;
      const clock = t.server.services.clock;
      t.server.services.clock = () => new Date(clock().getTime() + 301_000);
      try {
        const late = await t.call('POST', '/api/users/login', { email: body.email, password: body.password }, { headers: { 'x-bot-check': solve(old.challenge, 12) } });
        expect(late.body).toMatchObject({ code: 'BOT_CHECK_EXPIRED', message: 'The bot check expired. Please try again.' });
      } finally {
        t.server.services.clock = clock;
      }
      const login = (await t.call('GET', '/api/bot-check/challenge?action=login')).body.data;
      expect((await t.call('POST', '/api/users/login', { email: body.email, password: body.password }, { headers: { 'x-bot-check': solve(login.challenge, 12) } })).status).toBe(200);

      // Subscription and add card: a guest is still 401 first; a fan needs the check.
      expect((await t.call('POST', '/api/v2/purchase/add-new-card', {})).status).toBe(401);
      const card = await writesNothing(() => t.call('POST', '/api/v2/purchase/add-new-card', {}, { token: fan }));
      expect(card.body.code).toBe('BOT_CHECK_REQUIRED');
      const sub = await writesNothing(() => t.call('POST', '/api/v2/purchase/subscription', {}, { token: fan }));
      expect(sub.body.code).toBe('BOT_CHECK_REQUIRED');
      // With a solved check, the call's own validation answers (the check let it through).
      const cardChallenge = (await t.call('GET', '/api/bot-check/challenge?action=add_card')).body.data;
      const passed = await t.call('POST', '/api/v2/purchase/add-new-card', {}, { token: fan, headers: { 'x-bot-check': solve(cardChallenge.challenge, 12) } });
      expect(passed.status).toBe(400);
      expect(passed.body.code).toBe('VALIDATION');

      await t.call('POST', '/api/settings/recaptcha-setting', { is_recaptcha_enabled: false, bot_check_difficulty: 16 }, { token: admin });
      expect((await t.call('POST', '/api/users/login', { email: body.email, password: body.password })).status).toBe(200);
    });

    it('the Contact inbox exports from the server (CSV), recorded as DataExported; the CSV page lists the exports', async () => {
      await t.call('POST', '/api/contact-us', { name: 'Writer', email: 'writer@example.com', subject: 'Hello, "world"', message: 'A line' });
      let csv = '';
      for (let i = 0; i < 50; i++) {
        const r = await fetch(`${t.base}/admin-api/contact-messages/export`, { headers: { authorization: admin } });
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toContain('text/csv');
        csv = await r.text();
        if (csv.includes('writer@example.com')) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      expect(csv.split('\n')[0]).toBe('id,received_at,kind,status,name,email,subject,message');
      expect(csv).toContain('"Hello, ""world"""');
      expect((await fetch(`${t.base}/admin-api/contact-messages/export`, { headers: { authorization: fan } })).status).toBe(403);
      const page = await t.call('GET', '/api/settings/csv-download', undefined, { token: admin });
      expect(page.status).toBe(200);
      expect(page.body.data.exports.map((e: { resource: string }) => e.resource)).toEqual(['users', 'subscribers', 'transactions', 'cancellations', 'promotions', 'contact-messages']);
      expect(page.body.data.recent[0]).toMatchObject({ resource: 'contact-messages', actor_email: t.adminEmail });
      expect(page.body.data.recent[0].rows).toBeGreaterThanOrEqual(1);
    });

    it('the SMTP password is in no event, no answer and no log line', async () => {
      expect(await allEventsText()).not.toContain(SMTP_PASSWORD);
      expect(logLines.length).toBeGreaterThan(10);
      expect(logLines.join('')).toContain('/api/settings/email-configuration');
      expect(logLines.filter((l) => l.includes(SMTP_PASSWORD))).toEqual([]);
      // Nor in the outbox or any read model row the console shows.
      const outbox = await untypedTables(t.server.services.database).withSchema('app').selectFrom('outbox').selectAll().execute();
      expect(JSON.stringify(outbox)).not.toContain(SMTP_PASSWORD);
      const audit = await t.call('GET', '/admin-api/audit?range=[0,499]', undefined, { token: admin });
      expect(JSON.stringify(audit.body)).not.toContain(SMTP_PASSWORD);
      expect(JSON.stringify(audit.body)).toContain('EmailConfigurationSet');
    });
  });
}
