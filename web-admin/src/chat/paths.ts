import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';

/** The staff side of private chat (spec 3 §2.1; domain/access/pages.ts says who may open it). */
export const CHAT_PAGE = '/admin/private-chat';

/** Menu entry (AppMenu shows it to the roles that may open the page), in the shape of content-manager's CONSOLE_PAGES. */
export const CHAT_CONSOLE_PAGES: readonly { group: string; to: string; page: string; label: string; icon: typeof ForumOutlinedIcon; testId: string }[] = [
  { group: 'Messages', to: '/private-chat', page: CHAT_PAGE, label: 'Chat', icon: ForumOutlinedIcon, testId: 'menu-chat' },
];
