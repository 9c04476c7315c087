import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { type ConsolePage } from '../consolePages';

/** Fan-shell pages in the console (domain/access/pages.ts says who may open each). */
export const PAGES_PAGE = '/admin/content-pages';
export const CONTACT_INBOX_PAGE = '/admin/contact-messages';
export const BANNER_PAGE = '/admin/settings/announcement-banner';
export const MENU_LINKS_PAGE = '/admin/settings/custom-menu-links';
export const MENU_SETTINGS_PAGE = '/admin/settings/menu-settings';
export const LINKS_PAGE_SETTINGS_PAGE = '/admin/settings/links-page-settings';
export const CONTACT_SETTINGS_PAGE = '/admin/settings/contact-us-settings';
export const MAINTENANCE_PAGE = '/admin/edit-maintenance-mode';
export const MISC_POPUP_PAGE = '/admin/settings/miscellaneous-pop-up';

/** The spec's editor paths (console routes) → the page they edit. */
export const EDITOR_PATHS: Record<string, string> = {
  '/edit-terms-of-service': 'terms-of-service',
  '/edit-privacy-policy': 'privacy-policy',
  '/edit-dmca': 'dmca',
  '/edit-2257': '2257',
  '/edit-faq': 'faq',
  '/edit-content-removal': 'content-removal',
};

export const SHELL_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Messages', to: '/contact-messages', page: CONTACT_INBOX_PAGE, label: 'Contact inbox', icon: MailOutlineIcon, testId: 'menu-contact-messages' },
  { group: 'Settings', to: '/content-pages', page: PAGES_PAGE, label: 'Pages', icon: ArticleOutlinedIcon, testId: 'menu-content-pages' },
  { group: 'Settings', to: '/settings/announcement-banner', page: BANNER_PAGE, label: 'Announcement banner', icon: CampaignOutlinedIcon, testId: 'menu-announcement-banner' },
  { group: 'Settings', to: '/settings/custom-menu-links', page: MENU_LINKS_PAGE, label: 'Menu and links', icon: LinkOutlinedIcon, testId: 'menu-custom-menu-links' },
  { group: 'Settings', to: '/settings/contact-us-settings', page: CONTACT_SETTINGS_PAGE, label: 'Contact form', icon: ContactMailOutlinedIcon, testId: 'menu-contact-settings' },
  { group: 'Settings', to: '/settings/miscellaneous-pop-up', page: MISC_POPUP_PAGE, label: 'Miscellaneous pop-up', icon: CampaignOutlinedIcon, testId: 'menu-misc-popup' },
];
