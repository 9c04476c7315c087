// The console menu as data: what a role sees, by group and, in a group that has them, by sub-group (access.ts
// MENU_SECTIONS). AppMenu draws it; tests/access checks that every page stays reachable.
import type { ComponentType } from 'react';
import { MENU_GROUPS, MENU_SECTIONS, mayOpenPage, resourcesFor, type ConsoleResource } from '../access';
import { SUBSCRIPTION_CONSOLE_PAGES } from '../cancellations';
import { TIERS_CONSOLE_PAGES } from '../tiers/paths';
import { SHOP_CONSOLE_PAGES } from '../shop/paths';
import { BOOKING_CONSOLE_PAGES } from '../chat-booking/paths';
import { CHAT_CONSOLE_PAGES } from '../chat/paths';
import { CONSOLE_PAGES } from '../content-manager/paths';
import { HELP_CONSOLE_PAGES } from '../help/paths';
import { LIVE_CONSOLE_PAGES } from '../live/paths';
import { MASS_CONSOLE_PAGES } from '../mass-messages/paths';
import { PROMOTION_CONSOLE_PAGES } from '../promotions/paths';
import { PUSH_CONSOLE_PAGES } from '../push/paths';
import { REPORT_CONSOLE_PAGES } from '../reports/paths';
import { SHELL_CONSOLE_PAGES } from '../shell/paths';
import { TOOLS_CONSOLE_PAGES } from '../tools/paths';
import { PROVIDER_CONSOLE_PAGES } from '../payment-providers/menu';
import { SETTINGS_INDEX_PATHS, settingsMenuGroups } from '../settings-index/menu';
import type { ConsolePage } from '../consolePages';

/** A menu entry: a react-admin resource (which brings its own label and icon) or a page. */
export type MenuEntry =
  | { resource: ConsoleResource; to: string }
  | { resource?: undefined; to: string; label: string; icon: ComponentType; testId: string };

export interface MenuSection {
  /** null: the group's entries without a sub-group. */
  label: string | null;
  entries: MenuEntry[];
}

export interface MenuGroupView {
  label: string;
  /** Starts folded (the Advanced group); staff unfold it with one click, and the console remembers. */
  collapsed: boolean;
  sections: MenuSection[];
}

/** The areas' pages, in the order a group lists them after its resources. */
export const MENU_PAGES: readonly ConsolePage[] = [
  ...CONSOLE_PAGES, ...CHAT_CONSOLE_PAGES, ...PROMOTION_CONSOLE_PAGES, ...SUBSCRIPTION_CONSOLE_PAGES, ...TIERS_CONSOLE_PAGES, ...MASS_CONSOLE_PAGES,
  ...LIVE_CONSOLE_PAGES, ...SHELL_CONSOLE_PAGES, ...PUSH_CONSOLE_PAGES, ...HELP_CONSOLE_PAGES, ...TOOLS_CONSOLE_PAGES, ...REPORT_CONSOLE_PAGES,
  ...PROVIDER_CONSOLE_PAGES, ...SHOP_CONSOLE_PAGES, ...BOOKING_CONSOLE_PAGES,
];

/** A group's entries in its sub-groups (in their order), then those no sub-group names. */
function inSections(entries: readonly MenuEntry[], sections: readonly { label: string; paths: readonly string[] }[] | undefined): MenuSection[] {
  if (!sections) return [{ label: null, entries: [...entries] }];
  const byPath = new Map(entries.map(e => [e.to, e]));
  const named = new Set(sections.flatMap(s => s.paths));
  const out: MenuSection[] = sections.map(s => ({ label: s.label, entries: s.paths.flatMap(path => byPath.get(path) ?? []) }));
  out.push({ label: null, entries: entries.filter(e => !named.has(e.to)) });
  return out.filter(s => s.entries.length > 0);
}

/** The menu the role sees: only what it may open, groups with nothing in them left out. */
export function menuFor(role: unknown): MenuGroupView[] {
  const allowed = resourcesFor(role);
  return MENU_GROUPS.flatMap(group => {
    const resources: MenuEntry[] = group.resources.filter(r => allowed.includes(r)).map(resource => ({ resource, to: `/${resource}` }));
    // Pages the settings index lists are left out of the Settings group only (it has an entry per settings area);
    // Promotions and Coupons stay under Money, where staff use them every day.
    const pages = MENU_PAGES.filter(p => p.group === group.label && mayOpenPage(role, p.page) && !(group.label === 'Settings' && SETTINGS_INDEX_PATHS.has(p.to)));
    // Settings: the index (the settings resource) and one entry per area of the settings registry.
    const settingsAreas = group.label === 'Settings' ? settingsMenuGroups(role) : [];
    const entries = [...resources, ...settingsAreas, ...pages];
    return entries.length === 0 ? [] : [{ label: group.label, collapsed: group.collapsed === true, sections: inSections(entries, MENU_SECTIONS[group.label]) }];
  });
}
