import SettingsIcon from '@mui/icons-material/Settings';
import { SettingsIndexPage } from '../settings-index';

/** The settings resource: its list is the settings index; each page is /settings/<page> (web-admin/src/settings-index). */
export default {
  list: SettingsIndexPage,
  icon: SettingsIcon,
};
