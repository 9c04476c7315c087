// Where the navbar's and the bottom navigation's chat icon leads, and its unread badge: staff go to the console's
// chat, members to /private-chat; the count is asked for only by those who chat.
import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import { useAuth, useIsProxy } from '../auth';
import { isMember, isStaff } from '../format';
import { useUnreadCount } from '../chat/unread';
import { useMayOpen } from '../components/Guard';

/** The console's chat, where staff answer fans (the fan site's /private-chat sends them there). */
const STAFF_CHAT_URL = '/admin/private-chat';

/** The chat screen fills the window under the top bar: no footer, and no bottom navigation on phones. */
export const isChatPath = (pathname: string) => pathname === '/private-chat' || pathname.startsWith('/private-chat/');

/** Where the chat icon leads, and whether its unread count is worth asking for (members and staff). */
export function useChatLink(): { to: string; external: boolean; counts: boolean } | null {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const may = useMayOpen();
  if (!me || !may('/private-chat')) return null;
  if (isStaff(me) && !proxy) return { to: STAFF_CHAT_URL, external: true, counts: true };
  return { to: '/private-chat', external: false, counts: isMember(me) };
}

/** The unread badge on a chat icon: capped '99+'. */
export function ChatBadge({ children, testId }: { children: ReactNode; testId: string }) {
  const unread = useUnreadCount();
  return (
    <Badge
      badgeContent={unread}
      max={99}
      color="primary"
      overlap="circular"
      slotProps={{ badge: { 'data-testid': testId, 'aria-hidden': true } as object }}
    >
      {children}
    </Badge>
  );
}

export function unreadLabel(n: number): string {
  return n > 0 ? `Chat, ${n > 99 ? '99+' : n} unread message${n === 1 ? '' : 's'}` : 'Chat';
}
