// Legal and content pages: the built-in pages with their default
// texts for a fresh install, and custom pages by slug for the catch-all /:path. Stored in the site settings
// (`content_pages`, ./shell.ts); only saved pages are stored, so a built-in page shows its default until edited.
import { ValidationError } from '../shared/validation';
import type { StoredContentPage } from './shell';

export interface BuiltInPage {
  slug: string;
  title: string;
  /** The console editor's path (a console route), when the spec names one. */
  editor?: string;
  /** Listed in the footer. */
  footer: boolean;
  /** The default text; {model} is the creator's name. */
  html: string;
}

const para = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export const BUILT_IN_PAGES: readonly BuiltInPage[] = [
  {
    slug: 'terms-of-service', title: 'Terms of Service', editor: '/admin/edit-terms-of-service', footer: true,
    html: '<h2>Terms of Service</h2>' + para(
      'By using this site you agree to these terms. You must be at least 18 years old (21 where the law requires it) to register.',
      'A membership gives you access to {model}\'s exclusive content for as long as it is active. Memberships renew automatically until you cancel them from your profile; a cancelled membership stays active until the end of the period you paid for.',
      'Content on this site is for your personal use. Copying, sharing or reselling it is not allowed and ends your account.',
      'Purchases of individual content, tips and wallet top-ups are final unless the law says otherwise. Contact us if something went wrong with a payment.',
      'We may change these terms; the current version is always on this page.',
    ),
  },
  {
    slug: 'privacy-policy', title: 'Privacy Policy', editor: '/admin/edit-privacy-policy', footer: true,
    html: '<h2>Privacy Policy</h2>' + para(
      'We keep what we need to run your account: your name, email address, password (stored only as a secure hash), your membership and purchase history, and your messages with {model}.',
      'Card payments are handled by our payment provider. We never see or store your full card number or security code; we keep only the card brand, its last four digits and expiry date.',
      'We use cookies only to keep you signed in and to remember your choices, such as the age confirmation. We do not sell your data.',
      'You can change your details in your profile and ask us to delete your account through the contact page.',
    ),
  },
  {
    slug: 'dmca', title: 'DMCA', editor: '/admin/edit-dmca', footer: true,
    html: '<h2>DMCA Notice</h2>' + para(
      'All content on this site belongs to {model} and is protected by copyright.',
      'If you believe that material on this site infringes your copyright, send a notice through the contact page with: your contact details, a description of the work, the address of the material on this site, a statement that you believe in good faith that the use is not authorised, and a statement, under penalty of perjury, that your notice is accurate and that you are the owner or authorised to act for the owner.',
    ),
  },
  {
    slug: '2257', title: '18 U.S.C. 2257', editor: '/admin/edit-2257', footer: true,
    html: '<h2>18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement</h2>' + para(
      'All persons who appear in any visual depiction on this site were at least 18 years of age at the time the depiction was created.',
      'The records required by 18 U.S.C. 2257 and 28 C.F.R. 75 for the content on this site are kept by its custodian of records. Ask for the custodian\'s address through the contact page.',
    ),
  },
  {
    slug: 'content-removal', title: 'Content Removal', editor: '/admin/edit-content-removal', footer: true,
    html: '<h2>Content Removal</h2>' + para(
      'If you appear in content on this site and did not consent to it, or believe content here is unlawful, tell us through the contact page.',
      'Give the address of the content and the reason for your request. We review every request and remove content that should not be here, normally within 7 days.',
    ),
  },
  {
    slug: 'faq', title: 'FAQ', editor: '/admin/edit-faq', footer: true,
    html: '<h2>Frequently Asked Questions</h2>'
      + '<h3>How do I subscribe?</h3>' + para('Create an account, then choose Membership and pay by card or from your wallet.')
      + '<h3>How do I cancel?</h3>' + para('Open your profile and choose Cancel subscription. You keep access until the end of the period you paid for.')
      + '<h3>What does a locked post cost?</h3>' + para('Its price is shown on the post. Once you unlock it, it stays unlocked.')
      + '<h3>I have a problem with a payment.</h3>' + para('Write to us through the contact page and include the date and amount.'),
  },
  {
    slug: 'contact-us', title: 'Contact Us', footer: true,
    html: '<h2>Contact Us</h2>' + para('Questions about your membership, a payment or the site? Send us a message and we will answer by email.'),
  },
  {
    slug: 'like-the-website', title: 'Like the Website?', footer: false,
    html: '<h2>Like the Website?</h2>' + para('Tell {model} what you like about the site and what you would like to see next.'),
  },
  {
    slug: 'subscription-video', title: 'Membership', footer: false,
    html: '<h2>Join {model}</h2>' + para('Members see every exclusive post and video, chat with {model} and get new content first.'),
  },
  {
    slug: 'service-stopped', title: 'Service stopped', footer: false,
    html: '<h2>This service has stopped</h2>' + para('{model}\'s site no longer takes new members or payments. Thank you for your support.'),
  },
];

const BUILT_IN = new Map(BUILT_IN_PAGES.map((p) => [p.slug, p]));
export const isBuiltInPage = (slug: string): boolean => BUILT_IN.has(slug);

/**
 * Single-segment paths the fan site routes itself: a custom page may not take them.
 * Built-in page slugs are edited, not created.
 */
export const RESERVED_SLUGS = new Set([
  '', 'admin', 'api', 'media', 'ws', 'assets', 'home', 'landing', 'login', 'register', 'forgot-password', 'change-password', 'feed', 'membership', 'join',
  'subscribe', 'profile', 'upload-photo-id', 'tips', 'tips-list', 'private-chat', 'chat', 'purchased-contents', 'group-live-stream', 'live-stream',
  'shop', 'gallery', 'single-gallery', 'links', 'more-links', 'help', 'user-help', 'notification', 'user-notification', 'purchase-notification',
  'opt-in-email-verification', 'change-email-verification', 'book-slot', '404', 'maintenance', 'landing-page-preview', 'sw.js', 'manifest.webmanifest',
  'favicon.ico', 'robots.txt', 'index.html',
]);

export const PAGE_SLUG_MAX = 60;
export const PAGE_TITLE_MAX = 120;
export const PAGE_HTML_MAX = 100_000;

export const PAGE_MESSAGES = {
  slugInvalid: 'The address may hold only lower-case letters, digits and dashes, e.g. shipping-info.',
  slugTaken: 'This address is used by the site itself. Choose another one.',
  slugExists: 'A page with this address already exists.',
  titleRequired: 'Please enter a title.',
  notFound: 'Page not found.',
  builtInDelete: 'Built-in pages cannot be deleted; unpublish or edit them instead.',
  saved: 'Page saved successfully.',
  deleted: 'Page deleted successfully.',
} as const;

/** The slug rule for custom pages (undefined when acceptable). */
export function slugProblem(slug: string): string | undefined {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/.test(slug)) return PAGE_MESSAGES.slugInvalid;
  if (RESERVED_SLUGS.has(slug)) return PAGE_MESSAGES.slugTaken;
  return undefined;
}

export interface ContentPage extends StoredContentPage {
  slug: string;
  built_in: boolean;
  editor: string | null;
  /** Never saved: the default text. */
  is_default: boolean;
}

const fill = (html: string, model: string) => html.replaceAll('{model}', escapeHtml(model));
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page as shown (saved text, or the built-in default), or null for a slug with no page. */
export function pageOf(s: { content_pages: Record<string, StoredContentPage>; model_name: string }, slug: string): ContentPage | null {
  const saved = Object.hasOwn(s.content_pages, slug) ? s.content_pages[slug] : undefined;
  const builtIn = BUILT_IN.get(slug);
  if (saved) return { ...saved, slug, built_in: !!builtIn, editor: builtIn?.editor ?? null, is_default: false };
  if (!builtIn) return null;
  return {
    slug, title: builtIn.title, html: fill(builtIn.html, s.model_name), show_in_footer: builtIn.footer, published: true, updated_at: '',
    built_in: true, editor: builtIn.editor ?? null, is_default: true,
  };
}

/** Every page: the built-in ones in their order, then custom pages by title. */
export function allPages(s: { content_pages: Record<string, StoredContentPage>; model_name: string }): ContentPage[] {
  const custom = Object.keys(s.content_pages).filter((k) => !BUILT_IN.has(k)).map((k) => pageOf(s, k)!).sort((a, b) => a.title.localeCompare(b.title));
  return [...BUILT_IN_PAGES.map((p) => pageOf(s, p.slug)!), ...custom];
}

export interface FooterLink { slug: string; title: string }

/** The footer's links: published pages marked for the footer; /like-the-website only with show_like_the_website_form. */
export function footerLinks(s: { content_pages: Record<string, StoredContentPage>; model_name: string; show_like_the_website_form: boolean }): FooterLink[] {
  const links = allPages(s).filter((p) => p.published && p.show_in_footer && p.slug !== 'like-the-website').map((p) => ({ slug: p.slug, title: p.title }));
  if (s.show_like_the_website_form) {
    const like = pageOf(s, 'like-the-website')!;
    if (like.published) links.push({ slug: like.slug, title: like.title });
  }
  return links;
}

/** Checks a page edit; the HTML itself is cleaned by the caller under the shared HTML policy. */
export function checkPageEdit(edit: { title: string; html: string }): void {
  if (!edit.title.trim()) throw new ValidationError('title', PAGE_MESSAGES.titleRequired);
  if (edit.title.length > PAGE_TITLE_MAX) throw new ValidationError('title', `title cannot be more than ${PAGE_TITLE_MAX} characters.`);
  if (edit.html.length > PAGE_HTML_MAX) throw new ValidationError('html', `html cannot be more than ${PAGE_HTML_MAX} characters.`);
}
