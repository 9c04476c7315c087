// Shared pieces of the report pages: the loading hook, the page frame, the date range bar and stat cards (the table
// and the CSV button are ReportTable.tsx, the stacked earnings chart StackedBars.tsx).
import { forwardRef, type ReactNode } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { useBasename } from 'react-admin';
import { money } from '../format';
import { readError, useLiveQuery } from '../query';
import { PageGuard } from '../promotions/PageGuard';

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

export const KIND_LABELS: Record<string, string> = { capture: 'Payment', refund: 'Refund', void: 'Void', chargeback: 'Chargeback' };
export const KindChip = ({ kind }: { kind: string }) => (
  <Chip size="small" variant={kind === 'capture' ? 'outlined' : 'filled'} color={kind === 'chargeback' ? 'error' : kind === 'capture' ? 'default' : 'warning'} label={KIND_LABELS[kind] ?? kind} />
);
