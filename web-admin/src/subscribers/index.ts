import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const SubscriberList = lazyPage(async () => (await import('./SubscriberList')).SubscriberList);

export default {
  list: SubscriberList,
  icon: CardMembershipIcon,
};
