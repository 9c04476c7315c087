// Chat booking's console pages: who may open each is domain/access/pages.ts; the menu lists Bookings under Messages
// (the settings pages are reached from the settings index).
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { ConsolePage } from '../consolePages';

export const BOOKING_SETTINGS_PAGE = '/admin/settings/chat-booking-settings';
export const BOOKING_LIST_PAGE = '/admin/settings/set-chat-availability/booking-list';
export const WEEKLY_HOURS_PAGE = '/admin/settings/set-chat-availability/weekly-hours';

export const BOOKING_SETTINGS_PATH = '/settings/chat-booking-settings';
export const BOOKING_LIST_PATH = '/settings/set-chat-availability/booking-list';
export const WEEKLY_HOURS_PATH = '/settings/set-chat-availability/weekly-hours';

export const BOOKING_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Messages', to: BOOKING_LIST_PATH, page: BOOKING_LIST_PAGE, label: 'Bookings', icon: EventAvailableIcon, testId: 'menu-chat-bookings' },
];

/** The routes each page calls (keys of domain/access/routes.ts): buttons show only for the roles that may call them. */
export const BOOKING_ROUTES = {
  availability: 'GET /admin-api/chat-booking/availability',
  saveAvailability: 'PUT /admin-api/chat-booking/availability',
  list: 'GET /admin-api/chat-booking/bookings',
  cancel: 'POST /admin-api/chat-booking/bookings/:id/cancel',
  reschedule: 'POST /admin-api/chat-booking/bookings/:id/reschedule',
  allow: 'POST /api/chat/update_allow_user_to_chat',
} as const;
