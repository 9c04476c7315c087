import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { AuditList } from './AuditList';

export default {
  list: AuditList,
  icon: ManageSearchIcon,
};
