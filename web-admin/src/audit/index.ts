import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const AuditList = lazyPage(async () => (await import('./AuditList')).AuditList);

export default {
  list: AuditList,
  icon: ManageSearchIcon,
};
