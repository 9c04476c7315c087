// The tiers and bundles pages (/admin/membership-tiers): who may open them is domain/access/pages.ts; the menu lists
// the page under Money → Memberships, beside the subscribers and cancellations.
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ConsolePage } from '../consolePages';

export const TIERS_PAGE = '/admin/membership-tiers';
export const TIER_CREATE_PAGE = '/admin/membership-tiers/create';
export const TIER_EDIT_PAGE = '/admin/membership-tiers/:id';
export const TIERS_PATH = '/membership-tiers';

export const TIERS_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: TIERS_PATH, page: TIERS_PAGE, label: 'Tiers', icon: WorkspacePremiumIcon, testId: 'menu-membership-tiers' },
];
