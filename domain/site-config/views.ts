// What the site configuration pages and the public SEO answers are built
// from: the settings each page shows, the site's public address, the fan page's head, the sitemap's entries and
// the CSV page's list. Pure: the server reads the settings, the environment and the posts, and serves these.
import type { SiteSettings } from '../settings/settings';
import { allPages } from '../settings/content-pages';
import type { Role } from '../shared/wire';
import { API_ACCESS, decideAccess } from '../access/routes';
import { BOT_CHECK_ACTIONS } from './bot-check';
import { SITEMAP_PAGES, SITEMAP_SKIPPED_PAGES, type HeadInput, type SitemapEntry } from './seo';

const pick = <K extends keyof SiteSettings>(s: SiteSettings, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<SiteSettings, K>;
const SEO_KEYS = ['seo_title', 'seo_description', 'seo_image_url', 'seo_discourage_indexing'] as const;
const PLATFORM_KEYS = ['site_url', 'site_language'] as const;
const RECAPTCHA_KEYS = ['is_recaptcha_enabled', 'bot_check_difficulty'] as const;

/** The site's public address: the platform setting, else FANCLUB_PUBLIC_URL, else the address the request came to. */
export function siteBaseUrl(siteUrl: string, publicUrlEnv: string | undefined, requestOrigin: string): string {
  if (siteUrl) return siteUrl;
  if (publicUrlEnv) return publicUrlEnv.replace(/\/+$/, '');
  return requestOrigin;
}

// ---- the settings pages ----------------------------------------------------------------------------------

export const seoSettingsView = (s: SiteSettings) => pick(s, SEO_KEYS);

/** The bot check's page: its switch and difficulty, what kind of check it is and where it applies. */
export const botCheckSettingsView = (s: SiteSettings) => ({ ...pick(s, RECAPTCHA_KEYS), kind: 'proof-of-work' as const, actions: BOT_CHECK_ACTIONS });

/** The platform page: the saved address and language, and what they fall back to and run on (from the environment). */
export const platformSettingsView = (
  s: SiteSettings,
  env: { effectiveSiteUrl: string; publicUrl: string | undefined; postgres: boolean; eventStore: string },
) => ({
  ...pick(s, PLATFORM_KEYS),
  effective_site_url: env.effectiveSiteUrl,
  public_url_env: env.publicUrl ?? null,
  database: env.postgres ? ('postgres' as const) : ('pglite' as const),
  event_store: env.eventStore,
});

/** The S3 settings the environment gives (infra/config.ts), as far as the storage page may show them. */
export interface S3Facts {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  forcePathStyle: boolean;
}

/** The storage page (read-only: the environment decides). */
export const storageSettingsView = (s3: S3Facts | null, maxUploadMb: number) => ({
  source: 'environment' as const,
  storage: s3 ? ('s3' as const) : ('local' as const),
  bucket: s3?.bucket ?? null,
  endpoint: s3?.endpoint ?? null,
  region: s3?.region ?? null,
  force_path_style: s3?.forcePathStyle ?? null,
  // Whether credentials are given, never what they are (nor any part of them).
  credentials: s3 ? (s3.accessKeyId ? ('set' as const) : ('default chain' as const)) : null,
  max_upload_mb: maxUploadMb,
});

/** The cache page (read-only): the in-process read cache and how many nodes share the work. */
export const cacheSettingsView = (enabled: boolean, severalNodes: boolean) =>
  ({ source: 'environment' as const, kind: 'in-process' as const, enabled, variable: 'FANCLUB_READ_CACHE', nodes: severalNodes ? 'several (Kafka)' : 'one' });

// ---- the public SEO answers -------------------------------------------------------------------------------

/** The fan page's head: the SEO settings, else the creator's name and images. */
export const fanHead = (s: SiteSettings, baseUrl: string, path: string): HeadInput => ({
  title: s.seo_title || s.model_name,
  description: s.seo_description,
  image: s.seo_image_url ?? s.model_cover_url ?? s.model_avatar_url,
  noindex: s.seo_discourage_indexing,
  language: s.site_language,
  baseUrl,
  path,
});

/** The sitemap: the app's public pages, the published content pages meant to be found, then the public posts given. */
export function sitemapEntries(s: SiteSettings, posts: readonly { id: string; publishedAt: string }[]): SitemapEntry[] {
  return [
    ...SITEMAP_PAGES.map((p) => ({ path: p })),
    ...allPages(s).filter((p) => p.published && !SITEMAP_SKIPPED_PAGES.has(p.slug)).map((p) => ({ path: `/${p.slug}`, lastmod: p.updated_at || null })),
    ...posts.map((p) => ({ path: `/feed/${p.id}`, lastmod: p.publishedAt })),
  ];
}

// ---- the CSV page ----------------------------------------------------------------------------------------

/** The exports the CSV page offers: each list's server CSV (GET /admin-api/<resource>/export). */
const EXPORTS = [
  { resource: 'users', label: 'Users', list: '/users' },
  { resource: 'subscribers', label: 'Subscribers', list: '/subscribers' },
  { resource: 'transactions', label: 'Transactions', list: '/transactions' },
  { resource: 'cancellations', label: 'Cancellations', list: '/cancellation' },
  { resource: 'promotions', label: 'Promotion reports', list: '/promotion-reports' },
  { resource: 'contact-messages', label: 'Contact inbox', list: '/contact-messages' },
] as const;

/** The exports a role may download (the route table decides, as it does for the export itself). */
export const csvExportsFor = (role: Role | null) =>
  EXPORTS.filter((e) => decideAccess(`GET /admin-api/${e.resource}/export`, role) === 'allow' && Object.hasOwn(API_ACCESS, `GET /admin-api/${e.resource}/export`));
