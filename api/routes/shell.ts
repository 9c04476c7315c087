// The fan shell's pages, menus and banner. Everything here is a site setting
// (commands/shell.ts), so a save is a SiteSettingsUpdated event that open fan sites hear as SETTINGS_UPDATED and
// the console's edits carry the settings' ETag (If-Match → 412 on a stale edit).
//   GET  /api/pages/get_html?slug=                          a page's html (maintenance, built-in and custom pages)
//   GET  /admin-api/content-pages[/:id], PUT/POST/DELETE     the page editors (react-admin resource, id = slug)
//   GET  /api/get-announcement-banner-settings, POST /api/save-announcement-banner-settings  
//   GET  /api/custom-menu/get (the caller's links), /api/custom-menu/all/get, POST save, status/update, delete
//   GET/POST /api/settings/menu-settings, links-page-settings
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { SETTINGS_STREAM, type SiteSettings } from '../../domain/settings/settings';
import { allPages, pageOf, PAGE_MESSAGES, type ContentPage } from '../../domain/settings/content-pages';
import { bannerFieldsOf, bannerFontSizes, menuAudience, nextMiscPopUp, visibleMenuLinks, type CustomMenuLink } from '../../domain/settings/shell';
import { bannerTextsFor } from '../../domain/settings/shell-wire';
import { decideAccess } from '../../domain/access/routes';
import { deleteMenuLink, deletePage, saveAnnouncementBanner, saveMenuLink, savePage, setMenuLinkStatus } from '../../commands/shell';
import { updateSiteSettings } from '../../commands/settings';
import { currentSettings } from '../../projections/settings';
import { ok, parse } from '../http';
import { contextFor } from '../auth';
import { settle } from '../views';
import { editVersion, ifMatchRevision, setEtag, versioned } from '../edit-version';
import { announcementBannerBody, miscPopUpBody, navbarSettingsBody, linksPageBody, menuLinkBody, menuLinkIdBody, menuLinkStatusBody, menuSettingsBody, pageCreateBody, pageEditBody, pageSlug } from '../schemas/shell';
import { meOf, settingsViewerOf } from '../queries/account';
import type { Services } from '../services';

export const SHELL_MESSAGES = {
  bannerSaved: 'Announcement banner settings saved successfully.',
  menuSaved: 'Menu link saved successfully.',
  menuStatus: 'Menu link status updated successfully.',
  menuDeleted: 'Menu link deleted successfully.',
  settingsSaved: 'update settings successfully.',
  miscPopUpSaved: 'Pop-up saved successfully.',
} as const;

/** The announcement banner as the apps read it: the settings plus the four font sizes it resolves to. */
export function bannerView(s: SiteSettings) {
  const fields = bannerFieldsOf(s);
  return { ...fields, announcement_banner_revision: s.announcement_banner_revision, font_sizes: bannerFontSizes(s.promo_text_font_size) };
}

const linkView = (l: CustomMenuLink) => ({ _id: l.id, name: l.name, url: l.url, open_in_new_tab: l.open_in_new_tab, status: l.status, audiences: l.audiences, position: l.position });

const pageRecord = (p: ContentPage) => ({ id: p.slug, ...p });

export const shellRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const settings = () => currentSettings(db());
  const version = () => editVersion(services, SETTINGS_STREAM);
  /** Runs a settings command, waits for the read models and sends the new ETag. */
  const saved = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>) => Promise<unknown>) => {
    const ctx = contextFor(request, services);
    await run(ctx);
    await settle(services, ctx);
    setEtag(reply, await version());
    return ctx;
  };

  // ---- pages -------------------------------------------------------------------------------------------

  app.get('/api/pages/get_html', { schema: { querystring: z.object({ slug: pageSlug }) } }, async (request, reply) => {
    const { slug } = request.query;
    const s = await settings();
    if (slug === 'maintenance') return ok(reply, { slug, title: 'Maintenance', html: s.maintenance_html });
    const page = pageOf(s, slug);
    if (!page || !page.published) throw new DomainError(PAGE_MESSAGES.notFound, 'NOT_FOUND', 404);
    return ok(reply, { slug, title: page.title, html: page.html });
  });

  app.get('/admin-api/content-pages', async (_request, reply) => {
    const pages = allPages(await settings()).map(pageRecord);
    return reply.header('content-range', `content-pages 0-${Math.max(pages.length - 1, 0)}/${pages.length}`).send(pages);
  });
  app.get('/admin-api/content-pages/:id', { schema: { params: z.object({ id: pageSlug }) } }, async (request, reply) => {
    const v = await version();
    const page = pageOf(await settings(), request.params.id);
    if (!page) throw new DomainError(PAGE_MESSAGES.notFound, 'NOT_FOUND', 404);
    return reply.send(versioned(reply, v, pageRecord(page)));
  });
  // react-admin sends the whole record back: the page's own fields are read, the rest (id, slug, version, …) dropped.
  app.put('/admin-api/content-pages/:id', { schema: { params: z.object({ id: pageSlug }) } }, async (request, reply) => {
    const edit = parse(pageEditBody, request.body);
    const slug = request.params.id;
    await saved(request, reply, (ctx) => savePage(ctx, services.sanitizeHtml, slug, edit, { expectedRevision: ifMatchRevision(request) }));
    return reply.header('x-message', PAGE_MESSAGES.saved).send({ ...pageRecord(pageOf(await settings(), slug)!), version: await version() });
  });
  app.post('/admin-api/content-pages', { schema: { body: pageCreateBody } }, async (request, reply) => {
    const { slug, ...edit } = request.body;
    await saved(request, reply, (ctx) => savePage(ctx, services.sanitizeHtml, slug, edit, { create: true }));
    return reply.code(201).header('x-message', PAGE_MESSAGES.saved).send({ ...pageRecord(pageOf(await settings(), slug)!), version: await version() });
  });
  app.delete('/admin-api/content-pages/:id', { schema: { params: z.object({ id: pageSlug }) } }, async (request, reply) => {
    const slug = request.params.id;
    const before = pageOf(await settings(), slug);
    await saved(request, reply, (ctx) => deletePage(ctx, slug, ifMatchRevision(request)));
    return reply.header('x-message', PAGE_MESSAGES.deleted).send(before ? pageRecord(before) : { id: slug });
  });

  // ---- announcement banner ------------------------------------------------------------------------------

  // Those who edit the banner read it whole; anyone else (the route is public) only the text of their own audience.
  app.get('/api/get-announcement-banner-settings', async (request, reply) => {
    const [v, s] = [await version(), await settings()];
    setEtag(reply, v);
    const view = bannerView(s);
    if (decideAccess('POST /api/save-announcement-banner-settings', request.caller?.role ?? null) === 'allow') return ok(reply, { ...view, version: v });
    return ok(reply, { ...bannerTextsFor(view, await settingsViewerOf(services, request.caller)), font_sizes: view.font_sizes, version: v });
  });
  app.post('/api/save-announcement-banner-settings', { schema: { body: announcementBannerBody } }, async (request, reply) => {
    const changes = request.body as Partial<SiteSettings>;
    const ctx = await saved(request, reply, (c) => saveAnnouncementBanner(c, changes, ifMatchRevision(request)));
    return ok(reply, { ...bannerView(await settings()), version: await version() }, { message: SHELL_MESSAGES.bannerSaved, position: ctx.lastPosition });
  });

  // ---- custom menu links (get, save, status/update, all/get) ----------------------------------------------

  app.get('/api/custom-menu/get', async (request, reply) => {
    const caller = request.caller;
    const me = caller ? await meOf(services, caller.userId) : null;
    const member = !!me && (me.ccbillSubscriptionStatus === '2' || (me.ccbillSubscriptionStatus === '1' && (!me.expiration_date || Date.parse(me.expiration_date) > services.clock().getTime())));
    const s = await settings();
    return ok(reply, { links: visibleMenuLinks(s.custom_menu_links, menuAudience(caller?.role ?? null, member)).map(linkView) });
  });
  app.get('/api/custom-menu/all/get', async (_request, reply) => {
    const v = await version();
    setEtag(reply, v);
    const s = await settings();
    return ok(reply, { links: [...s.custom_menu_links].sort((a, b) => a.position - b.position).map(linkView), version: v });
  });
  app.post('/api/custom-menu/save', { schema: { body: menuLinkBody } }, async (request, reply) => {
    const { _id, ...edit } = request.body;
    let linkId = '';
    const ctx = await saved(request, reply, async (c) => (linkId = (await saveMenuLink(c, _id ?? null, edit, ifMatchRevision(request))).linkId));
    const link = (await settings()).custom_menu_links.find((l) => l.id === linkId)!;
    return ok(reply, { link: linkView(link) }, { message: SHELL_MESSAGES.menuSaved, position: ctx.lastPosition });
  });
  app.post('/api/custom-menu/status/update', { schema: { body: menuLinkStatusBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = await saved(request, reply, (c) => setMenuLinkStatus(c, b._id, b.status));
    return ok(reply, null, { message: SHELL_MESSAGES.menuStatus, position: ctx.lastPosition });
  });
  app.post('/api/custom-menu/delete', { schema: { body: menuLinkIdBody } }, async (request, reply) => {
    const ctx = await saved(request, reply, (c) => deleteMenuLink(c, request.body._id));
    return ok(reply, null, { message: SHELL_MESSAGES.menuDeleted, position: ctx.lastPosition });
  });

  // ---- navbar names and padding (the console's `navbar` settings page) ------------------------------------

  const navbarView = (s: SiteSettings) => ({
    feed_navbar_name: s.feed_navbar_name, membership_navbar_name: s.membership_navbar_name, tips_navbar_name: s.tips_navbar_name,
    gallery_navbar_name: s.gallery_navbar_name, log_in_navbar_name: s.log_in_navbar_name, sign_up_navbar_name: s.sign_up_navbar_name, navbar_padding: s.navbar_padding,
  });
  app.get('/api/settings/navbar', async (_request, reply) => {
    setEtag(reply, await version());
    return ok(reply, navbarView(await settings()));
  });
  app.post('/api/settings/navbar', { schema: { body: navbarSettingsBody } }, async (request, reply) => {
    const changes = request.body as Partial<SiteSettings>;
    const ctx = await saved(request, reply, (c) => updateSiteSettings(c, services.sanitizeHtml, changes, ifMatchRevision(request)));
    return ok(reply, navbarView(await settings()), { message: SHELL_MESSAGES.settingsSaved, position: ctx.lastPosition });
  });

  // ---- miscellaneous announcement popup (the `misc_pop_up` setting) ---------------------------------------

  app.get('/api/settings/miscellaneous-pop-up', async (_request, reply) => {
    setEtag(reply, await version());
    return ok(reply, (await settings()).misc_pop_up);
  });
  app.post('/api/settings/miscellaneous-pop-up', { schema: { body: miscPopUpBody } }, async (request, reply) => {
    const before = (await settings()).misc_pop_up;
    // Cleaned under the shared HTML policy before anything is recorded.
    const { revision: _r, ...current } = before;
    const edit = { ...current, ...request.body };
    const next = nextMiscPopUp(before, { ...edit, html: services.sanitizeHtml(edit.html) });
    const ctx = await saved(request, reply, (c) => updateSiteSettings(c, services.sanitizeHtml, { misc_pop_up: next }, ifMatchRevision(request)));
    return ok(reply, (await settings()).misc_pop_up, { message: SHELL_MESSAGES.miscPopUpSaved, position: ctx.lastPosition });
  });

  // ---- menu and links-page settings ----------------------------------------------------------------------

  app.get('/api/settings/menu-settings', async (_request, reply) => {
    setEtag(reply, await version());
    return ok(reply, { links_menu: (await settings()).links_menu });
  });
  app.post('/api/settings/menu-settings', { schema: { body: menuSettingsBody } }, async (request, reply) => {
    const body = request.body as Pick<SiteSettings, 'links_menu'>;
    const ctx = await saved(request, reply, (c) => updateSiteSettings(c, services.sanitizeHtml, { links_menu: body.links_menu }, ifMatchRevision(request)));
    return ok(reply, { links_menu: (await settings()).links_menu }, { message: SHELL_MESSAGES.settingsSaved, position: ctx.lastPosition });
  });
  app.get('/api/settings/links-page-settings', async (_request, reply) => {
    const s = await settings();
    setEtag(reply, await version());
    return ok(reply, { links_page_title: s.links_page_title, links_page_description: s.links_page_description });
  });
  app.post('/api/settings/links-page-settings', { schema: { body: linksPageBody } }, async (request, reply) => {
    const changes = request.body as Partial<SiteSettings>;
    const ctx = await saved(request, reply, (c) => updateSiteSettings(c, services.sanitizeHtml, changes, ifMatchRevision(request)));
    const s = await settings();
    return ok(reply, { links_page_title: s.links_page_title, links_page_description: s.links_page_description }, { message: SHELL_MESSAGES.settingsSaved, position: ctx.lastPosition });
  });
};
