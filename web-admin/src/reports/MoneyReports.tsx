// The money reports besides /admin/reporting: refunds, voids and chargebacks, the user report
//, a fan's purchase history, unlocked content and who bought a locked post.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, InputAdornment, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useParams, useSearchParams } from 'react-router-dom';
import { REPORT_SOURCE_LABELS, type ReportSource } from '../../../domain/reporting/reporting';
import { formatDate, money } from '../format';
import { reportsApi, type MovementRow } from './api';
import { amount, DateRangeBar, ErrorNote, HiddenEarningsNote, KindChip, lastDays, ReportPage, StatCard, useReport, type Range, ConsoleRouterLink } from './parts';
import { ExportButton, ReportTable, type Column } from './ReportTable';
import { POST_BUYERS_PAGE, postBuyersPath, PURCHASE_HISTORY_PAGE, purchaseHistoryPath, REVERSALS_PAGE, UNLOCKED_CONTENT_PAGE, USER_REPORT_PAGE } from './paths';

const PER_PAGE = 25;

function SearchBox({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId: string }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => text !== value && onChange(text), 350);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextField fullWidth={false} size="small" label={label} value={text} onChange={e => setText(e.target.value)} sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 280px' } }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': testId } }} />
  );
}

const fan = (r: { email: string | null; name: string | null; user_id: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Link component={ConsoleRouterLink} to={purchaseHistoryPath(r.user_id)} underline="hover">{r.name || r.email || r.user_id}</Link>
    {r.name && r.email ? <Typography variant="caption" color="text.secondary" component="div" noWrap>{r.email}</Typography> : null}
  </Box>
);
const sourceLabel = (s: string) => REPORT_SOURCE_LABELS[s as ReportSource] ?? s;

// ---- /admin/voids-refund-and-chargeback ---------------------------------------------------------------------

export function ReversalsPage() {
  const [range, setRange] = useState<Range>(() => lastDays(365));
  const [kind, setKind] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [range, kind, q]);
  const query = { from: range.from, to: range.to, kind: kind || null, q, page, per_page: PER_PAGE };
  const { data, error, loading, reload } = useReport('reversals', s => reportsApi.reversals(query, s), [range.from, range.to, kind, q, page]);
  const columns: Column<MovementRow>[] = [
    { label: 'Fan', render: fan },
    { label: 'Date', render: r => formatDate(r.at) },
    { label: 'Kind', render: r => <KindChip kind={r.kind} /> },
    { label: 'For', render: r => sourceLabel(r.source) },
    { label: 'Method', render: r => r.method },
    { label: 'Amount', align: 'right', render: r => amount(r.amount_cents) },
  ];
  return (
    <ReportPage page={REVERSALS_PAGE} title="Voids, refunds and chargebacks" subtitle="Money that went back to fans or their banks, and what it had paid for."
      actions={<ExportButton path="/admin-api/reports/reversals/export" query={{ from: range.from, to: range.to, kind: kind || null, q }} testId="reversals-export" />} testId="reversals-page">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateRangeBar value={range} onChange={setRange} />
        <TextField fullWidth={false} select size="small" label="Kind" value={kind} onChange={e => setKind(e.target.value)} sx={{ minWidth: 150 }} slotProps={{ htmlInput: { 'data-testid': 'reversals-kind' } }}>
          <MenuItem value="">All</MenuItem>
          <MenuItem value="refund">Refunds</MenuItem>
          <MenuItem value="void">Voids</MenuItem>
          <MenuItem value="chargeback">Chargebacks</MenuItem>
        </TextField>
        <SearchBox value={q} onChange={setQ} label="Fan email or name" testId="reversals-search" />
      </Stack>
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <HiddenEarningsNote hidden={data?.earnings_hidden} />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {(['refund', 'void', 'chargeback'] as const).map(k => (
          <StatCard key={k} testId={`stat-${k}`} label={{ refund: 'Refunds', void: 'Voids', chargeback: 'Chargebacks' }[k]}
            value={data ? amount(data.totals[k].cents) : '…'} hint={data ? `${data.totals[k].count} ${data.totals[k].count === 1 ? 'payment' : 'payments'}` : undefined} />
        ))}
      </Stack>
      <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.id} loading={loading} empty="No refunds, voids or chargebacks in this period." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="reversals-table" />
    </ReportPage>
  );
}

// ---- /admin/user-report --------------------------------------------------------------------------------------

export function UserReportPage() {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState('net_cents');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q, sort]);
  const query = { q, sort, page, per_page: PER_PAGE };
  const { data, error, loading, reload } = useReport('users', s => reportsApi.users(query, s), [q, sort, page]);
  type Row = NonNullable<typeof data>['rows'][number];
  const hidden = !!data?.earnings_hidden;
  const columns: Column<Row>[] = [
    { label: 'Fan', render: fan },
    { label: 'Purchases', align: 'right', render: r => r.purchases },
    { label: 'Came back', align: 'right', render: r => r.reversals || '—' },
    ...(hidden ? [] : [
      { label: 'Memberships', align: 'right' as const, small: false, render: (r: Row) => money((r.by_source.subscriptions ?? 0) + (r.by_source.rebills ?? 0)) },
      { label: 'Unlocks', align: 'right' as const, small: false, render: (r: Row) => money(r.by_source.unlocks) },
      { label: 'Tips', align: 'right' as const, small: false, render: (r: Row) => money(r.by_source.tips) },
      { label: 'Chat & messages', align: 'right' as const, small: false, render: (r: Row) => money((r.by_source.chat ?? 0) + (r.by_source.mass_messages ?? 0) + (r.by_source.live ?? 0)) },
    ]),
    { label: 'Last purchase', render: r => formatDate(r.last_purchase_at, false) },
    { label: 'Net paid', align: 'right', render: r => <strong>{amount(r.net_cents)}</strong> },
  ];
  return (
    <ReportPage page={USER_REPORT_PAGE} title="User report" subtitle="What each fan has paid, net of refunds, voids and chargebacks."
      actions={<ExportButton path="/admin-api/reports/users/export" query={{ q, sort }} testId="user-report-export" />} testId="user-report-page">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <SearchBox value={q} onChange={setQ} label="Fan email or name" testId="user-report-search" />
        <TextField fullWidth={false} select size="small" label="Sort by" value={sort} onChange={e => setSort(e.target.value)} sx={{ minWidth: 180 }} slotProps={{ htmlInput: { 'data-testid': 'user-report-sort' } }}>
          {!hidden ? <MenuItem value="net_cents">Net paid</MenuItem> : null}
          <MenuItem value="purchases">Purchases</MenuItem>
          <MenuItem value="last_purchase_at">Last purchase</MenuItem>
          <MenuItem value="registered_at">Newest fans</MenuItem>
          <MenuItem value="email">Email</MenuItem>
        </TextField>
      </Stack>
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <HiddenEarningsNote hidden={hidden} />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <StatCard testId="stat-paying-fans" label="Paying fans" value={data ? data.total : '…'} />
        <StatCard testId="stat-fans-net" label="Net from these fans" value={data ? amount(data.net_cents) : '…'} />
      </Stack>
      <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.user_id} loading={loading} empty="No fan has paid for anything yet." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="user-report-table" />
    </ReportPage>
  );
}

// ---- /admin/user-purchase-history ----------------------------------------------------------------------------

export function PurchaseHistoryPage() {
  const [params, setParams] = useSearchParams();
  const userId = params.get('user_id') ?? '';
  const email = params.get('email') ?? '';
  const [text, setText] = useState(email);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [userId, email]);
  const asked = !!(userId || email);
  const query = { user_id: userId || null, email: userId ? null : email || null, page, per_page: PER_PAGE };
  const { data, error, loading, reload } = useReport('purchaseHistory', s => (asked ? reportsApi.purchaseHistory(query, s) : Promise.resolve(null)), [userId, email, page]);
  const columns: Column<MovementRow>[] = [
    { label: 'Date', render: r => formatDate(r.at) },
    { label: 'What', render: r => sourceLabel(r.source) },
    { label: 'Kind', render: r => <KindChip kind={r.kind} /> },
    { label: 'Method', render: r => r.method },
    { label: 'Reference', small: false, render: r => (r.source === 'unlocks' && r.reference_id ? <Link component={ConsoleRouterLink} to={postBuyersPath(r.reference_id)}>Post</Link> : (r.reference_id ?? '—')) },
    { label: 'Amount', align: 'right', render: r => amount(r.amount_cents) },
  ];
  return (
    <ReportPage page={PURCHASE_HISTORY_PAGE} title="Purchase history" subtitle="Every payment of one fan, and what came back." testId="purchase-history-page">
      <Stack component="form" direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} onSubmit={e => {
        e.preventDefault();
        setParams(text.trim() ? { email: text.trim() } : {});
      }}>
        <TextField fullWidth={false} size="small" label="Fan's email" type="email" value={text} onChange={e => setText(e.target.value)} sx={{ flex: '1 1 260px', maxWidth: 420 }}
          slotProps={{ htmlInput: { 'data-testid': 'purchase-history-email' } }} />
        <Button type="submit" variant="contained" data-testid="purchase-history-find">Show purchases</Button>
      </Stack>
      {!asked ? (
        <Alert severity="info" data-testid="purchase-history-hint">Enter a fan's email, or open a fan from the user report.</Alert>
      ) : error ? (
        <ErrorNote message={error} onRetry={reload} />
      ) : (
        <>
          <HiddenEarningsNote hidden={data?.earnings_hidden} />
          {data?.user ? (
            <Card variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography variant="h6" data-testid="purchase-history-name">{data.user.name}</Typography>
                  <Typography variant="body2" color="text.secondary">{data.user.email} · joined {formatDate(data.user.registered_at, false)}</Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">Payments</Typography>
                  <Typography variant="h6">{data.total}</Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">Net paid</Typography>
                  <Typography variant="h6" data-testid="purchase-history-net">{amount(data.net_cents)}</Typography>
                </Box>
              </CardContent>
            </Card>
          ) : null}
          <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.id} loading={loading} empty="This fan has not paid for anything yet." total={data?.total ?? 0}
            page={page} perPage={PER_PAGE} onPage={setPage} testId="purchase-history-table" />
        </>
      )}
    </ReportPage>
  );
}

// ---- /admin/unlocked-content-user-list and /admin/purchased-by/locked-exclusive-content/:blogId/:promotion_id? ----

type UnlockRow = NonNullable<Awaited<ReturnType<typeof reportsApi.unlocks>>>['rows'][number];
const unlockColumns = (withPost: boolean): Column<UnlockRow>[] => [
  { label: 'Fan', render: fan },
  ...(withPost ? [{ label: 'Post', render: (r: UnlockRow) => <Link component={ConsoleRouterLink} to={postBuyersPath(r.root_post_id)} underline="hover">{(r.caption || 'Untitled post').slice(0, 60)}</Link> }] : []),
  { label: 'Unlocked', render: r => formatDate(r.unlocked_at) },
  { label: 'Price', render: r => (r.promotion_id ? <Chip size="small" label="Promotion price" color="secondary" variant="outlined" /> : 'Regular') },
  { label: 'Status', render: r => (r.reversed ? <KindChip kind={r.reversed} /> : <Chip size="small" label="Unlocked" color="success" variant="outlined" />) },
  { label: 'Paid', align: 'right', render: r => amount(r.amount_cents) },
];

export function UnlockedContentPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const { data, error, loading, reload } = useReport('unlocks', s => reportsApi.unlocks({ q, page, per_page: PER_PAGE }, s), [q, page]);
  return (
    <ReportPage page={UNLOCKED_CONTENT_PAGE} title="Unlocked content" subtitle="Who unlocked which locked post, and for how much."
      actions={<ExportButton path="/admin-api/reports/unlocks/export" query={{ q }} testId="unlocks-export" />} testId="unlocks-page">
      <SearchBox value={q} onChange={setQ} label="Fan or post caption" testId="unlocks-search" />
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <HiddenEarningsNote hidden={data?.earnings_hidden} />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <StatCard testId="stat-unlocks" label="Unlocks" value={data ? data.total : '…'} />
        <StatCard testId="stat-unlocks-net" label="Net from unlocks" value={data ? amount(data.net_cents) : '…'} hint="After refunds, voids and chargebacks" />
      </Stack>
      <ReportTable rows={data?.rows} columns={unlockColumns(true)} rowKey={r => r.payment_id} loading={loading} empty="Nobody has unlocked a post yet." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="unlocks-table" />
    </ReportPage>
  );
}

export function PostBuyersPage() {
  const params = useParams();
  const blogId = params.blogId ?? '';
  const promotionId = params.promotion_id ?? null;
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useReport('postBuyers', s => reportsApi.postBuyers(blogId, { promotion_id: promotionId, page, per_page: PER_PAGE }, s), [blogId, promotionId, page]);
  const p = data?.post;
  return (
    <ReportPage page={POST_BUYERS_PAGE} title="Locked post purchases" subtitle={promotionId ? 'Purchases at the promotion price only.' : 'Who bought this post, with its reused versions.'} testId="post-buyers-page">
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <HiddenEarningsNote hidden={data?.earnings_hidden} />
      {p ? (
        <Card variant="outlined" data-testid="post-buyers-summary">
          <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <Typography sx={{ wordBreak: 'break-word' }}>{p.caption || <em>No caption</em>}</Typography>
              <Typography variant="body2" color="text.secondary">
                {p.price_cents !== null ? `Locked · ${money(p.price_cents)}` : 'Locked'} · {p.versions.length === 1 ? 'no reused versions' : `${p.versions.length} versions grouped`}
              </Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">Buyers</Typography>
              <Typography variant="h6" data-testid="post-buyers-count">{data.buyers}</Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">Net revenue</Typography>
              <Typography variant="h6" data-testid="post-buyers-net">{amount(data.net_cents)}</Typography>
            </Box>
          </CardContent>
        </Card>
      ) : null}
      <ReportTable rows={data?.rows} columns={unlockColumns(false)} rowKey={r => r.payment_id} loading={loading} empty="Nobody has bought this post yet." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="post-buyers-table" />
    </ReportPage>
  );
}
