import OutboxIcon from '@mui/icons-material/Outbox';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const OutboxList = lazyPage(async () => (await import('./OutboxList')).OutboxList);
const OutboxShow = lazyPage(async () => (await import('./OutboxShow')).OutboxShow);

export default {
  list: OutboxList,
  show: OutboxShow,
  icon: OutboxIcon,
};
