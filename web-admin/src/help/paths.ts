import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { type ConsolePage } from '../consolePages';

/** Help items and the staff notification settings in the console (domain/access/pages.ts says who). */
export const HELP_SETTING_PAGE = '/admin/settings/help-setting';
export const PURCHASE_NOTIFICATION_SETTINGS_PAGE = '/admin/settings/purchase-notification-settings';

export const HELP_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Settings', to: '/settings/help-setting', page: HELP_SETTING_PAGE, label: 'Help items', icon: HelpOutlineOutlinedIcon, testId: 'menu-help-setting' },
  { group: 'Settings', to: '/settings/purchase-notification-settings', page: PURCHASE_NOTIFICATION_SETTINGS_PAGE, label: 'Notification settings', icon: NotificationsOutlinedIcon, testId: 'menu-purchase-notification-settings' },
];
