import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyPage } from '../components/lazyPage';

export { withFeedTags, FEED_TAGS_RESOURCE } from './dataProvider';

// The pages load on first visit (their own chunks), not with the console.
const TagList = lazyPage(async () => (await import('./TagList')).TagList);
const TagCreate = lazyPage(async () => (await import('./TagForm')).TagCreate);
const TagEdit = lazyPage(async () => (await import('./TagForm')).TagEdit);

export default {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: LocalOfferIcon,
};
