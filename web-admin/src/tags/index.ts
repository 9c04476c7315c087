import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { TagList } from './TagList';
import { TagCreate, TagEdit } from './TagForm';

export { withFeedTags, FEED_TAGS_RESOURCE } from './dataProvider';

export default {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: LocalOfferIcon,
};
