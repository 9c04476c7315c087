// The chat user list (the left column): search, sort and subscriber-status selects, the rows with
// money, last message, time and unread badge, "No Records Found", and more rows at 98 % of the scroll.
import { memo, useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  CircularProgress,
  FormControl,
  InputAdornment,
  InputLabel,
  List,
  ListItemButton,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import type { ChatUserListEntry, ChatUserSort } from '../../../domain/chat/wire';
import { formatDate, relative } from '../format';
import { useFanOnline } from '../realtime';
import {
  chooseSort,
  chooseStatus,
  cents,
  initials,
  MESSAGES,
  nearEnd,
  SEARCH_DEBOUNCE_MS,
  showsComplimentaryStar,
  showsListChoice,
  showsStatusFilter,
  LIST_CHOICES,
  SORT_LABELS,
  sortOptions,
  STATUS_CHOICES,
  unreadLabel,
  type ChatSettingsView,
  type ListFilter,
} from './rules';
import type { UserListState } from './useUserList';
import type { ChatRowFeatures } from '../../../domain/chat/roles';
import { RowMenu } from './RowMenu';
import { MessageButtons } from '../mass-messages/MessageButtons';

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
  listId: '' | 'blocked' | 'muted';
  onListId: (v: '' | 'blocked' | 'muted') => void;
}

/** The search box: typed text is passed on after a short pause (debounced). */
function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = window.setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
    // onChange is stable enough: only the text restarts the pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <TextField
      size="small"
      fullWidth
      value={text}
      onChange={e => setText(e.target.value)}
      placeholder={MESSAGES.searchPlaceholder}
      slotProps={{
        htmlInput: { 'aria-label': MESSAGES.searchPlaceholder, 'data-testid': 'chat-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function UserList({ role, list, search, onSearch, filter, onFilter, selectedId, onSelect, chatSettings, features, onPatch, onRemoved, listId, onListId }: UserListProps) {
  const sorts = sortOptions(role, chatSettings);
  const withStatus = showsStatusFilter(role, chatSettings);
  const withList = showsListChoice(role);
  const star = showsComplimentaryStar(role);
  const wide = useMediaQuery('(min-width: 992px)', { noSsr: true });

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
        <MessageButtons role={role} />
        <SearchBox value={search} onChange={onSearch} />
        <Stack direction="row" spacing={1}>
          <FormControl size="small" sx={{ flex: 1, minWidth: 0 }}>
            <InputLabel id="chat-sort-label">Sort by</InputLabel>
            <Select
              labelId="chat-sort-label"
              label="Sort by"
              value={sorts.includes(filter.sort) ? filter.sort : sorts[0]}
              onChange={e => onFilter(chooseSort(filter, e.target.value as ChatUserSort))}
              data-testid="chat-sort"
            >
              {sorts.map(s => (
                <MenuItem key={s} value={s} data-testid={`chat-sort-${s}`}>
                  {SORT_LABELS[s]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {withStatus ? (
            <FormControl size="small" sx={{ flex: 1, minWidth: 0 }}>
              <InputLabel id="chat-status-label">Subscribers</InputLabel>
              {/* 'all' stands for the empty filter: an empty value would leave the label over 'All'. */}
              <Select
                labelId="chat-status-label"
                label="Subscribers"
                value={filter.status || 'all'}
                onChange={e => onFilter(chooseStatus(filter, (e.target.value === 'all' ? '' : e.target.value) as ListFilter['status']))}
                data-testid="chat-status"
              >
                {STATUS_CHOICES.map(c => (
                  <MenuItem key={c.value || 'all'} value={c.value || 'all'} data-testid={`chat-status-${c.value || 'all'}`}>
                    {c.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
        </Stack>
        {withList ? (
          <FormControl size="small" fullWidth>
            <InputLabel id="chat-list-label">List</InputLabel>
            <Select
              labelId="chat-list-label"
              label="List"
              value={listId || 'chat'}
              onChange={e => onListId((e.target.value === 'chat' ? '' : e.target.value) as '' | 'blocked' | 'muted')}
              data-testid="chat-list-id"
            >
              {LIST_CHOICES.map(c => (
                <MenuItem key={c.value || 'chat'} value={c.value || 'chat'} data-testid={`chat-list-${c.value || 'chat'}`}>
                  {c.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
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

const UserRow = memo(function UserRow({
  user,
  selected,
  star,
  tooltip,
  onSelect,
  menu,
}: {
  user: ChatUserListEntry;
  selected: boolean;
  star: boolean;
  tooltip: boolean;
  onSelect: (u: ChatUserListEntry) => void;
  menu?: ReactNode;
}) {
  const unread = unreadLabel(user.unreadcount);
  const online = useFanOnline(user._id);
  const money = [
    user.wallet_amount_cents != null ? `Wallet ${cents(user.wallet_amount_cents)}` : null,
    user.total_amount_spent_cents != null ? `Spent ${cents(user.total_amount_spent_cents)}` : null,
  ].filter(Boolean);
  const last = user.last_message || '';
  const lastLine = (
    <Typography
      variant="body2"
      color={unread ? 'text.primary' : 'text.secondary'}
      noWrap
      sx={{ fontWeight: unread ? 600 : 400, minWidth: 0 }}
      data-testid="chat-user-last-message"
    >
      {last || '\u00a0'}
    </Typography>
  );
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onSelect(user)}
      data-testid="chat-user-row"
      data-user-id={user._id}
      data-unread={user.unreadcount}
      data-online={online ? 'true' : 'false'}
      aria-current={selected ? 'true' : undefined}
      sx={{ gap: 1.5, py: 1.25, px: 1.5, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
    >
      <OnlineDot online={online}>
        <Avatar src={user.avatarUrl ?? undefined} alt="" sx={{ width: 44, height: 44, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 16 }}>
          {initials(user.name)}
        </Avatar>
      </OnlineDot>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap sx={{ minWidth: 0, flexShrink: 1 }} data-testid="chat-user-name">
            {user.name}
          </Typography>
          {star && user.has_complimentary_subscription ? (
            <Tooltip title="Complimentary subscription">
              <StarIcon sx={{ fontSize: 16, color: 'warning.main', alignSelf: 'center' }} data-testid="chat-user-complimentary" aria-label="Complimentary subscription" />
            </Tooltip>
          ) : null}
          {user.nick_name ? (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0, flexShrink: 2 }} data-testid="chat-user-nickname">
              ({user.nick_name})
            </Typography>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }} title={formatDate(user.last_message_time)}>
            {relative(user.last_message_time)}
          </Typography>
          {menu}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {tooltip && last.length > 40 ? (
              <Tooltip title={last} placement="bottom-start" enterDelay={500}>
                {lastLine}
              </Tooltip>
            ) : (
              lastLine
            )}
          </Box>
          {unread ? (
            <Box
              component="span"
              data-testid="chat-user-unread"
              aria-label={`${unread} unread`}
              sx={{
                flexShrink: 0,
                minWidth: 22,
                height: 22,
                px: 0.75,
                borderRadius: 11,
                bgcolor: 'error.main',
                color: 'error.contrastText',
                fontSize: 12,
                fontWeight: 700,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {unread}
            </Box>
          ) : null}
        </Stack>
        {money.length || user.mute_mass_message || user.is_blocked ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="chat-user-money">
            {[...money, user.mute_mass_message ? 'Mass messages muted' : null, user.is_blocked ? 'Blocked' : null].filter(Boolean).join(' · ')}
          </Typography>
        ) : null}
      </Box>
    </ListItemButton>
  );
});

/** A green dot on a fan's avatar while the fan has the site open (presence frames). */
export function OnlineDot({ online, children }: { online: boolean; children: ReactNode }) {
  return (
    <Badge
      overlap="circular"
      variant="dot"
      invisible={!online}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{ badge: (online ? { 'aria-label': 'Online', role: 'img', 'data-testid': 'chat-user-online' } : { 'aria-hidden': true }) as object }}
      sx={{
        flexShrink: 0,
        mt: 0.25,
        '& .MuiBadge-badge': { bgcolor: 'success.main', width: 12, height: 12, borderRadius: 6, border: 2, borderColor: 'background.paper' },
      }}
    >
      {children}
    </Badge>
  );
}
