// The settings registry against the spec and the server: every page of the spec's settings list is in it (built, or
// named with the package that builds it), every setting the API accepts has an input on some page, every input
// a page lists exists and is a setting the API accepts, and the search finds pages by title and by setting.
import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_CHANGES } from '../../api/schemas/site-settings';
import { DEFAULT_SETTINGS } from '../../domain/settings/settings';
import { ADMIN_PAGES } from '../../domain/access/pages';
import { buildFieldDefs } from '../../web-admin/src/settings-index/fields';
import { existingPages, pageKeyOf, pathOf, searchPages, SETTINGS_FORM_PAGE, SETTINGS_GROUPS, SETTINGS_PAGES } from '../../web-admin/src/settings-index/registry';

/** The spec's settings list (65 pages), as the spec names them (set-chat-availability/:page without its parameter). */
const SPEC_SETTINGS_PAGES = [
  'links-page-settings', 'landing-page-settings', 'upload-theme-image', 'background-settings',
  'chat-booking-settings', 'set-chat-availability', 'reporting-page', 'live-streaming-settings',
  'email-configuration', 'stagger-message-settings', 'purchased-content-settings', 'export-users', 'ccbill-settings',
  'aws-settings', 'platform-settings', 'purchase-notification-settings', 'pay-per-message', 'seo-setting',
  'ccbill-rest-api-settings', 'promotion-settings', 'menu-settings', 'subscription-page-settings',
  'tip-page-settings', 'signup-design', 'theme-2-settings', 'membership-price-settings', 'opt-in-report',
  'sticky-io-setting', 'website-settings', 'resubscribe-offer-settings', 'watermark', 'website', 'theme',
  'migrate-subscription', 'minimum-and-maximum-amounts', 'age-modal', 'contact-us-settings',
  'login-and-signup-title', 'miscellaneous-pop-up', 'shop', 'payment-setting', 'custom-menu-links',
  'miscellaneous-settings', 'csv-download', 'recaptcha-setting', 'timestamp-visibility', 'universal-block',
  'help-setting', 'public-post-setting', 'subscription-cancellation-reason', 'forum-pay-setting', 'comments',
  'hide-earnings', 'feed-tags', 'announcement-banner', 'show-payment-icons', 'chat-settings',
  'show-media-count-in-exclusive-content', 'navbar', 'web-push-notification', 'universal-login', 'coupon',
  'display-pagination-on-exclusive-content', 'subscription-email-notification', 'redis-cache',
];

/** Settings the API accepts that pages of their own edit (their own areas' forms), not the generic page. */
const OWN_PAGES: Record<string, string> = {
  chat_settings: '/admin/settings/chat-settings',
  purchased_content_settings: '/admin/settings/purchased-content-settings',
  stagger_min_hours: '/admin/settings/stagger-message-settings',
  stagger_max_hours: '/admin/settings/stagger-message-settings',
  stagger_previous_limit: '/admin/settings/stagger-message-settings',
  mass_message_default_delay_hours: '/admin/settings/stagger-message-settings',
  model_bio: '/admin/profile',
  show_creator_presence: '/admin/profile',
};

describe('settings registry', () => {
  const defs = buildFieldDefs();

  it('holds every page of the spec\'s settings list, once, each in a known group', () => {
    const slugs = SETTINGS_PAGES.map(p => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const spec = SPEC_SETTINGS_PAGES;
    expect(spec).toHaveLength(65);
    expect(spec.filter(s => !slugs.includes(s))).toEqual([]);
    for (const p of SETTINGS_PAGES) expect(SETTINGS_GROUPS.map(g => g.id), p.slug).toContain(p.group);
  });

  it('a page is a form of settings, a page of its own that exists, or names the package that builds it', () => {
    for (const p of SETTINGS_PAGES) {
      if (p.settings) expect(pageKeyOf(p)).toBe(SETTINGS_FORM_PAGE);
      else if (pageKeyOf(p) === null) expect(p.owner ?? `${p.slug}: no page and no owner`, p.slug).toMatch(/^P\d /);
      if (p.owner) expect(p.settings, p.slug).toBeUndefined();
    }
    expect(Object.hasOwn(ADMIN_PAGES, SETTINGS_FORM_PAGE)).toBe(true);
    // Deep links: every existing page is under /admin/settings/<slug> or at the path of its own page.
    for (const p of existingPages()) expect(pathOf(p) === `/settings/${p.slug}` || !!p.path, p.slug).toBe(true);
  });

  it('every input a page lists exists, is a site setting and is on the API\'s allow-list', () => {
    const allowed = Object.keys(SITE_SETTINGS_CHANGES.shape);
    for (const p of SETTINGS_PAGES)
      for (const key of p.settings ?? []) {
        expect(defs.has(key), `${p.slug}: no input for ${key}`).toBe(true);
        expect(Object.hasOwn(DEFAULT_SETTINGS, key), `${p.slug}: ${key} is not a setting`).toBe(true);
        expect(allowed, `${p.slug}: ${key}`).toContain(key);
      }
  });

  it('every setting the API accepts has an input with a help text on some page', () => {
    const onPages = new Set(SETTINGS_PAGES.flatMap(p => p.settings ?? []));
    const missing = Object.keys(SITE_SETTINGS_CHANGES.shape).filter(k => !onPages.has(k as never) && !OWN_PAGES[k]);
    expect(missing).toEqual([]);
    for (const page of new Set(Object.values(OWN_PAGES))) expect(Object.hasOwn(ADMIN_PAGES, page), page).toBe(true);
    for (const def of defs.values()) expect(def.help.length, def.source).toBeGreaterThan(10);
  });

  it('search finds pages by title, by page name and by a setting\'s key or label', () => {
    const labels = (p: (typeof SETTINGS_PAGES)[number]) => (p.settings ?? []).map(k => defs.get(k)?.label ?? '');
    const slugs = (q: string) => searchPages(SETTINGS_PAGES, q, labels).map(p => p.slug);
    expect(slugs('tip')).toEqual(expect.arrayContaining(['tip-page-settings', 'minimum-and-maximum-amounts']));
    expect(slugs('feed_tags_enable')).toEqual(['feed-tags']);
    expect(slugs('Secondary text colour')).toEqual(['theme']);
    expect(slugs('timestamp visibility')).toEqual(['timestamp-visibility']);
    expect(slugs('ga4')).toEqual(['website-settings']);
    expect(slugs('nothing like this')).toEqual([]);
    expect(slugs('')).toHaveLength(SETTINGS_PAGES.length);
  });
});
