// Shared pieces of the report pages: the loading hook, the date range bar, stat cards, the responsive table,
// the server-made CSV button and the stacked earnings chart.
import { forwardRef, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router-dom';
import {
  Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Pagination, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton,
  ToggleButtonGroup, Typography, useTheme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { useBasename, useNotify } from 'react-admin';
import { consoleHeaders, SERVER_DOWN_MESSAGE } from '../api';
import { Responsive } from '../components/ResponsiveList';
import { money } from '../format';
import { readError, useLiveQuery } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { queryString, type Query } from './api';

/** A router link to a console path (under /admin): the console's router has no basename of its own. */
export const ConsoleRouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function ConsoleRouterLink({ to, ...rest }, ref) {
  const basename = useBasename();
  return <RouterLink ref={ref} to={typeof to === 'string' && to.startsWith('/') ? `${basename}${to}` : to} {...rest} />;
});

/**
 * A report through the read cache, keyed by its name and inputs: read again when an input changes (the last
 * answer stays up meanwhile) and when the site's data may have moved on (after a gap in the live connection).
 */
export function useReport<T>(name: string, load: (signal: AbortSignal) => Promise<T>, inputs: unknown[]) {
  const query = useLiveQuery(['report', name, ...inputs], load, { keepPrevious: true });
  return { data: query.data ?? null, error: readError(query.error), loading: query.isFetching, reload: () => void query.refetch() };
}

export function ReportPage({ page, title, subtitle, actions, children, testId }: { page: string; title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <PageGuard page={page} title={title}>
      <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 1280, minWidth: 0 }} data-testid={testId}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1">{title}</Typography>
            {subtitle ? <Typography variant="body2" color="text.secondary">{subtitle}</Typography> : null}
          </Box>
          {actions ? <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>{actions}</Stack> : null}
        </Stack>
        {children}
      </Stack>
    </PageGuard>
  );
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>} data-testid="report-error">
      {message}
    </Alert>
  );
}

export function HiddenEarningsNote({ hidden }: { hidden: boolean | undefined }) {
  if (!hidden) return null;
  return (
    <Alert severity="info" data-testid="earnings-hidden">
      Earnings are hidden for your role (the hide earnings setting is on): counts are shown, amounts are not.
    </Alert>
  );
}

// ---- dates -------------------------------------------------------------------------------------------------

export interface Range {
  from: string;
  to: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const lastDays = (n: number): Range => {
  const to = new Date();
  return { from: isoDay(new Date(to.getTime() - (n - 1) * 86_400_000)), to: isoDay(to) };
};
const PRESETS: { key: string; label: string; days: number }[] = [
  { key: '7', label: '7 days', days: 7 },
  { key: '30', label: '30 days', days: 30 },
  { key: '90', label: '90 days', days: 90 },
  { key: '365', label: '12 months', days: 365 },
];

/** Preset ranges and a from/to picker (days, UTC, both ends included). */
export function DateRangeBar({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  const preset = PRESETS.find(p => {
    const r = lastDays(p.days);
    return r.from === value.from && r.to === value.to;
  })?.key;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="date-range">
      <ToggleButtonGroup size="small" exclusive value={preset ?? null} onChange={(_e, key) => key && onChange(lastDays(PRESETS.find(p => p.key === key)!.days))} aria-label="Period">
        {PRESETS.map(p => (
          <ToggleButton key={p.key} value={p.key} data-testid={`range-${p.key}`} sx={{ px: 1.25 }}>
            {p.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" sx={{ gap: 1 }}>
        <TextField fullWidth={false} size="small" type="date" label="From" value={value.from} onChange={e => e.target.value && onChange({ ...value, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-from', max: value.to } }} sx={{ width: 158 }} />
        <TextField fullWidth={false} size="small" type="date" label="To" value={value.to} onChange={e => e.target.value && onChange({ ...value, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-to', min: value.from } }} sx={{ width: 158 }} />
      </Stack>
    </Stack>
  );
}

// ---- figures -----------------------------------------------------------------------------------------------

export function Change({ percent, testId }: { percent: number | null | undefined; testId?: string }) {
  if (percent === undefined) return null;
  if (percent === null) return <Typography variant="caption" color="text.secondary" data-testid={testId}>new</Typography>;
  const up = percent >= 0;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.25, color: percent === 0 ? 'text.secondary' : up ? 'success.main' : 'error.main' }} data-testid={testId}>
      {percent === 0 ? null : up ? <TrendingUpIcon sx={{ fontSize: 16 }} /> : <TrendingDownIcon sx={{ fontSize: 16 }} />}
      <Typography variant="caption" sx={{ fontWeight: 600 }}>{`${up && percent > 0 ? '+' : ''}${percent}%`}</Typography>
    </Stack>
  );
}

export function StatCard({ label, value, hint, change, testId }: { label: string; value: ReactNode; hint?: ReactNode; change?: number | null; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px', minWidth: 0 }} data-testid={testId}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: '.06em' }}>{label}</Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-value`}>{value}</Typography>
          <Change percent={change} testId={`${testId}-change`} />
        </Stack>
        {hint ? <Typography variant="caption" color="text.secondary" component="div">{hint}</Typography> : null}
      </CardContent>
    </Card>
  );
}

export const amount = (cents: number | null | undefined) => (cents === null ? 'Hidden' : money(cents));

// ---- the table ---------------------------------------------------------------------------------------------

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right' | 'left';
  /** Shown on phones (cards) as a line; the first column is the card's title. */
  small?: boolean;
}

/** A paginated table (cards on phones) with loading and empty states. */
export function ReportTable<T>({
  rows, columns, rowKey, loading, empty, total, page, perPage, onPage, testId,
}: {
  rows: T[] | undefined; columns: Column<T>[]; rowKey: (row: T) => string; loading: boolean; empty: string; total: number; page: number; perPage: number;
  onPage: (p: number) => void; testId: string;
}) {
  if (!rows) return <Skeleton variant="rounded" height={240} data-testid={`${testId}-loading`} />;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Card variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {loading ? <CircularProgress size={20} sx={{ position: 'absolute', right: 12, top: 12 }} /> : null}
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid={`${testId}-empty`}>{empty}</Typography>
      ) : (
        <Responsive
          small={
            <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid={testId}>
              {rows.map(r => (
                <Box key={rowKey(r)} sx={{ p: 1.5 }} data-testid={`${testId}-row`}>
                  <Box sx={{ fontWeight: 600, mb: 0.5, wordBreak: 'break-word' }}>{columns[0].render(r)}</Box>
                  {columns.slice(1).filter(c => c.small !== false).map(c => (
                    <Stack key={c.label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                      <Typography variant="caption" color="text.secondary">{c.label}</Typography>
                      <Typography variant="body2" component="div" sx={{ textAlign: 'right', minWidth: 0, wordBreak: 'break-word' }}>{c.render(r)}</Typography>
                    </Stack>
                  ))}
                </Box>
              ))}
            </Stack>
          }
          large={
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid={testId}>
                <TableHead>
                  <TableRow>
                    {columns.map(c => <TableCell key={c.label} align={c.align} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{c.label}</TableCell>)}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map(r => (
                    <TableRow key={rowKey(r)} hover data-testid={`${testId}-row`}>
                      {columns.map(c => <TableCell key={c.label} align={c.align} sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.render(r)}</TableCell>)}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          }
        />
      )}
      {pages > 1 ? (
        <Stack direction="row" sx={{ justifyContent: 'center', p: 1, borderTop: 1, borderColor: 'divider' }}>
          <Pagination size="small" count={pages} page={page} onChange={(_e, p) => onPage(p)} data-testid={`${testId}-pages`} />
        </Stack>
      ) : null}
    </Card>
  );
}

// ---- CSV ---------------------------------------------------------------------------------------------------

/** Downloads the server's CSV (the server records the export on the Audit page). */
export function ExportButton({ path, query, testId }: { path: string; query: Query; testId: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = useCallback(async () => {
    setBusy(true);
    try {
      const r = await fetch(`${path}${queryString(query)}`, { headers: consoleHeaders({ Accept: 'text/csv' }) });
      if (!r.ok) {
        const body = await r.json().catch(() => null);
        throw new Error(body?.message || (r.status >= 500 ? SERVER_DOWN_MESSAGE : 'Invalid Request'));
      }
      const name = /filename="?([^";]+)"?/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
      const url = URL.createObjectURL(await r.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      notify((e as Error).message || 'Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }, [path, query, notify]);
  return (
    <Button variant="outlined" size="small" onClick={onClick} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} data-testid={testId}>
      Export CSV
    </Button>
  );
}

// ---- the chart ---------------------------------------------------------------------------------------------

export interface StackSeries {
  key: string;
  label: string;
  color: string;
}

const HEIGHT = 260;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

const niceMax = (v: number) => {
  if (v <= 0) return 100;
  const exp = Math.pow(10, Math.floor(Math.log10(v)));
  const f = v / exp;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * exp;
};
const compact = (cents: number, asMoney: boolean) => {
  const v = asMoney ? cents / 100 : cents;
  const s = Math.abs(v) >= 1000 ? `${(v / 1000).toFixed(Math.abs(v) >= 10000 ? 0 : 1)}k` : `${Number.isInteger(v) ? v : v.toFixed(2)}`;
  return asMoney ? `$${s}` : s;
};

/**
 * Stacked bars per period (positive values up; what came back — a negative net for a source — down below zero),
 * SVG measured with ResizeObserver. `values[period][series]` in cents (or counts when `asMoney` is false).
 */
export function StackedBars({ periods, series, values, label, asMoney = true, periodLabel }: {
  periods: string[]; series: StackSeries[]; values: Record<string, Record<string, number>>; label: string; asMoney?: boolean; periodLabel: (p: string) => string;
}) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const o = new ResizeObserver(entries => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(Math.floor(w));
    });
    o.observe(el);
    return () => o.disconnect();
  }, []);
  const pos = periods.map(p => series.reduce((n, s) => n + Math.max(0, values[p]?.[s.key] ?? 0), 0));
  const neg = periods.map(p => series.reduce((n, s) => n + Math.min(0, values[p]?.[s.key] ?? 0), 0));
  const top = niceMax(Math.max(0, ...pos));
  const bottom = Math.min(0, ...neg) < 0 ? -niceMax(-Math.min(...neg)) : 0;
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * innerH;
  const step = periods.length ? innerW / periods.length : 0;
  const barW = Math.max(2, Math.min(48, step * 0.7));
  const every = Math.max(1, Math.ceil(periods.length / Math.max(1, Math.floor(innerW / 56))));
  const ticks = [top, top / 2, 0, ...(bottom < 0 ? [bottom] : [])];
  return (
    <Box sx={{ width: '100%', minWidth: 0 }} data-testid="report-chart">
      {/* Measured box, chart drawn absolutely inside: the svg's width never widens the page (375 px phones). */}
      <Box ref={ref} sx={{ position: 'relative', height: HEIGHT, width: '100%', overflow: 'hidden' }}>
      {width > 0 ? (
        <svg width={width} height={HEIGHT} role="img" aria-label={label} style={{ position: 'absolute', left: 0, top: 0, display: 'block', fontFamily: theme.typography.fontFamily }}>
          <title>{label}</title>
          {ticks.map(t => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} strokeDasharray={t === 0 ? undefined : '3 3'} />
              <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>{compact(t, asMoney)}</text>
            </g>
          ))}
          {periods.map((p, i) => {
            const x = PAD.left + i * step + (step - barW) / 2;
            let up = 0;
            let down = 0;
            return (
              <g key={p} data-period={p}>
                {series.map(s => {
                  const v = values[p]?.[s.key] ?? 0;
                  if (!v) return null;
                  const from = v > 0 ? up : down;
                  const to = from + v;
                  if (v > 0) up = to;
                  else down = to;
                  const y1 = y(Math.max(from, to));
                  const h = Math.max(1, Math.abs(y(from) - y(to)));
                  return (
                    <rect key={s.key} x={x} y={y1} width={barW} height={h} fill={s.color} opacity={v < 0 ? 0.55 : 1}>
                      <title>{`${periodLabel(p)} · ${s.label}: ${asMoney ? money(v) : v}`}</title>
                    </rect>
                  );
                })}
                {(periods.length - 1 - i) % every === 0 ? (
                  <text x={PAD.left + i * step + step / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>{periodLabel(p)}</text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : null}
      </Box>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
        {series.map(s => (
          <Stack key={s.key} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: s.color }} />
            <Typography variant="caption" color="text.secondary">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export const KIND_LABELS: Record<string, string> = { capture: 'Payment', refund: 'Refund', void: 'Void', chargeback: 'Chargeback' };
export const KindChip = ({ kind }: { kind: string }) => (
  <Chip size="small" variant={kind === 'capture' ? 'outlined' : 'filled'} color={kind === 'chargeback' ? 'error' : kind === 'capture' ? 'default' : 'warning'} label={KIND_LABELS[kind] ?? kind} />
);
