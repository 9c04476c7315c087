// Whether a fan-site path is a page, for the status the server answers with (200, or 404 with the app's
// not-found page). Routes of the app are known from the role table (domain/access/app-paths.ts); a single
// segment is a page only when the fan site's catch-all would show something there: a redirect the creator made
// to a path of this site, or a page the content-page call answers (published pages, and the maintenance text).
import { fanPathKind } from '../domain/access/app-paths';
import { pageOf } from '../domain/settings/content-pages';
import { isSameSitePath, normalisePath } from '../domain/redirect-url/redirect-url';
import { redirectFor } from '../projections/admin-tools';
import { currentSettings } from '../projections/settings';
import type { Services } from './services';

export function fanPageExists(services: Services) {
  return async (path: string): Promise<boolean> => {
    const kind = fanPathKind(path);
    if (kind !== 'slug') return kind === 'page';
    const slug = path.replaceAll('/', '');
    const db = services.database.db;
    const target = await redirectTarget(services, slug);
    if (target !== null && isSameSitePath(target)) return true;
    if (slug === 'maintenance') return true;
    return pageOf(await currentSettings(db), slug)?.published === true;
  };
}

async function redirectTarget(services: Services, slug: string): Promise<string | null> {
  let path: string;
  try {
    path = normalisePath(slug);
  } catch {
    return null;
  }
  return redirectFor(services.database.db, path);
}
