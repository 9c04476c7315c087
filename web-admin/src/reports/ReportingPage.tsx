// /admin/reporting: earnings by day, week or month and by source, against the previous period of
// the same length, memberships by tier (./TierEarnings.tsx), with the server's CSV. The content manager sees it with the reporting setting on; under
// hide_earnings the model and the content manager see counts only (the API sends no amounts).
import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { REPORT_SOURCES, REPORT_SOURCE_LABELS, type ReportGrouping } from '../../../domain/reporting/reporting';
import { money } from '../format';
import { reportsApi } from './api';
import { amount, Change, DateRangeBar, ErrorNote, HiddenEarningsNote, lastDays, ReportPage, StatCard, useReport, type Range, ConsoleRouterLink } from './parts';
import { ExportButton } from './ReportTable';
import { StackedBars } from './StackedBars';
import { TierEarnings } from './TierEarnings';
import { REPORTING_PAGE, REPORTING_SETTINGS_PAGE } from './paths';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { usePermissions } from 'react-admin';
import { mayOpenPage } from '../access';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const periodLabel = (group: ReportGrouping) => (p: string) => {
  const [y, m, d] = p.split('-').map(Number);
  return group === 'month' ? `${MONTHS[m - 1]} ${String(y).slice(2)}` : `${m}/${d}`;
};

export function ReportingPage() {
  const theme = useTheme();
  const { permissions } = usePermissions();
  const [range, setRange] = useState<Range>(() => lastDays(30));
  const [group, setGroup] = useState<ReportGrouping | null>(null);
  const query = { from: range.from, to: range.to, group };
  const { data, error, loading, reload } = useReport('earnings', signal => reportsApi.earnings(query, signal), [range.from, range.to, group]);
  const shownGroup = group ?? data?.group ?? 'day';
  // One colour per source, apart from each other whatever the site's theme colour is (only subscriptions take it).
  const colors: Record<string, string> = {
    subscriptions: theme.palette.primary.main,
    rebills: '#5c6bc0',
    unlocks: '#26a69a',
    tips: '#ffa726',
    chat: '#29b6f6',
    mass_messages: '#ab47bc',
    live: '#8d6e63',
    shop: '#78909c',
    bookings: '#ec407a',
  };
  const series = REPORT_SOURCES.map(s => ({ key: s, label: REPORT_SOURCE_LABELS[s], color: colors[s] }));
  const hidden = !!data?.earnings_hidden;
  const values = useMemo(
    () => Object.fromEntries((data?.buckets ?? []).map(b => [b.period, Object.fromEntries(REPORT_SOURCES.map(s => [s, hidden ? 0 : (b.by_source[s] ?? 0)]))])),
    [data, hidden],
  );
  // Without amounts the chart shows the number of sales per period instead.
  const counts = useMemo(() => Object.fromEntries((data?.buckets ?? []).map(b => [b.period, { sales: b.count }])), [data]);
  const t = data?.totals;
  const reversed = t && !hidden ? (t.refunded_cents ?? 0) + (t.voided_cents ?? 0) + (t.charged_back_cents ?? 0) : null;
  const empty = data && data.totals.count === 0 && (data.totals.total_cents ?? 0) === 0;
  return (
    <ReportPage
      page={REPORTING_PAGE}
      title="Reporting"
      subtitle={data ? `${data.from} – ${data.to}, compared with ${data.previous.from} – ${data.previous.to}` : 'Earnings by period and source'}
      actions={
        <>
          {mayOpenPage(permissions, REPORTING_SETTINGS_PAGE) ? <Button size="small" component={ConsoleRouterLink} to="/settings/reporting-page" startIcon={<TuneOutlinedIcon />}>Settings</Button> : null}
          <ExportButton path="/admin-api/reports/earnings/export" query={{ from: range.from, to: range.to }} testId="reporting-export" />
        </>
      }
      testId="reporting-page"
    >
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <DateRangeBar value={range} onChange={setRange} />
        <ToggleButtonGroup size="small" exclusive value={shownGroup} onChange={(_e, g) => g && setGroup(g)} aria-label="Group by">
          {(['day', 'week', 'month'] as const).map(g => (
            <ToggleButton key={g} value={g} data-testid={`group-${g}`} sx={{ px: 1.5, textTransform: 'capitalize' }}>{g}</ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <HiddenEarningsNote hidden={hidden} />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <StatCard testId="stat-net" label="Net earnings" value={t ? amount(t.total_cents) : '…'} change={hidden ? undefined : data?.change_percent}
          hint={data && !hidden ? `Previous period ${money(data.previous.totals.total_cents)}` : undefined} />
        <StatCard testId="stat-sales" label="Sales" value={t ? t.count : '…'} change={hidden ? data?.change_percent : undefined}
          hint={data ? `Previous period ${data.previous.totals.count}` : undefined} />
        <StatCard testId="stat-reversed" label="Refunds, voids, chargebacks" value={t ? (hidden ? 'Hidden' : money(-(reversed ?? 0))) : '…'}
          hint={t && !hidden ? `${money(t.refunded_cents)} refunded · ${money(t.voided_cents)} voided · ${money(t.charged_back_cents)} charged back` : undefined} />
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>{hidden ? 'Sales' : 'Earnings'} by {shownGroup}{hidden ? '' : ' and source'}</Typography>
          {!data ? (
            <Box sx={{ height: 290 }} data-testid="reporting-loading" />
          ) : empty ? (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="reporting-empty">No earnings in this period.</Typography>
          ) : hidden ? (
            <StackedBars periods={data.buckets.map(b => b.period)} series={[{ key: 'sales', label: 'Sales', color: theme.palette.primary.main }]} values={counts} asMoney={false}
              label={`Sales by ${shownGroup}`} periodLabel={periodLabel(shownGroup)} />
          ) : (
            <StackedBars periods={data.buckets.map(b => b.period)} series={series} values={values} label={`Earnings by ${shownGroup} and source: ${money(data.totals.total_cents)} in total`}
              periodLabel={periodLabel(shownGroup)} />
          )}
          {loading && data ? <Typography variant="caption" color="text.secondary">Updating…</Typography> : null}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="reporting-sources">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Source</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>Sales</TableCell>
                {hidden ? null : <TableCell align="right" sx={{ fontWeight: 600 }}>Net</TableCell>}
                {hidden ? null : <TableCell align="right" sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}>Previous</TableCell>}
                <TableCell align="right" sx={{ fontWeight: 600 }}>Change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {REPORT_SOURCES.map(s => (
                <TableRow key={s} data-testid={`source-${s}`} data-cents={data?.totals.by_source[s] ?? ''}>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: colors[s], flex: 'none' }} />
                      {REPORT_SOURCE_LABELS[s]}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{data ? data.totals.count_by_source[s] : '…'}</TableCell>
                  {hidden ? null : <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{data ? money(data.totals.by_source[s]) : '…'}</TableCell>}
                  {hidden ? null : <TableCell align="right" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'table-cell' } }}>{data ? money(data.previous.totals.by_source[s]) : '…'}</TableCell>}
                  <TableCell align="right"><Stack direction="row" sx={{ justifyContent: 'flex-end' }}>{data ? <Change percent={data.change_by_source[s]} /> : null}</Stack></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Card>
      {data ? <TierEarnings tiers={data.tiers ?? []} hidden={hidden} /> : null}
    </ReportPage>
  );
}
