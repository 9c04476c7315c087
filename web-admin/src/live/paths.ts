import SensorsOutlinedIcon from '@mui/icons-material/SensorsOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import VideoSettingsOutlinedIcon from '@mui/icons-material/VideoSettingsOutlined';
import { consolePath, type ConsolePage } from '../consolePages';

/** Live streaming in the console (domain/access/pages.ts says who may open each page). */
export const GO_LIVE_PAGE = '/admin/go-live';
export const ONE_TO_ONE_PAGE = '/admin/live-stream/:id';
export const LIVE_SETTINGS_PAGE = '/admin/settings/live-streaming-settings';
export const LIVE_SESSIONS_PAGE = '/admin/live-stream-sessions/:id?';
export const LIVE_SETTINGS_PATH = '/settings/live-streaming-settings';
export const liveSessionsPath = (userId?: string | null) => consolePath('/live-stream-sessions', userId);
export const oneToOnePath = (userId: string) => consolePath('/live-stream', userId);

/** Menu entries (AppMenu shows them to the roles that may open the page). */
export const LIVE_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Live', to: '/go-live', page: GO_LIVE_PAGE, label: 'Go Live', icon: SensorsOutlinedIcon, testId: 'menu-go-live' },
  { group: 'Live', to: '/live-stream-sessions', page: LIVE_SESSIONS_PAGE, label: 'Live sessions', icon: QueryStatsOutlinedIcon, testId: 'menu-live-sessions' },
  { group: 'Settings', to: LIVE_SETTINGS_PATH, page: LIVE_SETTINGS_PAGE, label: 'Live streaming', icon: VideoSettingsOutlinedIcon, testId: 'menu-live-settings' },
];
