// The settings registry as the console uses it: which pages a role sees, the icons of the groups and the
// Settings menu's entries (one per group, each opening the index on that group).
import type { ComponentType } from 'react';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MenuOpenOutlinedIcon from '@mui/icons-material/MenuOpenOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { mayOpenPage } from '../access';
import { existingPages, pageKeyOf, pathOf, SETTINGS_GROUPS, SETTINGS_PAGES, type SettingsGroupId, type SettingsPageEntry } from './registry';

export const GROUP_ICONS: Record<SettingsGroupId, ComponentType<{ fontSize?: 'small' | 'inherit' | 'medium' }>> = {
  look: PaletteOutlinedIcon,
  content: DynamicFeedOutlinedIcon,
  money: PaymentsOutlinedIcon,
  messages: ForumOutlinedIcon,
  pages: MenuOpenOutlinedIcon,
  site: LanguageOutlinedIcon,
  reports: InsightsOutlinedIcon,
};

/** The settings pages this role may open, in registry order. */
export function settingsPagesFor(role: unknown): SettingsPageEntry[] {
  return existingPages().filter(p => mayOpenPage(role, pageKeyOf(p)!));
}

/** Settings-menu entries: a group per area the role has pages in (shape of the other areas' CONSOLE_PAGES). */
export function settingsMenuGroups(role: unknown) {
  const mine = settingsPagesFor(role);
  return SETTINGS_GROUPS.filter(g => mine.some(p => p.group === g.id)).map(g => ({ to: `/settings?group=${g.id}`, label: g.label, icon: GROUP_ICONS[g.id], testId: `menu-settings-${g.id}` }));
}

/** Console paths the settings index lists: the menu leaves them out of the other areas' Settings entries. */
export const SETTINGS_INDEX_PATHS: ReadonlySet<string> = new Set(SETTINGS_PAGES.map(pathOf));
