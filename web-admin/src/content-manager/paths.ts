import PermMediaIcon from '@mui/icons-material/PermMedia';
import { type ConsolePage } from '../consolePages';

/** The Content Manager's page (domain/access/pages.ts says who may open it). */
export const CONTENT_MANAGER_PAGE = '/admin/content-manager';

/** Console pages that are not react-admin resources, by menu group (AppMenu shows those the role may open). */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Content', to: '/content-manager', page: CONTENT_MANAGER_PAGE, label: 'Content Manager', icon: PermMediaIcon, testId: 'menu-content-manager' },
];
