import SettingsIcon from '@mui/icons-material/Settings';
import { SiteSettingsEdit } from './SiteSettingsEdit';

export default {
  list: SiteSettingsEdit,
  icon: SettingsIcon,
};
