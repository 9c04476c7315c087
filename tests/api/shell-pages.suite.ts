// Runs on one back end (PGlite, shell-pages.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The fan shell over real HTTP: legal and content pages with their defaults and
// editors (ETag / If-Match, safe HTML), custom pages by slug, the contact forms (events, inbox, outbox, rate
// limit, messages naming the field), the announcement banner endpoints and custom menu links by audience.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../infra/mail/mailer';
import { startTestServer, type Backend, type TestServer } from '../support/server';

export function shellPagesSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`fan shell: pages, contact, banner, menus over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let fan: string;

    const writesNothing = async (run: () => Promise<{ status: number; body: any; headers: Headers }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };
    const page = (slug: string, token?: string) => t.call('GET', `/api/pages/get_html?slug=${slug}`, undefined, { token });
    const shell = async () => (await t.call('GET', '/api/app_settings/get')).body.data.shell;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      fan = (await t.call('POST', '/api/users/register', { name: 'Shell Fan', email: 'shell.fan@example.com', password: 'fan password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a fresh install has every legal page with a default text naming the creator, and footer links to them', async () => {
      for (const slug of ['terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq', 'contact-us', 'service-stopped', 'subscription-video']) {
        const r = await page(slug);
        expect(r.status, slug).toBe(200);
        expect(r.body.data.html.length, slug).toBeGreaterThan(40);
      }
      expect((await page('terms-of-service')).body.data.html).toContain('Fanclub Creator');
      expect((await page('maintenance')).body.data.html).toContain('We will be back soon');
      const missing = await page('no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Page not found.');
      expect((await page('../etc')).status).toBe(400);
      const s = await shell();
      expect(s.footer_links.map((l: { slug: string }) => l.slug)).toEqual(['terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq', 'contact-us']);
      expect(s.show_like_the_website_form).toBe(false);
    });

    it('staff edit a page with the settings ETag: the public page shows it, unsafe HTML is removed, a stale edit is 412', async () => {
      const got = await t.call('GET', '/admin-api/content-pages/terms-of-service', undefined, { token: admin });
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ id: 'terms-of-service', built_in: true, is_default: true, editor: '/admin/edit-terms-of-service' });
      const etag = got.headers.get('etag')!;
      expect(etag).toBe(`"${got.body.version}"`);
      const html = '<h2>Our terms</h2><p onclick="steal()">Be nice.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
      const put = await t.call('PUT', '/admin-api/content-pages/terms-of-service', { ...got.body, title: 'Terms', html }, { token: admin, headers: { 'if-match': etag } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.headers.get('etag')).not.toBe(etag);
      const shown = (await page('terms-of-service')).body.data;
      expect(shown.title).toBe('Terms');
      expect(shown.html).toContain('<h2>Our terms</h2>');
      expect(shown.html).toContain('Be nice.');
      expect(shown.html).not.toMatch(/script|onclick|javascript:/);
      const stale = await writesNothing(() => t.call('PUT', '/admin-api/content-pages/terms-of-service', { title: 'Old', html: '<p>old</p>' }, { token: admin, headers: { 'if-match': etag } }));
      expect(stale.status).toBe(412);
      expect(stale.body.code).toBe('STALE_EDIT');
      const blank = await writesNothing(() => t.call('PUT', '/admin-api/content-pages/privacy-policy', { title: ' ', html: '<p>x</p>' }, { token: admin }));
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ field: 'title', message: 'Please enter a title.' });
      expect((await writesNothing(() => t.call('PUT', '/admin-api/content-pages/faq', { title: 'FAQ', html: '<p>x</p>' }, { token: fan }))).status).toBe(403);
      expect((await t.call('GET', '/admin-api/content-pages', undefined, { token: fan })).status).toBe(403);
      const list = await t.call('GET', '/admin-api/content-pages', undefined, { token: admin });
      expect(list.body.find((p: { id: string }) => p.id === 'terms-of-service')).toMatchObject({ title: 'Terms', is_default: false });
    });

    it('custom pages by slug: reserved and taken slugs are refused, a footer page is linked, deleting a built-in page restores its default', async () => {
      const reserved = await writesNothing(() => t.call('POST', '/admin-api/content-pages', { slug: 'login', title: 'Login', html: '<p>x</p>' }, { token: admin }));
      expect(reserved.status).toBe(400);
      expect(reserved.body).toMatchObject({ field: 'slug', message: 'This address is used by the site itself. Choose another one.' });
      const bad = await writesNothing(() => t.call('POST', '/admin-api/content-pages', { slug: 'Bad Slug', title: 'x', html: '' }, { token: admin }));
      expect(bad.body.field).toBe('slug');
      const taken = await writesNothing(() => t.call('POST', '/admin-api/content-pages', { slug: 'faq', title: 'x', html: '' }, { token: admin }));
      expect(taken.body).toMatchObject({ field: 'slug', message: 'A page with this address already exists.' });
      const made = await t.call('POST', '/admin-api/content-pages', { slug: 'shipping-info', title: 'Shipping', html: '<p>We ship worldwide.</p>', show_in_footer: true }, { token: admin });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect((await page('shipping-info')).body.data).toMatchObject({ title: 'Shipping', html: '<p>We ship worldwide.</p>' });
      expect((await shell()).footer_links).toContainEqual({ slug: 'shipping-info', title: 'Shipping' });
      // Unpublished: gone from the site and the footer.
      await t.call('PUT', '/admin-api/content-pages/shipping-info', { title: 'Shipping', html: '<p>Soon.</p>', show_in_footer: true, published: false }, { token: admin });
      expect((await page('shipping-info')).status).toBe(404);
      expect((await shell()).footer_links.map((l: { slug: string }) => l.slug)).not.toContain('shipping-info');
      expect((await t.call('DELETE', '/admin-api/content-pages/shipping-info', undefined, { token: admin })).status).toBe(200);
      expect((await t.call('GET', '/admin-api/content-pages/shipping-info', undefined, { token: admin })).status).toBe(404);
      await t.call('DELETE', '/admin-api/content-pages/terms-of-service', undefined, { token: admin });
      expect((await page('terms-of-service')).body.data.title).toBe('Terms of Service');
    });

    it('the contact form: a field problem is named and writes nothing; a message is an event in the inbox and a mail in the outbox', async () => {
      const noEmail = await writesNothing(() => t.call('POST', '/api/contact-us', { name: 'Ann', subject: 'Hi', message: 'Hello' }));
      expect(noEmail.status).toBe(400);
      expect(noEmail.body).toMatchObject({ field: 'email', message: 'Please enter an email.' });
      const badEmail = await writesNothing(() => t.call('POST', '/api/contact-us', { name: 'Ann', email: 'ann@', subject: 'Hi', message: 'Hello' }));
      expect(badEmail.body).toMatchObject({ field: 'email', message: 'Please enter a valid email.' });
      const noSubject = await writesNothing(() => t.call('POST', '/api/contact-us', { name: 'Ann', email: 'ann@example.com', subject: ' ', message: 'Hello' }));
      expect(noSubject.body).toMatchObject({ field: 'subject', message: 'Please enter a subject.' });
      const noMessage = await writesNothing(() => t.call('POST', '/api/contact-us', { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: '' }));
      expect(noMessage.body).toMatchObject({ field: 'message', message: 'Please enter a message.' });

      const sent = await t.call('POST', '/api/contact-us', { name: 'Ann Visitor', email: 'Ann@Example.com', subject: 'Refund question', message: 'Can I get a refund?' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.message).toBe('Thank you! Your message has been sent.');
      const events = await t.server.services.store.readStream(`contact-message-${sent.body.data._id}`);
      expect(events.map((e) => e.type)).toEqual(['ContactMessageReceived']);
      const inbox = await t.call('GET', '/admin-api/contact-messages', undefined, { token: admin });
      expect(inbox.status).toBe(200);
      expect(inbox.headers.get('x-unread-count')).toBe('1');
      expect(inbox.body[0]).toMatchObject({ id: sent.body.data._id, kind: 'contact', name: 'Ann Visitor', email: 'ann@example.com', subject: 'Refund question', status: 'new' });
      const outbox = await listOutbox(t.server.services.database, { range: [0, 10], filter: {} });
      const mail = outbox.rows.find((m: any) => m.subject.includes('Refund question')) as any;
      expect(mail).toMatchObject({ to: t.adminEmail });
      expect(mail.text).toContain('Can I get a refund?');
      expect((await t.call('GET', '/admin-api/contact-messages', undefined, { token: fan })).status).toBe(403);
      const read = await t.call('PUT', `/admin-api/contact-messages/${sent.body.data._id}`, { status: 'handled' }, { token: admin });
      expect(read.body.status).toBe('handled');
      expect((await t.call('GET', '/admin-api/contact-messages', undefined, { token: admin })).headers.get('x-unread-count')).toBe('0');
    });

    it('the like-the-website form works only when its setting is on, and then shows in the footer', async () => {
      const off = await writesNothing(() => t.call('POST', '/api/like-the-website', { name: 'Bo', email: 'bo@example.com', message: 'Love it' }));
      expect(off.status).toBe(403);
      const on = await t.call('POST', '/api/settings/contact-us-settings', { show_like_the_website_form: true, contact_us_email: 'creator@example.com' }, { token: admin });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect((await shell()).footer_links.at(-1)).toEqual({ slug: 'like-the-website', title: 'Like the Website?' });
      const r = await t.call('POST', '/api/like-the-website', { name: 'Bo', email: 'bo@example.com', message: 'Love it' });
      expect(r.status).toBe(200);
      const outbox = await listOutbox(t.server.services.database, { range: [0, 0], filter: {} });
      expect(outbox.rows[0]).toMatchObject({ to: 'creator@example.com' });
      expect((await t.call('POST', '/api/settings/contact-us-settings', { contact_us_email: 'nope' }, { token: admin })).body.field).toBe('contact_us_email');
    });

    it('contact messages are rate-limited per sender address', async () => {
      const send = () => t.call('POST', '/api/contact-us', { name: 'Cy', email: 'cy@example.com', subject: 'Again', message: 'Again' });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
      const limited = await writesNothing(send);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('You sent too many requests. Please wait a while then try again');
    });

    it('the announcement banner: defaults, field messages, a save that reopens it, If-Match, staff only', async () => {
      const got = await t.call('GET', '/api/get-announcement-banner-settings');
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({ is_announcement_banner_enabled_for_subscribers: false, promo_text_font_size: '25px|25px|30px|30px', font_sizes: ['25px', '25px', '30px', '30px'] });
      const etag = got.headers.get('etag')!;
      const bad = await writesNothing(() => t.call('POST', '/api/save-announcement-banner-settings', { ribbon_background_color: 'red' }, { token: admin }));
      expect(bad.body).toMatchObject({ field: 'ribbon_background_color', message: 'ribbon_background_color must be a colour like #121212.' });
      expect((await writesNothing(() => t.call('POST', '/api/save-announcement-banner-settings', { ribbon_padding_top: 500 }, { token: admin }))).body.field).toBe('ribbon_padding_top');
      expect((await writesNothing(() => t.call('POST', '/api/save-announcement-banner-settings', { is_announcement_banner_enabled_for_subscribers: true }, { token: fan }))).status).toBe(403);
      const saved = await t.call('POST', '/api/save-announcement-banner-settings', {
        is_announcement_banner_enabled_for_non_subscribers: true, non_subscriber_announcement_banner_text: 'Join this week for 20% off', promo_text_font_size: '10px|12px',
      }, { token: admin, headers: { 'if-match': etag } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ announcement_banner_revision: 1, font_sizes: ['25px', '25px', '30px', '30px'] });
      expect((await shell()).announcement_banner).toMatchObject({ non_subscriber_announcement_banner_text: 'Join this week for 20% off', announcement_banner_revision: 1 });
      const stale = await writesNothing(() => t.call('POST', '/api/save-announcement-banner-settings', { ribbon_padding_top: 4 }, { token: admin, headers: { 'if-match': etag } }));
      expect(stale.status).toBe(412);
      // A style change keeps a dismissed banner closed (same revision).
      const styled = await t.call('POST', '/api/save-announcement-banner-settings', { ribbon_padding_top: 4 }, { token: admin });
      expect(styled.body.data.announcement_banner_revision).toBe(1);
    });

    it('the miscellaneous pop-up (SH-39): off by default and unpublished, cleaned HTML, field messages, revision, staff only', async () => {
      const got = await t.call('GET', '/api/settings/miscellaneous-pop-up', undefined, { token: admin });
      expect(got.body.data).toEqual({ enabled: false, title: '', html: '', audience: 'everyone', revision: 0 });
      expect((await shell()).misc_pop_up).toBeNull();
      expect((await writesNothing(() => t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true, audience: 'admins' }, { token: admin }))).body.field).toBe('audience');
      expect((await writesNothing(() => t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true, title: 'x'.repeat(121) }, { token: admin }))).body).toMatchObject({ field: 'title', message: 'title cannot be more than 120 characters.' });
      expect((await writesNothing(() => t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: 'yes' }, { token: admin }))).body.field).toBe('enabled');
      expect((await writesNothing(() => t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true }, { token: fan }))).status).toBe(403);
      expect((await t.call('GET', '/api/settings/miscellaneous-pop-up', undefined, { token: fan })).status).toBe(403);
      const saved = await t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true, title: 'Holiday break', html: '<p onclick="x()">Back on the 3rd.</p><script>alert(1)</script>', audience: 'fans' }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Pop-up saved successfully.');
      expect(saved.body.data).toEqual({ enabled: true, title: 'Holiday break', html: '<p>Back on the 3rd.</p>', audience: 'fans', revision: 1 });
      // Published to its audience only: a signed-in fan reads it, a guest does not.
      expect((await t.call('GET', '/api/app_settings/get', undefined, { token: fan })).body.data.shell.misc_pop_up).toEqual(saved.body.data);
      expect((await shell()).misc_pop_up).toBeNull();
      // The same again: the revision stays (those who closed it are not asked again); a new text moves it.
      expect((await t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true, title: 'Holiday break', html: '<p>Back on the 3rd.</p>', audience: 'fans' }, { token: admin })).body.data.revision).toBe(1);
      expect((await t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: true, title: 'Holiday break', html: '<p>Back on the 4th.</p>', audience: 'fans' }, { token: admin })).body.data.revision).toBe(2);
      expect((await t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: false }, { token: admin })).body.data).toMatchObject({ enabled: false, revision: 2 });
      expect((await shell()).misc_pop_up).toBeNull();
    });

    it('the navbar (SH-06): names and padding with defaults, field messages, published to the fan site, staff only', async () => {
      const got = await t.call('GET', '/api/settings/navbar', undefined, { token: admin });
      expect(got.body.data).toEqual({ feed_navbar_name: 'Feed', membership_navbar_name: 'Membership', tips_navbar_name: 'Tips', gallery_navbar_name: 'Gallery', log_in_navbar_name: 'Log In', sign_up_navbar_name: 'Sign Up', navbar_padding: 0 });
      expect((await shell()).navbar).toEqual({ feed: 'Feed', membership: 'Membership', tips: 'Tips', gallery: 'Gallery', padding: 0 });
      expect((await writesNothing(() => t.call('POST', '/api/settings/navbar', { navbar_padding: 30 }, { token: admin }))).body).toMatchObject({ field: 'navbar_padding', message: 'navbar_padding must be between 0 and 24.' });
      expect((await writesNothing(() => t.call('POST', '/api/settings/navbar', { feed_navbar_name: '  ' }, { token: admin }))).body).toMatchObject({ field: 'feed_navbar_name', message: 'The feed label is required.' });
      expect((await writesNothing(() => t.call('POST', '/api/settings/navbar', { tips_navbar_name: 'x'.repeat(31) }, { token: admin }))).body.field).toBe('tips_navbar_name');
      expect((await writesNothing(() => t.call('POST', '/api/settings/navbar', { navbar_padding: 8 }, { token: fan }))).status).toBe(403);
      const saved = await t.call('POST', '/api/settings/navbar', { feed_navbar_name: 'Home', tips_navbar_name: 'Support me', navbar_padding: 8, log_in_navbar_name: 'Sign in' }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ feed_navbar_name: 'Home', tips_navbar_name: 'Support me', membership_navbar_name: 'Membership', navbar_padding: 8, log_in_navbar_name: 'Sign in' });
      expect((await shell()).navbar).toEqual({ feed: 'Home', membership: 'Membership', tips: 'Support me', gallery: 'Gallery', padding: 8 });
      expect((await t.call('GET', '/api/app_settings/get')).body.data.log_in_navbar_name).toBe('Sign in');
      await t.call('POST', '/api/settings/navbar', { feed_navbar_name: 'Feed', tips_navbar_name: 'Tips', navbar_padding: 0, log_in_navbar_name: 'Log In' }, { token: admin });
    });

    it('custom menu links: per-audience visibility, on/off, safe links only, staff only; the menu settings', async () => {
      const js = await writesNothing(() => t.call('POST', '/api/custom-menu/save', { name: 'Bad', url: 'javascript:alert(1)', audiences: ['guest'] }, { token: admin }));
      expect(js.body).toMatchObject({ field: 'url', message: 'url must start with https://, http:// or /.' });
      const none = await writesNothing(() => t.call('POST', '/api/custom-menu/save', { name: 'Nobody', url: '/x', audiences: [] }, { token: admin }));
      expect(none.body).toMatchObject({ field: 'audiences', message: 'Choose at least one audience.' });
      expect((await writesNothing(() => t.call('POST', '/api/custom-menu/save', { name: 'X', url: '/x', audiences: ['guest'] }, { token: fan }))).status).toBe(403);
      const shop = await t.call('POST', '/api/custom-menu/save', { name: 'Merch store', url: 'https://shop.example.com', open_in_new_tab: true, audiences: ['guest', 'user'] }, { token: admin });
      expect(shop.status, JSON.stringify(shop.body)).toBe(200);
      const id = shop.body.data.link._id;
      await t.call('POST', '/api/custom-menu/save', { name: 'Members lounge', url: '/lounge', audiences: ['subscriber', 'admin'] }, { token: admin });
      const names = async (token?: string) => ((await t.call('GET', '/api/custom-menu/get', undefined, { token })).body.data.links as { name: string }[]).map((l) => l.name);
      expect(await names()).toEqual(['Merch store']);
      expect(await names(fan)).toEqual(['Merch store']);
      expect(await names(admin)).toEqual(['Members lounge']);
      await t.call('POST', '/api/custom-menu/status/update', { _id: id, status: false }, { token: admin });
      expect(await names()).toEqual([]);
      const all = await t.call('GET', '/api/custom-menu/all/get', undefined, { token: admin });
      expect(all.body.data.links.map((l: { name: string; status: boolean }) => [l.name, l.status])).toEqual([['Merch store', false], ['Members lounge', true]]);
      await t.call('POST', '/api/custom-menu/delete', { _id: id }, { token: admin });
      expect((await t.call('POST', '/api/custom-menu/delete', { _id: id }, { token: admin })).status).toBe(404);
      const menu = await t.call('POST', '/api/settings/menu-settings', { links_menu: { guest: ['links'], user: ['tips', 'links'], subscriber: ['tips', 'chat', 'links'], admin: [], super_admin: [] } }, { token: admin });
      expect(menu.status, JSON.stringify(menu.body)).toBe(200);
      expect((await shell()).links_menu.guest).toEqual(['links']);
      const badMenu = await writesNothing(() => t.call('POST', '/api/settings/menu-settings', { links_menu: { guest: ['casino'], user: [], subscriber: [], admin: [], super_admin: [] } }, { token: admin }));
      expect(badMenu.body.field).toMatch(/^links_menu\.guest/);
    });
  });
}
