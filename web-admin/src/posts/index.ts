import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { PostList } from './PostList';
import { PostCreate } from './PostCreate';
import { PostShow } from './PostShow';

export default {
  list: PostList,
  create: PostCreate,
  show: PostShow,
  icon: PhotoLibraryIcon,
};
