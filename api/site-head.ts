// The site's public address as a request sees it, and the fan site's index.html with its SEO head tags (api/web.ts
// serves it for every fan page; the rules are domain/site-config/views.ts and seo.ts).
import type { FastifyRequest } from 'fastify';
import type { SiteSettings } from '../domain/settings/settings';
import { withHead } from '../domain/site-config/seo';
import { fanHead, siteBaseUrl } from '../domain/site-config/views';
import { currentSettings } from '../projections/settings';
import type { Services } from './services';

/** The site's public address: the platform setting, else FANCLUB_PUBLIC_URL, else the address the request came to. */
export const siteUrlOf = (services: Services, s: Pick<SiteSettings, 'site_url'>, request: FastifyRequest): string =>
  siteBaseUrl(s.site_url, services.config.FANCLUB_PUBLIC_URL, `${request.protocol}://${request.host}`);

/** The fan site's index.html with the SEO tags. */
export function fanIndexHead(services: Services) {
  return async (html: string, request: FastifyRequest) => {
    const s = await currentSettings(services.database.db);
    return withHead(html, fanHead(s, siteUrlOf(services, s, request), request.url.split('?')[0]));
  };
}
