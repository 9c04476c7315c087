// Fan-shell changes (issue 16): content pages, custom menu links, the menu settings and the announcement banner.
// All are site settings (stream `site-settings`), so each save is one SiteSettingsUpdated event that open fan sites
// hear as SETTINGS_UPDATED; `expectedRevision` is the console's If-Match (a stale edit is a 412).
import { DomainError } from '../domain/shared/decider';
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../domain/settings/settings';
import { checkPageEdit, isBuiltInPage, PAGE_MESSAGES, slugProblem } from '../domain/settings/content-pages';
import { ValidationError } from '../domain/shared/validation';
import type { CustomMenuLink } from '../domain/settings/shell';
import { handle, type CommandContext } from './handle';

const update = (ctx: CommandContext, changesOf: (s: SiteSettings) => Partial<SiteSettings>, expectedRevision?: number) =>
  handle(ctx, SETTINGS_STREAM, settingsDecider, (state) => ({ type: 'UpdateSettings' as const, changes: changesOf(state) }), { expectedRevision, editing: 'setting' });

export interface PageEdit {
  title: string;
  html: string;
  show_in_footer: boolean;
  published: boolean;
}

/**
 * Saves a built-in or an existing custom page (`create`: a new custom page, whose slug must be free). `clean` is the
 * shared HTML policy's cleaner (infra/html/sanitize.ts sanitizeHtml), applied before anything is written.
 */
export async function savePage(ctx: CommandContext, clean: (html: string) => string, slug: string, edit: PageEdit, opts: { create?: boolean; expectedRevision?: number } = {}) {
  checkPageEdit(edit);
  const html = clean(edit.html);
  return update(ctx, (s) => {
    const exists = Object.hasOwn(s.content_pages, slug);
    if (opts.create) {
      const problem = slugProblem(slug);
      if (problem) throw new ValidationError('slug', problem);
      if (exists || isBuiltInPage(slug)) throw new ValidationError('slug', PAGE_MESSAGES.slugExists);
    } else if (!exists && !isBuiltInPage(slug)) throw new DomainError(PAGE_MESSAGES.notFound, 'NOT_FOUND', 404);
    return { content_pages: { ...s.content_pages, [slug]: { title: edit.title.trim(), html, show_in_footer: edit.show_in_footer, published: edit.published, updated_at: ctx.now() } } };
  }, opts.expectedRevision);
}

/** Removes a custom page; a built-in page goes back to its default text (its saved version is dropped). */
export async function deletePage(ctx: CommandContext, slug: string, expectedRevision?: number) {
  return update(ctx, (s) => {
    if (!Object.hasOwn(s.content_pages, slug)) {
      if (isBuiltInPage(slug)) return {};
      throw new DomainError(PAGE_MESSAGES.notFound, 'NOT_FOUND', 404);
    }
    const { [slug]: _gone, ...rest } = s.content_pages;
    return { content_pages: rest };
  }, expectedRevision);
}

export type MenuLinkEdit = Omit<CustomMenuLink, 'id' | 'position'> & { position?: number };

/** Adds (no id) or changes a custom menu link. */
export async function saveMenuLink(ctx: CommandContext, id: string | null, edit: MenuLinkEdit, expectedRevision?: number) {
  const linkId = id ?? ctx.newId();
  const r = await update(ctx, (s) => {
    const links = s.custom_menu_links;
    const at = links.findIndex((l) => l.id === linkId);
    if (id && at < 0) throw new DomainError('Menu link not found.', 'NOT_FOUND', 404);
    const position = edit.position ?? (at >= 0 ? links[at].position : links.reduce((m, l) => Math.max(m, l.position + 1), 0));
    const link: CustomMenuLink = { id: linkId, name: edit.name, url: edit.url, open_in_new_tab: edit.open_in_new_tab, status: edit.status, audiences: edit.audiences, position };
    return { custom_menu_links: at >= 0 ? links.map((l, i) => (i === at ? link : l)) : [...links, link] };
  }, expectedRevision);
  return { ...r, linkId };
}

export const setMenuLinkStatus = (ctx: CommandContext, id: string, status: boolean) =>
  update(ctx, (s) => {
    if (!s.custom_menu_links.some((l) => l.id === id)) throw new DomainError('Menu link not found.', 'NOT_FOUND', 404);
    return { custom_menu_links: s.custom_menu_links.map((l) => (l.id === id ? { ...l, status } : l)) };
  });

export const deleteMenuLink = (ctx: CommandContext, id: string) =>
  update(ctx, (s) => {
    if (!s.custom_menu_links.some((l) => l.id === id)) throw new DomainError('Menu link not found.', 'NOT_FOUND', 404);
    return { custom_menu_links: s.custom_menu_links.filter((l) => l.id !== id) };
  });

/** Banner settings; a change of either text (or switching a banner on) shows it again to fans who dismissed it. */
export const saveAnnouncementBanner = (ctx: CommandContext, changes: Partial<SiteSettings>, expectedRevision?: number) =>
  update(ctx, (s) => {
    const reopen =
      (changes.subscriber_announcement_banner_text !== undefined && changes.subscriber_announcement_banner_text !== s.subscriber_announcement_banner_text) ||
      (changes.non_subscriber_announcement_banner_text !== undefined && changes.non_subscriber_announcement_banner_text !== s.non_subscriber_announcement_banner_text) ||
      (changes.is_announcement_banner_enabled_for_subscribers === true && !s.is_announcement_banner_enabled_for_subscribers) ||
      (changes.is_announcement_banner_enabled_for_non_subscribers === true && !s.is_announcement_banner_enabled_for_non_subscribers);
    return reopen ? { ...changes, announcement_banner_revision: s.announcement_banner_revision + 1 } : changes;
  }, expectedRevision);
