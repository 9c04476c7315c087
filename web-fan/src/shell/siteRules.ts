// Small whole-site rules of the fan shell.

/** "?offers and ?feed query strings redirect to /": old campaign links land on the home page. */
export function queryRedirect(pathname: string, search: string): string | null {
  const q = new URLSearchParams(search);
  if (!q.has('offers') && !q.has('feed')) return null;
  return '/';
}

/**
 * "Context menu disabled except on demo hosts". A demo host is one whose first label is or ends in "demo"
 * (demo.example.com, creator-demo.example.com). Fields that take text keep their menu (paste, spelling).
 */
export const isDemoHost = (hostname: string): boolean => /^(?:[a-z0-9-]*-)?demo$/i.test(hostname.split('.')[0] ?? '');

export function blocksContextMenu(hostname: string, target: { tagName?: string; isContentEditable?: boolean } | null): boolean {
  if (isDemoHost(hostname)) return false;
  const tag = (target?.tagName ?? '').toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || target?.isContentEditable) return false;
  return true;
}
