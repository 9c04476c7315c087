import { useMediaQuery, type Theme } from '@mui/material';
import { Notification } from 'react-admin';

/** On phones, notifications appear at the top so they never cover the form's Save toolbar. */
export function AppNotification() {
  const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
  return <Notification multiLine anchorOrigin={{ vertical: isSmall ? 'top' : 'bottom', horizontal: 'center' }} />;
}
