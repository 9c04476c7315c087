// SEO and the platform settings: the fan site's <head> tags, /sitemap.xml and /robots.txt.
// Pure: the server reads the settings, the posts and the pages, and serves what these build. The settings these
// pages edit are site settings (domain/settings/site-config-settings.ts).

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeXml = escapeHtml;

/** Absolute address of a path or media link on the site. */
export const absolute = (base: string, link: string) => (/^https?:\/\//.test(link) ? link : `${base.replace(/\/+$/, '')}${link.startsWith('/') ? '' : '/'}${link}`);

export interface HeadInput {
  title: string;
  description: string;
  image: string | null;
  noindex: boolean;
  language: string;
  baseUrl: string;
  path: string;
}

/** The tags the served index.html carries (title, description, Open Graph, Twitter card, canonical, robots). */
export function headTags(h: HeadInput): string {
  const url = absolute(h.baseUrl, h.path);
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    h.description ? `<meta name="description" content="${escapeHtml(h.description)}" />` : '',
    h.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    h.description ? `<meta property="og:description" content="${escapeHtml(h.description)}" />` : '',
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${escapeHtml(h.language.replace('-', '_'))}" />`,
    h.image ? `<meta property="og:image" content="${escapeHtml(absolute(h.baseUrl, h.image))}" />` : '',
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(h.title)}" />`,
    h.description ? `<meta name="twitter:description" content="${escapeHtml(h.description)}" />` : '',
    h.image ? `<meta name="twitter:image" content="${escapeHtml(absolute(h.baseUrl, h.image))}" />` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** index.html with the built <title> replaced by the site's tags and <html lang> set. */
export function withHead(indexHtml: string, h: HeadInput): string {
  const tags = headTags(h);
  const lang = indexHtml.replace(/<html([^>]*)\blang="[^"]*"/i, `<html$1lang="${escapeHtml(h.language)}"`);
  return /<title>[\s\S]*?<\/title>/i.test(lang) ? lang.replace(/<title>[\s\S]*?<\/title>/i, () => tags) : lang.replace(/<\/head>/i, () => `${tags}\n  </head>`);
}

export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

export function sitemapXml(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(absolute(baseUrl, e.path))}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything closed when indexing is discouraged; otherwise the console and API closed, the sitemap named. */
export function robotsTxt(baseUrl: string, discourage: boolean): string {
  if (discourage) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${absolute(baseUrl, '/sitemap.xml')}\n`;
}

/** The app's own public pages the sitemap lists before the content pages and posts. */
export const SITEMAP_PAGES = ['/', '/join', '/tips'] as const;
/** Content pages that are not meant to be found: the service notice and the feedback form. */
export const SITEMAP_SKIPPED_PAGES = new Set(['service-stopped', 'like-the-website']);

/** BCP 47 language tag, as the platform page accepts it. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;
