// Private chat for staff (route /admin/private-chat/:userId?): the user list in a 450 px column
// on the left and the conversation on the right; on narrow screens one at a time, the conversation with a
// back arrow.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Card, useMediaQuery } from '@mui/material';
import { Title, useBasename, usePermissions } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { ChatMessageView, ChatUserListEntry } from '../../../domain/chat/wire';
import { mayOpenPage } from '../access';
import { useSettings } from '../settings';
import { Conversation, NoConversation } from './Conversation';
import { setOpenChat } from './ChatAlerts';
import { CHAT_PAGE } from './paths';
import { ACTIVE_CANCELLED, sortOptions, type ListChoice, type ListFilter } from './rules';
import { UserList } from './UserList';
import { useUserList } from './useUserList';
import { useFrame } from '../realtime';
import { chatRowFeatures } from '../../../domain/chat/roles';
import { FULL_HEIGHT_PAGE_SX } from '../components/fullHeight';

/** Below this width the list and the conversation take turns (450 px + a readable conversation do not fit). */
const NARROW = '(max-width: 1099.98px)';

/** The text a message leaves as the list's "last message". */
function lastMessageText(m: ChatMessageView): string {
  if (m.message) return m.message;
  if (m.type === 'photo') return 'Photo';
  if (m.type === 'video') return 'Video';
  if (m.type === 'gallery') return 'Gallery';
  return '';
}

export function ChatPage() {
  const { permissions: role, isPending } = usePermissions();
  const { settings, refresh: refreshSettings } = useSettings();
  const params = useParams();
  const userId = (params['*'] ?? '').split('/')[0] || null;
  const navigate = useNavigate();
  const basename = useBasename();
  const narrow = useMediaQuery(NARROW, { noSsr: true });
  // New-message alerts skip the conversation on screen.
  useEffect(() => {
    setOpenChat(userId);
    return () => setOpenChat(null);
  }, [userId]);

  const chatSettings = useMemo(() => ({ hide_earnings: settings.hide_earnings, chat_settings: settings.chat_settings }), [settings.hide_earnings, settings.chat_settings]);
  const features = useMemo(() => chatRowFeatures(chatSettings), [chatSettings]);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ListFilter>({ sort: 'latest_message', status: '' });
  const [listId, setListId] = useState<ListChoice>('');
  const effectiveFilter = useMemo<ListFilter>(() => {
    const sorts = sortOptions(role, chatSettings);
    const sort = sorts.includes(filter.sort) ? filter.sort : sorts[0];
    return { sort, status: sort === 'expiration_date' ? ACTIVE_CANCELLED : filter.status };
  }, [role, chatSettings, filter]);
  const list = useUserList(search, effectiveFilter, listId);
  const { patchUser, removeUser } = list;
  // Chat settings changed elsewhere (features, hide_earnings, colours): read them again.
  useFrame('CHAT_SETTINGS_UPDATED', () => void refreshSettings().catch(() => undefined));
  const [picked, setPicked] = useState<ChatUserListEntry | null>(null);
  const entry = list.users.find(u => u._id === userId) ?? (picked?._id === userId ? picked : null);

  const open = (u: ChatUserListEntry) => {
    setPicked(u);
    navigate(`${basename}/private-chat/${encodeURIComponent(u._id)}`);
  };
  const back = () => navigate(`${basename}/private-chat`);
  const onRead = useCallback((id: string) => patchUser(id, { unreadcount: 0 }), [patchUser]);
  const onSent = useCallback(
    (id: string, m: ChatMessageView) => patchUser(id, { last_message: lastMessageText(m), last_message_time: m.created }),
    [patchUser]
  );

  if (isPending) return <Title title="Chat" />;
  if (!mayOpenPage(role, CHAT_PAGE))
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="Chat" />
        <Alert severity="warning">You do not have access to this page.</Alert>
      </Box>
    );

  const showList = !narrow || !userId;
  const showConversation = !narrow || Boolean(userId);

  return (
    <Card
      data-testid="chat-page"
      sx={{
        // The page fills the window below the app bar; the list and the messages scroll inside it.
        ...FULL_HEIGHT_PAGE_SX,
        overflow: 'hidden',
        minWidth: 0,
        width: '100%',
        // Long names and messages are cut with an ellipsis instead of widening the console's layout on phones.
        contain: 'inline-size',
      }}
    >
      <Title title="Chat" />
      {showList ? (
        <Box
          sx={{
            width: narrow ? '100%' : 450,
            flexShrink: 0,
            borderRight: narrow ? 0 : 1,
            borderColor: 'divider',
            minWidth: 0,
            height: '100%',
          }}
        >
          <UserList
            role={role}
            list={list}
            search={search}
            onSearch={setSearch}
            filter={effectiveFilter}
            onFilter={setFilter}
            selectedId={userId}
            onSelect={open}
            chatSettings={chatSettings}
            features={features}
            onPatch={patchUser}
            onRemoved={removeUser}
            listId={listId}
            onListId={setListId}
          />
        </Box>
      ) : null}
      {showConversation ? (
        <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>
          {userId ? (
            <Conversation key={userId} role={role} userId={userId} entry={entry} onBack={narrow ? back : undefined} onRead={onRead} onSent={onSent} />
          ) : (
            <NoConversation />
          )}
        </Box>
      ) : null}
    </Card>
  );
}
