import SensorsOutlinedIcon from '@mui/icons-material/SensorsOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import VideoSettingsOutlinedIcon from '@mui/icons-material/VideoSettingsOutlined';

/** Live streaming in the console (issue 15; domain/access/pages.ts says who may open each page). */
export const GO_LIVE_PAGE = '/admin/go-live';
export const ONE_TO_ONE_PAGE = '/admin/live-stream/:id';
export const LIVE_SETTINGS_PAGE = '/admin/settings/live-streaming-settings';
export const LIVE_SESSIONS_PAGE = '/admin/live-stream-sessions/:id?';
export const LIVE_SETTINGS_PATH = '/settings/live-streaming-settings';
export const liveSessionsPath = (userId?: string | null) => (userId ? `/live-stream-sessions/${encodeURIComponent(userId)}` : '/live-stream-sessions');
export const oneToOnePath = (userId: string) => `/live-stream/${encodeURIComponent(userId)}`;

/** Menu entries (AppMenu shows them to the roles that may open the page), in the shape of CHAT_CONSOLE_PAGES. */
export const LIVE_CONSOLE_PAGES: readonly { group: string; to: string; page: string; label: string; icon: typeof SensorsOutlinedIcon; testId: string }[] = [
  { group: 'Live', to: '/go-live', page: GO_LIVE_PAGE, label: 'Go Live', icon: SensorsOutlinedIcon, testId: 'menu-go-live' },
  { group: 'Live', to: '/live-stream-sessions', page: LIVE_SESSIONS_PAGE, label: 'Live sessions', icon: QueryStatsOutlinedIcon, testId: 'menu-live-sessions' },
  { group: 'Settings', to: LIVE_SETTINGS_PATH, page: LIVE_SETTINGS_PAGE, label: 'Live streaming', icon: VideoSettingsOutlinedIcon, testId: 'menu-live-settings' },
];
