// Chat booking in the console: its settings, the weekly hours and the bookings, loaded on first visit and routed
// only for the roles domain/access/pages.ts lets open them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { BOOKING_LIST_PAGE, BOOKING_LIST_PATH, BOOKING_SETTINGS_PAGE, BOOKING_SETTINGS_PATH, WEEKLY_HOURS_PAGE, WEEKLY_HOURS_PATH } from './paths';

const ChatBookingSettingsPage = lazy(async () => ({ default: (await import('./ChatBookingSettingsPage')).ChatBookingSettingsPage }));
const WeeklyHoursPage = lazy(async () => ({ default: (await import('./WeeklyHoursPage')).WeeklyHoursPage }));
const BookingListPage = lazy(async () => ({ default: (await import('./BookingListPage')).BookingListPage }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: BOOKING_SETTINGS_PAGE, path: BOOKING_SETTINGS_PATH, element: page(<ChatBookingSettingsPage />) },
  { page: WEEKLY_HOURS_PAGE, path: WEEKLY_HOURS_PATH, element: page(<WeeklyHoursPage />) },
  { page: BOOKING_LIST_PAGE, path: BOOKING_LIST_PATH, element: page(<BookingListPage />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function chatBookingRoutes(permissions: unknown) {
  const allowed = ROUTES.filter((r) => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="chat-booking">
      {allowed.map((r) => <Route key={r.path} path={r.path} element={r.element} />)}
    </CustomRoutes>
  );
}
