// /profile/payments: the fan's own payments (memberships, renewals, unlocks, tips, top-ups, refunds) with a CSV
// of all of them; /profile/payments/:id: one receipt, printable and downloadable as text.
// Data: GET /api/users/payments and GET /api/users/payments/:id (api/routes/my-payments.ts).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { formatMoney } from '../../../domain/shared/money';
import { paymentsCsv, type PaymentHistoryPage, type PaymentHistoryRow, type PaymentReceiptView } from '../../../domain/payment/history';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { api, errorMessage } from '../api';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';
import { download } from './download';
import { PaymentRow, PaymentsLoading } from './PaymentRow';
import { ReceiptDetails } from './ReceiptDetails';

const PAGE_SIZE = 20;
/** The API's largest page: the CSV asks for everything in pages of this size. */
const CSV_PAGE = 1000;

export function PaymentsPage() {
  const paged = usePagedList({
    key: ['payments'],
    load: async (pageNum: number) => (await api.get<PaymentHistoryPage>('/api/users/payments', { page: pageNum, limit: PAGE_SIZE })).data,
    items: (p: PaymentHistoryPage) => p.payments,
    nextPage: (last: PaymentHistoryPage, loaded: number) => (loaded * PAGE_SIZE < last.total ? loaded + 1 : undefined),
  });
  const list = paged.first ? { ...paged.first, payments: paged.items } : null;
  const error = paged.error ? errorMessage(paged.error) : null;
  const loadingMore = paged.loadingMore;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const rows: PaymentHistoryRow[] = [];
      for (let p = 1; ; p++) {
        const { data } = await api.get<PaymentHistoryPage>('/api/users/payments', { page: p, limit: CSV_PAGE });
        rows.push(...data.payments);
        if (data.payments.length < CSV_PAGE || rows.length >= data.total) break;
      }
      download(`payments-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8', paymentsCsv(rows));
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const empty = list !== null && list.total === 0;
  return (
    <Column width={720}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, mx: { xs: 2, sm: 0 }, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Payments and receipts
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadRounded />}
          onClick={() => void exportCsv()}
          disabled={!list || empty || exporting}
          data-testid="payments-csv"
        >
          {exporting ? 'Preparing…' : 'Download CSV'}
        </Button>
      </Box>
      {exportError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mx: { xs: 2, sm: 0 }, mb: 1 }}>
          Could not prepare the CSV: {exportError}
        </Typography>
      )}
      {error && !list ? (
        <ErrorState title="Could not load your payments" message={error} onRetry={paged.retry} />
      ) : !list ? (
        <PaymentsLoading />
      ) : empty ? (
        <EmptyState title="No payments yet" icon={<ReceiptLongRounded />}>
          Memberships, unlocked posts, tips and wallet top-ups you pay for will be listed here, each with its receipt.
        </EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, mx: { xs: 1.5, sm: 0 }, overflow: 'hidden' }} data-testid="payments-list">
          <Box sx={{ px: 2, py: 1.5, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {list.total} {list.total === 1 ? 'payment' : 'payments'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Paid in total{' '}
              <Box component="strong" sx={{ color: 'text.primary' }} data-testid="payments-total">
                {formatMoney(list.total_paid_cents)}
              </Box>
            </Typography>
          </Box>
          <Divider />
          <List disablePadding>
            {list.payments.map((p) => (
              <PaymentRow key={p.id} p={p} />
            ))}
          </List>
          {list.payments.length < list.total && (
            <Box sx={{ p: 1.5, textAlign: 'center' }}>
              <Button onClick={paged.loadMore} disabled={loadingMore} data-testid="payments-more">
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
              {error && (
                <Typography role="alert" color="error" variant="body2">
                  {error}
                </Typography>
              )}
            </Box>
          )}
        </Paper>
      )}
    </Column>
  );
}

export function ReceiptPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['receipt', id],
    queryFn: async ({ signal }) => (await api.get<PaymentReceiptView>(`/api/users/payments/${encodeURIComponent(id)}`, undefined, signal)).data,
  });
  // While "Try again" reads it again, the receipt's skeleton shows (not the old error).
  const error = query.isError && !query.isFetching ? errorMessage(query.error) : null;
  const receipt = query.data ?? null;

  const back = (
    <Button component={RouterLink} to="/profile/payments" startIcon={<ArrowBackRounded />} size="small" data-print-hide data-testid="receipt-back">
      All payments
    </Button>
  );
  if (error) {
    return (
      <Column width={560}>
        <Box sx={{ mx: { xs: 2, sm: 0 }, mb: 1 }}>{back}</Box>
        <ErrorState title="Could not load the receipt" message={error} onRetry={() => void query.refetch()} />
      </Column>
    );
  }
  return (
    <Column width={560}>
      {/* Printing shows the receipt alone, without the site's bars and buttons. */}
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '#receipt, #receipt *': { visibility: 'visible' },
            '#receipt': { position: 'absolute', left: 0, top: 0, width: '100%', border: 'none' },
            '#receipt [data-print-hide]': { display: 'none' },
          },
        }}
      />
      <Box sx={{ mx: { xs: 2, sm: 0 }, mb: 1 }}>{back}</Box>
      <Paper id="receipt" variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 }, mx: { xs: 1.5, sm: 0 } }} data-testid="receipt" aria-busy={!receipt}>
        {!receipt ? (
          <>
            <Skeleton width="50%" height={36} />
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} />
            ))}
          </>
        ) : (
          <ReceiptDetails receipt={receipt} />
        )}
      </Paper>
    </Column>
  );
}
