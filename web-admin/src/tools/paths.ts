import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import AltRouteOutlinedIcon from '@mui/icons-material/AltRouteOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { type ConsolePage } from '../consolePages';

/** The console's admin tools (domain/access/pages.ts says who may open each). */
export const SUPER_ADMIN_TOOLS_PAGE = '/admin/super-admin-tools';
export const LOOKUP_PAGE = '/admin/super-admin-tools/lookup';
export const STICKY_IO_LOOKUP_PAGE = '/admin/super-admin-tools/sticky-io-lookup';
export const SUBSCRIPTION_URL_PAGE = '/admin/generate-subscription-url';
export const USER_CARDS_PAGE = '/admin/user-card-list';
export const HEALTH_PAGE = '/admin/health-info';
export const REDIRECT_EDIT_PAGE = '/admin/redirect-url/:route?';
export const REDIRECT_LIST_PAGE = '/admin/list-redirect-url';
export const LOGS_PAGE = '/admin/logs';
export const BANNER_IMAGE_TEXT_PAGE = '/admin/banner-image-text';
export const LOCKED_CONTENT_PAGE = '/admin/locked-exclusive-content';

export const TOOLS_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: '/generate-subscription-url', page: SUBSCRIPTION_URL_PAGE, label: 'Subscription links', icon: LinkOutlinedIcon, testId: 'menu-subscription-url' },
  { group: 'Money', to: '/user-card-list', page: USER_CARDS_PAGE, label: 'Saved cards', icon: CreditCardOutlinedIcon, testId: 'menu-user-cards' },
  { group: 'Settings', to: '/list-redirect-url', page: REDIRECT_LIST_PAGE, label: 'Redirect URLs', icon: AltRouteOutlinedIcon, testId: 'menu-redirect-urls' },
  { group: 'Advanced', to: '/super-admin-tools', page: SUPER_ADMIN_TOOLS_PAGE, label: 'Admin tools', icon: BuildOutlinedIcon, testId: 'menu-super-admin-tools' },
  { group: 'Advanced', to: '/health-info', page: HEALTH_PAGE, label: 'Health', icon: MonitorHeartOutlinedIcon, testId: 'menu-health' },
  { group: 'Advanced', to: '/logs', page: LOGS_PAGE, label: 'Logs', icon: ReceiptLongOutlinedIcon, testId: 'menu-logs' },
];
