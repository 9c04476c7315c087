import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

export default {
  list: EventList,
  show: EventShow,
  icon: HistoryEduIcon,
};
