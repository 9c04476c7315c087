import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const UserCreate = lazyPage(async () => (await import('./UserCreate')).UserCreate);
const UserList = lazyPage(async () => (await import('./UserList')).UserList);
const UserShow = lazyPage(async () => (await import('./UserShow')).UserShow);

export default {
  list: UserList,
  show: UserShow,
  create: UserCreate,
  icon: PeopleIcon,
};
