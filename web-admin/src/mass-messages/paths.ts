import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import { consolePath, type ConsolePage } from '../consolePages';

/** Console pages of mass and welcome messages (keys of ADMIN_PAGES, domain/access/pages.ts). */
export const MASS_MESSAGES_PAGE = '/admin/mass-messages';
export const MANAGE_MASS_MESSAGES_PAGE = '/admin/manage-mass-messages';
export const WELCOME_MESSAGES_PAGE = '/admin/welcome-messages';
export const MASS_PURCHASED_BY_PAGE = '/admin/purchased-by/mass-message/:_id/:promotion_id?';
export const WELCOME_PURCHASED_BY_PAGE = '/admin/purchased-by/welcome-message/:_id';
export const STAGGER_SETTINGS_PAGE = '/admin/settings/stagger-message-settings';

/** Paths inside the console's router (under /admin). */
export const MASS_MESSAGES_PATH = '/mass-messages';
export const MANAGE_MASS_MESSAGES_PATH = '/manage-mass-messages';
export const WELCOME_MESSAGES_PATH = '/welcome-messages';
export const STAGGER_SETTINGS_PATH = '/settings/stagger-message-settings';
export const massPurchasedByPath = (id: string, promotionId?: string | null) => consolePath('/purchased-by/mass-message', id, promotionId);
export const welcomePurchasedByPath = (id: string) => consolePath('/purchased-by/welcome-message', id);

/** Menu entries (AppMenu shows those the role may open). */
export const MASS_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Messages', to: MASS_MESSAGES_PATH, page: MASS_MESSAGES_PAGE, label: 'Mass messages', icon: CampaignOutlinedIcon, testId: 'menu-mass-messages' },
  { group: 'Messages', to: MANAGE_MASS_MESSAGES_PATH, page: MANAGE_MASS_MESSAGES_PAGE, label: 'Sent & scheduled', icon: ListAltIcon, testId: 'menu-manage-mass-messages' },
  { group: 'Messages', to: WELCOME_MESSAGES_PATH, page: WELCOME_MESSAGES_PAGE, label: 'Welcome messages', icon: WavingHandOutlinedIcon, testId: 'menu-welcome-messages' },
  { group: 'Settings', to: STAGGER_SETTINGS_PATH, page: STAGGER_SETTINGS_PAGE, label: 'Stagger messages', icon: ScheduleSendOutlinedIcon, testId: 'menu-stagger-settings' },
];
