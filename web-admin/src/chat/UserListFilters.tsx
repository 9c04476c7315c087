// The chat user list's controls: the search box (debounced), sort and subscriber-status selects as the role and the
// chat settings allow, and which list (the chat; fans allowed to chat while that can matter, live chats while one is
// on; for admins blocked or muted fans).
import { useEffect, useRef, useState } from 'react';
import { FormControl, InputAdornment, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ChatUserSort } from '../../../domain/chat/wire';
import {
  chooseSort,
  chooseStatus,
  listChoices,
  MESSAGES,
  SEARCH_DEBOUNCE_MS,
  showsStatusFilter,
  SORT_LABELS,
  sortOptions,
  STATUS_CHOICES,
  type ChatSettingsView,
  type ListChoice,
  type ListFilter,
  type ListOffers,
} from './rules';

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

export function UserListFilters({
  role,
  chatSettings,
  search,
  onSearch,
  filter,
  onFilter,
  listId,
  onListId,
  offers,
}: {
  role: unknown;
  chatSettings?: ChatSettingsView;
  search: string;
  onSearch: (value: string) => void;
  filter: ListFilter;
  onFilter: (next: ListFilter) => void;
  listId: ListChoice;
  onListId: (v: ListChoice) => void;
  /** Which coming-and-going lists to offer now ("Live chats", "Allowed to chat"). */
  offers: ListOffers;
}) {
  const sorts = sortOptions(role, chatSettings);
  const withStatus = showsStatusFilter(role, chatSettings);
  const choices = listChoices(role, offers, listId);
  const withList = choices.length > 1;
  return (
    <>
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
            onChange={e => onListId((e.target.value === 'chat' ? '' : e.target.value) as ListChoice)}
            data-testid="chat-list-id"
          >
            {choices.map(c => (
              <MenuItem key={c.value || 'chat'} value={c.value || 'chat'} data-testid={`chat-list-${c.value || 'chat'}`}>
                {c.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : null}
    </>
  );
}
