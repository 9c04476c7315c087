// Fans' messages staff have not read: a badge on the Chat menu entry and "(3) …" in the browser tab's title,
// moved by the chat frames (a fan writes, staff read or mark unread) without a reload.
import { useEffect, type ReactElement } from 'react';
import { Badge } from '@mui/material';
import { usePermissions } from 'react-admin';
import type { UnreadCounts } from '../../../domain/chat/wire';
import { mayCall, mayOpenPage } from '../access';
import { api } from '../api';
import { CHAT_PAGE } from '../chat/paths';
import { useLiveQuery } from '../query';
import { useSettings } from '../settings';
import { unreadTitle } from './unreadTitle';

const UNREAD_KEY = ['chat', 'unread-total'] as const;
const UNREAD_FRAMES = ['UPDATE_USER_LAST_MESSAGE', 'DELETE_MESSAGE_FROM_ALL'] as const;

/** The unread total for staff who have the chat, else null (nothing is read). */
export function useUnreadChats(): number | null {
  const { permissions } = usePermissions();
  const enabled = mayOpenPage(permissions, CHAT_PAGE) && mayCall(permissions, 'GET /api/users/get_unread_count');
  const query = useLiveQuery(UNREAD_KEY, async signal => (await api<UnreadCounts>('/api/users/get_unread_count', { signal })).data.userUnreadMessage, {
    enabled,
    frames: UNREAD_FRAMES,
  });
  return enabled ? (query.data ?? null) : null;
}

export function UnreadChatsBadge({ icon }: { icon: ReactElement }) {
  const unread = useUnreadChats() ?? 0;
  return (
    <Badge badgeContent={unread} color="error" max={99} data-testid="menu-chat-unread" data-count={unread} slotProps={{ badge: { 'aria-label': `${unread} unread` } as object }}>
      {icon}
    </Badge>
  );
}

/** Keeps the tab's title "(3) <site> Console" while fans' messages wait. */
export function UnreadTitle() {
  const unread = useUnreadChats();
  const { settings } = useSettings();
  const title = unreadTitle(settings.model_name, unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
