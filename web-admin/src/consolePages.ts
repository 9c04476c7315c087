// What every console area's paths.ts shares (below the areas and the layout, so neither imports the other for it): the shape of its menu entries (AppMenu lists them to the roles that
// may open the page) and the builder of its links with parameters. The areas keep their own path names.
import type { SvgIconComponent } from '@mui/icons-material';

/** A console page that is not a react-admin resource, as the menu lists it. */
export interface ConsolePage {
  /** The menu group (access.ts MENU_GROUPS). */
  group: string;
  /** The path inside the console's router (under /admin). */
  to: string;
  /** The key of ADMIN_PAGES (domain/access/pages.ts) that says who may open it. */
  page: string;
  label: string;
  icon: SvgIconComponent;
  testId: string;
}

/**
 * A path inside the console's router: `base` and then each segment, encoded; a missing segment (an optional route
 * parameter: null, undefined or '') is left out.
 */
export const consolePath = (base: string, ...segments: readonly (string | null | undefined)[]): string =>
  base + segments.map(s => (s ? `/${encodeURIComponent(s)}` : '')).join('');
