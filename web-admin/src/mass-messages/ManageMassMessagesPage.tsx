// /admin/manage-mass-messages: every mass message with its status, the
// delivery progress live (MASS_MESSAGE_UPDATED), purchases and revenue with a small chart, a status filter, pages,
// Cancel; and the Failed tab — the messages in error (GET /admin/get-error-mass-messages: media that failed to
// render) with the reason and Resend (the same message again, optionally with other media from the Content Manager).
import { useState } from 'react';
import { Alert, Badge, Box, Button, FormControl, InputLabel, MenuItem, Pagination, Select, Stack, Tab, Tabs, Typography } from '@mui/material';
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
  const [tab, setTab] = useState<'all' | 'failed'>('all');
  const list = useMassList(['list', page, PER_PAGE, status], signal => massApi.list({ page, per_page: PER_PAGE, status }, signal));
  // The failed list is read on every MASS_MESSAGE_UPDATED of a message it does not hold yet (useMassList), so a
  // message that fails while the page is open joins it, and one resent leaves it on its next read.
  const failed = useMassList(['errors'], signal => massApi.errors(signal));
  const failedCount = failed.data?.items.filter(m => m.status === 'error').length ?? 0;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const statusFilter = (
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
  );
  const failedPanel = failed.error ? (
    <Alert severity="error" action={<Button onClick={failed.reload}>Retry</Button>}>
      {failed.error}
    </Alert>
  ) : failed.loading && !failed.data ? (
    <RowsSkeleton rows={1} />
  ) : failed.data?.items.length ? (
    <Stack spacing={1.5} data-testid="mass-error-list">
      <Typography variant="body2" color="text.secondary">
        These messages reached nobody: their media could not be processed. Resend sends the same message again, with its own media or others from the Content Manager.
      </Typography>
      {failed.data.items.map(m => (
        <MassRow key={m._id} m={m} role={role} onCancelled={failed.replace} onResend={setResend} />
      ))}
    </Stack>
  ) : (
    <Typography color="text.secondary" data-testid="mass-errors-empty">
      No failed mass messages.
    </Typography>
  );
  const allPanel = (
    <>
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
    </>
  );
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
          {tab === 'all' ? statusFilter : null}
        </Stack>
        <Tabs value={tab} onChange={(_, v: 'all' | 'failed') => setTab(v)} aria-label="Mass message lists" variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: 420 }}>
          <Tab value="all" label="All messages" data-testid="mass-tab-all" />
          <Tab
            value="failed"
            data-testid="mass-tab-failed"
            label={
              <Badge color="error" badgeContent={failedCount} invisible={failedCount === 0} sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }} data-testid="mass-failed-count">
                Failed
              </Badge>
            }
          />
        </Tabs>
        {tab === 'failed' ? failedPanel : allPanel}
      </Stack>
      <ResendDialog
        message={resend}
        onClose={() => setResend(null)}
        onResent={view => {
          failed.replace(view);
          failed.reload();
          list.reload();
        }}
      />
    </PageGuard>
  );
}
