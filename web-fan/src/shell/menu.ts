// The visitor's audience for the custom menu links and the menu lists (domain/settings/shell.ts).
import { menuAudience, visibleMenuLinks, type CustomMenuLink, type MenuItem } from '../../../domain/settings/shell';
import { useAuth } from '../auth';
import { isMember } from '../format';

export function useMenuLinks(): { links: CustomMenuLink[]; items: MenuItem[] } {
  const { me, settings } = useAuth();
  const shell = settings?.shell;
  const audience = menuAudience(me?.role ?? null, isMember(me));
  return { links: shell ? visibleMenuLinks(shell.custom_menu_links, audience) : [], items: shell?.links_menu[audience] ?? [] };
}

export const isExternal = (url: string) => /^https?:\/\//.test(url);
