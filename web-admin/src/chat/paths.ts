import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { type ConsolePage } from '../consolePages';

/** The staff side of private chat (domain/access/pages.ts says who may open it). */
export const CHAT_PAGE = '/admin/private-chat';
/** Chat settings and purchased-content settings (pages of the settings list). */
export const CHAT_SETTINGS_PAGE = '/admin/settings/chat-settings';
export const PURCHASED_CONTENT_SETTINGS_PAGE = '/admin/settings/purchased-content-settings';
export const CHAT_SETTINGS_PATH = '/settings/chat-settings';
export const PURCHASED_CONTENT_SETTINGS_PATH = '/settings/purchased-content-settings';

/** Menu entries (AppMenu shows them to the roles that may open the page). */
export const CHAT_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Messages', to: '/private-chat', page: CHAT_PAGE, label: 'Chat', icon: ForumOutlinedIcon, testId: 'menu-chat' },
  { group: 'Settings', to: CHAT_SETTINGS_PATH, page: CHAT_SETTINGS_PAGE, label: 'Chat settings', icon: TuneOutlinedIcon, testId: 'menu-chat-settings' },
  { group: 'Settings', to: PURCHASED_CONTENT_SETTINGS_PATH, page: PURCHASED_CONTENT_SETTINGS_PAGE, label: 'Purchased content', icon: ShoppingBagOutlinedIcon, testId: 'menu-purchased-content-settings' },
];
