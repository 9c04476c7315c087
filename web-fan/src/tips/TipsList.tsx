// The tips list (POST /api/chat/get_tips_list): a fan's own tips, or everyone's for staff (with names). The
// total at the top, then amount, note, date and a chip for a tip that was taken back; 'Load more' pages on.
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import type { TipListView, TipView } from '../../../domain/tip/wire';
import { formatMoney } from '../../../domain/shared/money';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { api, errorMessage } from '../api';
import { fullDate, relativeTime } from '../format';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { setBellCounts, type BellCounts } from '../notifications/counts';

const STATUS_LABEL: Record<TipView['status'], string> = { paid: 'Paid', refunded: 'Refunded', voided: 'Voided', chargeback: 'Chargeback' };

function TipRow({ tip, showName, divider }: { tip: TipView; showName: boolean; divider: boolean }) {
  return (
    <ListItem divider={divider} sx={{ gap: 1.5, py: 1.5, alignItems: 'flex-start' }} data-testid="tip-row" data-tip-id={tip._id} data-status={tip.status}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="tip-amount-cell">
            {formatMoney(tip.amount_cents)}
          </Typography>
          {showName && (
            <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: '60%' }} data-testid="tip-user">
              from {tip.user?.name || 'Anonymous'}
            </Typography>
          )}
          {tip.status !== 'paid' && <Chip size="small" color="warning" variant="outlined" label={STATUS_LABEL[tip.status]} data-testid="tip-status" />}
        </Box>
        {tip.tipMessage && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="tip-note-cell">
            {tip.tipMessage}
          </Typography>
        )}
      </Box>
      <Tooltip title={fullDate(tip.created)}>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, mt: 0.5 }} component="span">
          {relativeTime(tip.created)}
        </Typography>
      </Tooltip>
    </ListItem>
  );
}

/** `reloadKey` changes when a tip was just sent: the list starts again from page 1. */
export function TipsList({ staff, reloadKey = 0 }: { staff: boolean; reloadKey?: number }) {
  const paged = usePagedList({
    key: ['tips', staff ? 'staff' : 'own', reloadKey],
    load: async (pageNum: number) => (await api.post<TipListView>('/api/chat/get_tips_list', { pageNum })).data,
    items: (p: TipListView) => p.tips,
    nextPage: (last: TipListView) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });
  const list = paged.first ? { ...paged.first, tips: paged.items } : null;
  const error = paged.error ? errorMessage(paged.error) : null;
  const loadingMore = paged.loadingMore;
  // Staff opened the tips: the Tips tab's unread-tips badge clears.
  useEffect(() => {
    if (staff) api.post<BellCounts>('/api/notifications/read', { type: 'tips' }).then((r) => setBellCounts(r.data), () => undefined);
  }, [staff, reloadKey]);

  if (error && !list) return <ErrorState title="Could not load the tips" message={error} onRetry={paged.retry} />;
  if (!list) {
    return (
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mx: { xs: 1.5, sm: 0 } }} aria-busy="true" data-testid="tips-loading">
        <Skeleton width="40%" height={32} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Paper>
    );
  }
  if (list.tips.length === 0) {
    return (
      <EmptyState title="No tips yet" icon={<VolunteerActivismRounded />}>
        {staff ? 'Tips from fans will show here.' : 'Your tips will show here.'}
      </EmptyState>
    );
  }
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden', mx: { xs: 1.5, sm: 0 } }} data-testid="tips-list">
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          {list.totalTips} {list.totalTips === 1 ? 'tip' : 'tips'}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>
          Total <Box component="span" data-testid="tips-total">{formatMoney(list.totalAmountCents)}</Box>
        </Typography>
      </Box>
      <List disablePadding aria-label="Tips">
        {list.tips.map((tip, i) => (
          <TipRow key={tip._id} tip={tip} showName={staff} divider={i < list.tips.length - 1} />
        ))}
      </List>
      {paged.hasMore && (
        <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Button onClick={paged.loadMore} disabled={loadingMore} data-testid="tips-more">
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}
      {error && (
        <Typography color="error" variant="body2" sx={{ p: 1.5 }} role="alert">
          {error}
        </Typography>
      )}
    </Paper>
  );
}
