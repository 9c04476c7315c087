import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { PostList } from './PostList';
import { PostCreate } from './PostCreate';

export default {
  list: PostList,
  create: PostCreate,
  icon: PhotoLibraryIcon,
};
