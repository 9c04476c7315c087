import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const EventList = lazyPage(async () => (await import('./EventList')).EventList);
const EventShow = lazyPage(async () => (await import('./EventShow')).EventShow);

export default {
  list: EventList,
  show: EventShow,
  icon: HistoryEduIcon,
};
