import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { type ConsolePage } from '../consolePages';

/** Web push in the console (domain/access/pages.ts says who may open it). */
export const WEB_PUSH_PAGE = '/admin/settings/web-push-notification';
/** Subscription emails. */
export const SUBSCRIPTION_EMAIL_PAGE = '/admin/settings/subscription-email-notification';

export const PUSH_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Settings', to: '/settings/web-push-notification', page: WEB_PUSH_PAGE, label: 'Web push notifications', icon: NotificationsActiveOutlinedIcon, testId: 'menu-web-push-notification' },
  { group: 'Settings', to: '/settings/subscription-email-notification', page: SUBSCRIPTION_EMAIL_PAGE, label: 'Subscription emails', icon: MarkEmailReadOutlinedIcon, testId: 'menu-subscription-email-notification' },
];
