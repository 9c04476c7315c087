import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const PostList = lazyPage(async () => (await import('./PostList')).PostList);
const PostCreate = lazyPage(async () => (await import('./PostCreate')).PostCreate);
const PostShow = lazyPage(async () => (await import('./PostShow')).PostShow);

export default {
  list: PostList,
  create: PostCreate,
  show: PostShow,
  icon: PhotoLibraryIcon,
};
