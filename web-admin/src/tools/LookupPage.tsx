// /admin/super-admin-tools/lookup: find accounts by email — POST /api/users/get_users_data_from_email
// for an exact address, POST /api/users/get_users_list_from_email?page_num for a part of one. Lower ranks only.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, Link, List, ListItemButton, ListItemText, Pagination, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink } from 'react-router-dom';
import type { LookupUser } from '../../../domain/console/admin-tools-wire';
import { api } from '../api';
import { formatDate, money } from '../format';
import { SubscriptionChip } from '../users/UserList';
import { humanize } from '../components/StatusChip';
import { Empty } from '../components/Empty';
import { Panel, ToolPage, useAdminPath } from './parts';

interface ListAnswer { users: LookupUser[]; currentPage: number; totalPages: number; total: number }

export default function LookupPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [exact, setExact] = useState<LookupUser | null>(null);
  const [list, setList] = useState<ListAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const path = useAdminPath();

  const search = async (text: string, pageNum: number) => {
    setBusy(true);
    setError('');
    try {
      const [one, many] = await Promise.allSettled([
        pageNum === 1 ? api<{ user: LookupUser }>('/api/users/get_users_data_from_email', { body: { email: text } }) : Promise.reject(null),
        api<ListAnswer>(`/api/users/get_users_list_from_email?page_num=${pageNum}`, { body: { email: text } }),
      ]);
      if (pageNum === 1) setExact(one.status === 'fulfilled' ? one.value.data.user : null);
      if (many.status === 'fulfilled') setList(many.value.data);
      else {
        setList(null);
        setError((many.reason as Error)?.message ?? 'Something went wrong');
      }
      setQuery(text);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = email.trim();
    if (!text) return setError('Please enter an email.');
    void search(text, 1);
  };

  return (
    <ToolPage title="Look up users" intro="Type a full email for that account, or a part of one for every match. You see accounts of a lower rank than yours." testId="lookup-page">
      <Panel>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={submit} noValidate>
          <TextField label="Email" value={email} onChange={e => setEmail(e.target.value)} fullWidth autoFocus error={!!error} helperText={error || ' '} slotProps={{ htmlInput: { 'data-testid': 'lookup-email' } }} />
          <Box>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy} sx={{ height: 56, minWidth: 130 }} data-testid="lookup-submit">Search</Button>
          </Box>
        </Stack>
      </Panel>
      {exact ? <UserCard user={exact} /> : null}
      {list ? (
        <Box sx={{ mt: 2 }}>
        <Panel title={`Matches for “${query}” (${list.total})`} testId="lookup-results">
          {list.users.length === 0 ? (
            <Empty testId="lookup-empty">No users match this email.</Empty>
          ) : (
            <List dense disablePadding>
              {list.users.map(u => (
                <ListItemButton key={u._id} component={RouterLink} to={path(`/users/${u._id}/show`)} divider data-testid="lookup-row">
                  <ListItemText
                    primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}><span>{u.email}</span><Chip size="small" label={humanize(u.role)} variant="outlined" />{u.blocked ? <Chip size="small" color="error" label="Blocked" /> : null}</Stack>}
                    secondary={`${u.name} · joined ${formatDate(u.registered_at, false)} · spent ${money(u.total_spent_cents)}`}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          {list.totalPages > 1 ? <Pagination sx={{ mt: 1.5 }} count={list.totalPages} page={list.currentPage} onChange={(_, p) => void search(query, p)} /> : null}
        </Panel>
        </Box>
      ) : null}
    </ToolPage>
  );
}

function UserCard({ user }: { user: LookupUser }) {
  const path = useAdminPath();
  const rows: [string, ReactNode][] = [
    ['Role', humanize(user.role)],
    ['Subscription', <SubscriptionChip key="s" code={user.subscription_status} />],
    ['Paid through', user.expiration_date ? formatDate(user.expiration_date, false) : '—'],
    ['Total spent', money(user.total_spent_cents)],
    ['Wallet', money(user.wallet_balance_cents)],
    ['Saved cards', String(user.cards)],
    ['Joined', formatDate(user.registered_at, false)],
    ['Flags', [user.blocked && 'Blocked', user.photo_id_override && 'Photo ID override', user.migration_subscription && 'Migration'].filter(Boolean).join(', ') || 'None'],
  ];
  return (
    <Box sx={{ my: 2 }}>
      <Panel title={user.name || user.email} testId="lookup-user" action={<Button component={RouterLink} to={path(`/users/${user._id}/show`)} size="small" variant="outlined">Open user</Button>}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>{user.email}{user.nickname ? ` · “${user.nickname}”` : ''}</Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary">{k}</Typography>
              <Typography variant="body2" component="div">{v}</Typography>
            </Box>
          ))}
        </Box>
        <Alert severity="info" sx={{ mt: 2 }} icon={false}>
          Transactions and actions for this user are on their page: <Link component={RouterLink} to={path(`/users/${user._id}/show/transactions`)}>transactions</Link>, <Link component={RouterLink} to={path(`/users/${user._id}/show/actions`)}>flags & actions</Link>.
        </Alert>
      </Panel>
    </Box>
  );
}
