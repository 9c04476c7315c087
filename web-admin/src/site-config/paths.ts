import MailOutlineIcon from '@mui/icons-material/MailOutline';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { type ConsolePage } from '../consolePages';

/** Site configuration pages: domain/access/pages.ts says who opens them. */
export const EMAIL_CONFIGURATION_PAGE = '/admin/settings/email-configuration';
export const AWS_SETTINGS_PAGE = '/admin/settings/aws-settings';
export const REDIS_CACHE_PAGE = '/admin/settings/redis-cache';
export const PLATFORM_SETTINGS_PAGE = '/admin/settings/platform-settings';
export const SEO_SETTING_PAGE = '/admin/settings/seo-setting';
export const RECAPTCHA_SETTING_PAGE = '/admin/settings/recaptcha-setting';
export const CSV_DOWNLOAD_PAGE = '/admin/settings/csv-download';

export const SITE_CONFIG_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Settings', to: '/settings/email-configuration', page: EMAIL_CONFIGURATION_PAGE, label: 'Email configuration', icon: MailOutlineIcon, testId: 'menu-email-configuration' },
  { group: 'Settings', to: '/settings/aws-settings', page: AWS_SETTINGS_PAGE, label: 'Storage', icon: CloudOutlinedIcon, testId: 'menu-aws-settings' },
  { group: 'Settings', to: '/settings/redis-cache', page: REDIS_CACHE_PAGE, label: 'Cache', icon: BoltOutlinedIcon, testId: 'menu-redis-cache' },
  { group: 'Settings', to: '/settings/platform-settings', page: PLATFORM_SETTINGS_PAGE, label: 'Platform', icon: LanguageOutlinedIcon, testId: 'menu-platform-settings' },
  { group: 'Settings', to: '/settings/seo-setting', page: SEO_SETTING_PAGE, label: 'SEO', icon: TravelExploreOutlinedIcon, testId: 'menu-seo-setting' },
  { group: 'Settings', to: '/settings/recaptcha-setting', page: RECAPTCHA_SETTING_PAGE, label: 'Bot check', icon: VerifiedUserOutlinedIcon, testId: 'menu-recaptcha-setting' },
  { group: 'Settings', to: '/settings/csv-download', page: CSV_DOWNLOAD_PAGE, label: 'CSV download', icon: DownloadOutlinedIcon, testId: 'menu-csv-download' },
];
