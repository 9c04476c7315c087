// /profile/payments: the fan's own payments (memberships, renewals, unlocks, tips, top-ups, refunds) with a CSV
// of all of them; /profile/payments/:id: one receipt, printable and downloadable as text.
// Data: GET /api/users/payments and GET /api/users/payments/:id (api/routes/my-payments.ts).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { formatMoney } from '../../../domain/shared/money';
import { paymentsCsv, receiptText, statusLabel, type PaymentHistoryPage, type PaymentHistoryRow, type PaymentReceiptView } from '../../../domain/payment/history';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { api, errorMessage } from '../api';
import { fullDate, relativeTime } from '../format';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';

const PAGE_SIZE = 20;
/** The API's largest page: the CSV asks for everything in pages of this size. */
const CSV_PAGE = 1000;

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const isMoneyBack = (p: PaymentHistoryRow) => p.amount_cents < 0;

function StatusChip({ payment }: { payment: PaymentHistoryRow }) {
  if (payment.status === 'captured' && !isMoneyBack(payment)) return null;
  const color = payment.status === 'failed' ? 'error' : payment.status === 'pending' ? 'info' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={statusLabel(payment)} data-testid="payment-status" />;
}

function PaymentRow({ p }: { p: PaymentHistoryRow }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={`/profile/payments/${p.id}`}
      divider
      sx={{ gap: 1.5, py: 1.5, alignItems: 'center' }}
      data-testid="payment-row"
      data-type={p.type}
      aria-label={`${p.label}, ${formatMoney(p.amount_cents)}, ${fullDate(p.created_at)}: open the receipt`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="payment-label">
            {p.label}
          </Typography>
          <StatusChip payment={p} />
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap>
          <Tooltip title={fullDate(p.created_at)}>
            <span>{relativeTime(p.created_at)}</span>
          </Tooltip>
          {' · '}
          {p.paid_with}
        </Typography>
      </Box>
      <Typography
        sx={{ fontWeight: 700, flexShrink: 0, color: isMoneyBack(p) ? 'success.main' : p.status === 'failed' ? 'text.disabled' : 'text.primary', textDecoration: p.status === 'failed' ? 'line-through' : 'none' }}
        data-testid="payment-amount"
      >
        {formatMoney(p.amount_cents)}
      </Typography>
    </ListItemButton>
  );
}

function ListSkeleton() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mx: { xs: 1.5, sm: 0 } }} aria-busy="true" data-testid="payments-loading">
      {[0, 1, 2, 3].map((i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: 'space-between', py: 1.25 }}>
          <Box sx={{ width: '60%' }}>
            <Skeleton width="55%" />
            <Skeleton width="80%" />
          </Box>
          <Skeleton width={60} />
        </Box>
      ))}
    </Paper>
  );
}

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
        <ListSkeleton />
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

function ReceiptLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function ReceiptPage() {
  const { id = '' } = useParams();
  const [receipt, setReceipt] = useState<PaymentReceiptView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setError(null);
    setReceipt(null);
    api
      .get<PaymentReceiptView>(`/api/users/payments/${encodeURIComponent(id)}`, undefined, abort.signal)
      .then(({ data }) => setReceipt(data))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(err));
      });
    return () => abort.abort();
  }, [id, attempt]);

  const back = (
    <Button component={RouterLink} to="/profile/payments" startIcon={<ArrowBackRounded />} size="small" data-print-hide data-testid="receipt-back">
      All payments
    </Button>
  );
  if (error) {
    return (
      <Column width={560}>
        <Box sx={{ mx: { xs: 2, sm: 0 }, mb: 1 }}>{back}</Box>
        <ErrorState title="Could not load the receipt" message={error} onRetry={() => setAttempt((a) => a + 1)} />
      </Column>
    );
  }
  const p = receipt?.payment;
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
        {!receipt || !p ? (
          <>
            <Skeleton width="50%" height={36} />
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} />
            ))}
          </>
        ) : (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="overline" color="text.secondary">
                  Receipt
                </Typography>
                <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="receipt-merchant">
                  {receipt.merchant.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {receipt.merchant.url}
                </Typography>
              </Box>
              <Typography variant="h5" sx={{ fontWeight: 700, flexShrink: 0 }} data-testid="receipt-amount">
                {formatMoney(p.amount_cents)}
              </Typography>
            </Box>
            <Divider sx={{ my: 1 }} />
            <ReceiptLine label="Item" value={p.label} testId="receipt-item" />
            <ReceiptLine label="Date" value={fullDate(p.created_at)} />
            <ReceiptLine label="Status" value={statusLabel(p)} testId="receipt-status" />
            <ReceiptLine label="Paid with" value={p.paid_with} />
            <ReceiptLine label="Billed to" value={`${receipt.customer.name} · ${receipt.customer.email}`} />
            <ReceiptLine label="Receipt number" value={p.id} />
            {p.gateway_transaction_id && <ReceiptLine label="Provider reference" value={p.gateway_transaction_id} />}
            {isMoneyBack(p) && p.reference_id && <ReceiptLine label="For payment" value={p.reference_id} />}
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }} data-print-hide>
              <Button variant="contained" startIcon={<PrintRounded />} onClick={() => window.print()} data-testid="receipt-print">
                Print
              </Button>
              <Button
                variant="outlined"
                startIcon={<DownloadRounded />}
                onClick={() => download(`receipt-${p.id}.txt`, 'text/plain;charset=utf-8', receiptText(receipt))}
                data-testid="receipt-download"
              >
                Download
              </Button>
            </Box>
          </>
        )}
      </Paper>
    </Column>
  );
}
