// The tabs of /admin/settings/set-chat-availability/:page, for the pages this role may open.
import { Tab, Tabs } from '@mui/material';
import { usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { BOOKING_LIST_PAGE, BOOKING_LIST_PATH, BOOKING_SETTINGS_PAGE, BOOKING_SETTINGS_PATH, WEEKLY_HOURS_PAGE, WEEKLY_HOURS_PATH } from './paths';

const TABS = [
  { page: BOOKING_LIST_PAGE, to: BOOKING_LIST_PATH, label: 'Bookings' },
  { page: WEEKLY_HOURS_PAGE, to: WEEKLY_HOURS_PATH, label: 'Weekly hours' },
  { page: BOOKING_SETTINGS_PAGE, to: BOOKING_SETTINGS_PATH, label: 'Settings' },
];

export function AvailabilityTabs({ current }: { current: string }) {
  const { permissions } = usePermissions();
  const tabs = TABS.filter((t) => mayOpenPage(permissions, t.page));
  if (tabs.length < 2) return null;
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
      {tabs.map((t) => <Tab key={t.page} value={t.page} label={t.label} component={RouterLink} to={t.to} />)}
    </Tabs>
  );
}
