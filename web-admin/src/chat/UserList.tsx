// The chat user list (the left column): search, sort and subscriber-status selects, the rows with
// money, last message, time and unread badge, "No Records Found", and more rows at 98 % of the scroll.
import { useEffect, useRef, type UIEvent } from 'react';
import { Alert, Box, Button, CircularProgress, List, Skeleton, Stack, Typography, useMediaQuery } from '@mui/material';
import type { ChatUserListEntry } from '../../../domain/chat/wire';
import { MESSAGES, mayOpenList, nearEnd, showsComplimentaryStar, type ChatSettingsView, type ListChoice, type ListFilter } from './rules';
import type { UserListState } from './useUserList';
import type { ChatRowFeatures } from '../../../domain/chat/roles';
import { RowMenu } from './RowMenu';
import { ChatAlertsSwitch } from './ChatAlerts';
import { MessageButtons } from '../mass-messages/MessageButtons';
import { MeetingRibbon } from './MeetingRibbon';
import { UserListFilters } from './UserListFilters';
import { UserRow } from './UserRow';
import { useListOffers, useNextMeeting } from './useListOffers';

export interface UserListProps {
  role: unknown;
  list: UserListState & { loadMore: () => void; retry: () => void };
  search: string;
  onSearch: (value: string) => void;
  filter: ListFilter;
  onFilter: (next: ListFilter) => void;
  selectedId: string | null;
  onSelect: (user: ChatUserListEntry) => void;
  /** Public settings the role rules read (hide_earnings, chat_settings). */
  chatSettings?: ChatSettingsView;
  /** The row menu's feature switches; the menu changes a row or takes it off the list. */
  features: ChatRowFeatures;
  onPatch: (id: string, patch: Partial<ChatUserListEntry>) => void;
  onRemoved: (id: string) => void;
  /** Admins: which list (get_user_list list_id). */
  listId: ListChoice;
  onListId: (v: ListChoice) => void;
}

export function UserList({ role, list, search, onSearch, filter, onFilter, selectedId, onSelect, chatSettings, features, onPatch, onRemoved, listId, onListId }: UserListProps) {
  const star = showsComplimentaryStar(role);
  const wide = useMediaQuery('(min-width: 992px)', { noSsr: true });
  // The countdown and the select's "Live chats" read one next-meeting answer.
  const meeting = useNextMeeting();
  const offers = useListOffers(meeting, !!features.normalChatOff, mayOpenList(role, 'allowed'));

  const onScroll = (e: UIEvent<HTMLElement>) => {
    if (nearEnd(e.currentTarget)) list.loadMore();
  };

  // A short first page that does not fill the column: ask for more straight away.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el && list.hasMore && !list.loading && !list.loadingMore && el.scrollHeight <= el.clientHeight) list.loadMore();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.users.length, list.hasMore, list.loading, list.loadingMore]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }} data-testid="chat-user-list">
      <Stack spacing={1.25} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        {/* Send Mass Message / Welcome Message (not for live_stream_manager): web-admin/src/mass-messages. */}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MessageButtons role={role} />
          </Box>
          {/* A sound and a desktop notification for new fan messages (ChatAlerts in the layout). */}
          <ChatAlertsSwitch />
        </Stack>
        <MeetingRibbon meeting={meeting} onShowLive={() => onListId('live')} />
        <UserListFilters role={role} chatSettings={chatSettings} search={search} onSearch={onSearch} filter={filter} onFilter={onFilter} listId={listId} onListId={onListId} offers={offers} />
      </Stack>

      <Box ref={scroller} onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="chat-user-scroll">
        {list.loading && list.users.length === 0 ? (
          <Box aria-label="Loading users" role="progressbar">
            {Array.from({ length: 6 }, (_, i) => (
              <Stack key={i} direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'center' }}>
                <Skeleton variant="circular" width={44} height={44} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="50%" />
                  <Skeleton width="80%" />
                </Box>
              </Stack>
            ))}
          </Box>
        ) : list.error && list.users.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              data-testid="chat-user-list-error"
              action={
                <Button color="inherit" size="small" onClick={list.retry}>
                  Retry
                </Button>
              }
            >
              {list.error}
            </Alert>
          </Box>
        ) : list.users.length === 0 ? (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" data-testid="chat-user-list-empty">
            {MESSAGES.noRecords}
          </Typography>
        ) : (
          <List disablePadding>
            {list.users.map(u => (
              <UserRow
                key={u._id}
                user={u}
                selected={u._id === selectedId}
                star={star}
                tooltip={wide}
                onSelect={onSelect}
                menu={<RowMenu role={role} user={u} features={features} onPatch={onPatch} onRemoved={onRemoved} />}
              />
            ))}
          </List>
        )}
        {list.loadingMore ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <CircularProgress size={22} aria-label="Loading more users" />
          </Box>
        ) : null}
        {list.error && list.users.length > 0 ? (
          <Box sx={{ p: 1.5 }}>
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={list.retry}>Retry</Button>}>
              {list.error}
            </Alert>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
