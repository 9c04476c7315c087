// /admin/manage-mass-messages (spec 3 route table; gaps CH-19): every mass message with its status, the delivery
// progress live (MASS_MESSAGE_UPDATED), purchases and revenue with a small chart, a status filter, pages, Cancel.
import { useState } from 'react';
import { Alert, Box, Button, FormControl, InputLabel, MenuItem, Pagination, Select, Stack, Typography } from '@mui/material';
import { usePermissions } from 'react-admin';
import { PageGuard } from '../promotions/PageGuard';
import { massApi, type MassMessageView, type MassStatus } from './api';
import { MassRow, RevenueChart, RowsSkeleton, useMassList } from './MassRows';
import { ResendDialog } from './ResendDialog';
import { MANAGE_MASS_MESSAGES_PAGE } from './paths';
import { STATUS_LABELS } from './rules';

const PER_PAGE = 20;

export function ManageMassMessagesPage() {
  const { permissions: role } = usePermissions();
  const [status, setStatus] = useState<MassStatus | ''>('');
  const [page, setPage] = useState(1);
  const [resend, setResend] = useState<MassMessageView | null>(null);
  const list = useMassList(signal => massApi.list({ page, per_page: PER_PAGE, status }, signal), [page, status]);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  return (
    <PageGuard page={MANAGE_MASS_MESSAGES_PAGE} title="Manage mass messages">
      <Stack spacing={2.5} sx={{ mt: 2, mb: 4, maxWidth: 1200 }} data-testid="manage-mass-page">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              Manage mass messages
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Delivery and revenue of each mass message. Cancel stops a scheduled send and deliveries to later subscribers; copies already delivered stay.
            </Typography>
          </Box>
          <FormControl size="small" sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}>
            <InputLabel id="mass-status-label" shrink>
              Status
            </InputLabel>
            <Select
              labelId="mass-status-label"
              label="Status"
              displayEmpty
              value={status}
              onChange={e => {
                setStatus(e.target.value as MassStatus | '');
                setPage(1);
              }}
              data-testid="mass-status-filter"
            >
              <MenuItem value="">All</MenuItem>
              {(Object.keys(STATUS_LABELS) as MassStatus[]).map(s => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        {list.data ? <RevenueChart items={list.data.items} /> : null}
        {list.error ? (
          <Alert severity="error" action={<Button onClick={list.reload}>Retry</Button>}>
            {list.error}
          </Alert>
        ) : list.loading && !list.data ? (
          <RowsSkeleton />
        ) : list.data?.items.length ? (
          <Stack spacing={1.5} data-testid="mass-list">
            {list.data.items.map(m => (
              <MassRow key={m._id} m={m} role={role} onCancelled={list.replace} onResend={setResend} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary" data-testid="mass-empty">
            {status ? `No mass messages with the status ${STATUS_LABELS[status]}.` : 'No mass messages yet.'}
          </Typography>
        )}
        {pages > 1 ? <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ alignSelf: 'center' }} /> : null}
      </Stack>
      <ResendDialog message={resend} onClose={() => setResend(null)} onResent={list.reload} />
    </PageGuard>
  );
}
