import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_BANNER_DEFAULTS, bannerFor, bannerFontSizes, menuAudience, shortMenuLabel, visibleMenuLinks, SHELL_DEFAULTS, type CustomMenuLink } from './shell';
import { footerLinks, pageOf, slugProblem, BUILT_IN_PAGES, PAGE_MESSAGES } from './content-pages';
import { checkContact, CONTACT_MESSAGES } from '../contact/contact-message';

const banner = { ...ANNOUNCEMENT_BANNER_DEFAULTS, is_announcement_banner_enabled_for_subscribers: true, is_announcement_banner_enabled_for_non_subscribers: true, subscriber_announcement_banner_text: 'S', non_subscriber_announcement_banner_text: 'N', announcement_banner_revision: 2 };

describe('announcement banner rules (spec 3 §3, §4)', () => {
  it('subscribers get the subscriber banner except on /subscribe; others the non-subscriber one; staff none', () => {
    expect(bannerFor(banner, { role: 'user', member: true, pathname: '/' })).toBe('subscriber');
    expect(bannerFor(banner, { role: 'user', member: true, pathname: '/subscribe' })).toBeNull();
    expect(bannerFor(banner, { role: 'user', member: false, pathname: '/subscribe' })).toBe('non_subscriber');
    expect(bannerFor(banner, { role: null, member: false, pathname: '/' })).toBe('non_subscriber');
    expect(bannerFor(banner, { role: 'proxy_user', member: true, pathname: '/' })).toBe('subscriber');
    for (const role of ['admin', 'super_admin', 'model', 'support'] as const) expect(bannerFor(banner, { role, member: false, pathname: '/' })).toBeNull();
  });
  it('off, empty text or dismissed at this revision shows nothing; an older dismissal does not count', () => {
    expect(bannerFor({ ...banner, is_announcement_banner_enabled_for_subscribers: false }, { role: 'user', member: true, pathname: '/' })).toBeNull();
    expect(bannerFor({ ...banner, non_subscriber_announcement_banner_text: '  ' }, { role: null, member: false, pathname: '/' })).toBeNull();
    expect(bannerFor(banner, { role: null, member: false, pathname: '/', dismissedRevision: 2 })).toBeNull();
    expect(bannerFor(banner, { role: null, member: false, pathname: '/', dismissedRevision: 1 })).toBe('non_subscriber');
  });
  it('font sizes: four sizes separated by a bar, else the default', () => {
    expect(bannerFontSizes('10px|12px|14px|16px')).toEqual(['10px', '12px', '14px', '16px']);
    expect(bannerFontSizes('10px|12px')).toEqual(['25px', '25px', '30px', '30px']);
    expect(bannerFontSizes('a|b|c|d')).toEqual(['25px', '25px', '30px', '30px']);
    expect(bannerFontSizes(null)).toEqual(['25px', '25px', '30px', '30px']);
  });
});

describe('custom menu links (spec 1 §2, spec 3 §2.3)', () => {
  const link = (id: string, audiences: CustomMenuLink['audiences'], position: number, status = true): CustomMenuLink => ({ id, name: id, url: '/x', open_in_new_tab: false, status, audiences, position });
  it('audience by role and membership; visible links in order, switched-off never', () => {
    expect(menuAudience(null, false)).toBe('guest');
    expect(menuAudience('user', false)).toBe('user');
    expect(menuAudience('user', true)).toBe('subscriber');
    expect(menuAudience('proxy_user', true)).toBe('subscriber');
    expect(menuAudience('model', false)).toBe('admin');
    expect(menuAudience('super_admin', false)).toBe('super_admin');
    const links = [link('b', ['guest'], 2), link('a', ['guest', 'user'], 1), link('c', ['guest'], 0, false)];
    expect(visibleMenuLinks(links, 'guest').map((l) => l.id)).toEqual(['a', 'b']);
    expect(visibleMenuLinks(links, 'user').map((l) => l.id)).toEqual(['a']);
  });
  it('a single link is its name shortened to 5 characters plus an ellipsis', () => {
    expect(shortMenuLabel('Merchandise')).toBe('Merch…');
    expect(shortMenuLabel('Shop')).toBe('Shop');
  });
});

describe('content pages', () => {
  const s = { content_pages: {}, model_name: 'Ana <b>', show_like_the_website_form: false };
  it('built-in pages have default texts with the creator name escaped; the footer lists the legal pages', () => {
    expect(BUILT_IN_PAGES.map((p) => p.slug)).toEqual(expect.arrayContaining(['terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq', 'contact-us']));
    expect(pageOf(s, 'terms-of-service')!.html).toContain('Ana &#60;b&#62;');
    expect(pageOf(s, 'nope')).toBeNull();
    expect(footerLinks(s).map((l) => l.slug)).toEqual(['terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq', 'contact-us']);
    expect(footerLinks({ ...s, show_like_the_website_form: true }).at(-1)!.slug).toBe('like-the-website');
  });
  it('slugs: lower-case words with dashes, none of the site\'s own paths', () => {
    expect(slugProblem('shipping-info')).toBeUndefined();
    expect(slugProblem('Shipping')).toBe(PAGE_MESSAGES.slugInvalid);
    expect(slugProblem('-x')).toBe(PAGE_MESSAGES.slugInvalid);
    expect(slugProblem('login')).toBe(PAGE_MESSAGES.slugTaken);
    expect(slugProblem('admin')).toBe(PAGE_MESSAGES.slugTaken);
  });
  it('the settings defaults hold no saved pages and no links', () => {
    expect(SHELL_DEFAULTS.content_pages).toEqual({});
    expect(SHELL_DEFAULTS.custom_menu_links).toEqual([]);
  });
});

describe('contact messages', () => {
  const ok = { kind: 'contact' as const, name: ' Ann ', email: 'Ann@Example.com ', subject: 'Hi', message: ' Hello ' };
  it('normalises and names the first field to fix', () => {
    expect(checkContact(ok)).toEqual({ kind: 'contact', name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' });
    expect(() => checkContact({ ...ok, name: '' })).toThrow(CONTACT_MESSAGES.nameRequired);
    expect(() => checkContact({ ...ok, email: 'x@' })).toThrow(CONTACT_MESSAGES.emailInvalid);
    expect(() => checkContact({ ...ok, subject: '' })).toThrow(CONTACT_MESSAGES.subjectRequired);
    expect(checkContact({ ...ok, kind: 'feedback', subject: '' }).subject).toBe('');
    expect(() => checkContact({ ...ok, message: 'x'.repeat(5001) })).toThrow(CONTACT_MESSAGES.messageTooLong);
  });
});
