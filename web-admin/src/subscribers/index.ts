import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { SubscriberList } from './SubscriberList';

export default {
  list: SubscriberList,
  icon: CardMembershipIcon,
};
