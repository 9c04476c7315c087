// Reports about fans and the team: UTM parameters fans registered with, the email opt-in
// report, the influencer activity, and the reporting page's settings.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, Link, MenuItem, Stack, Switch, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { auditActionLabel } from '../../../domain/console/audit-labels';
import type { ReportGrouping } from '../../../domain/reporting/reporting';
import { ApiRequestError } from '../api';
import { formatDate } from '../format';
import { reportsApi, type ActivityRow, type ReportingPageSettings } from './api';
import { DateRangeBar, ErrorNote, lastDays, ReportPage, StatCard, useReport, type Range, ConsoleRouterLink } from './parts';
import { ExportButton, ReportTable, type Column } from './ReportTable';
import { INFLUENCER_ACTIVITY_PAGE, OPT_IN_REPORT_PAGE, purchaseHistoryPath, REPORTING_SETTINGS_PAGE, UTM_PAGE } from './paths';

const PER_PAGE = 25;

// ---- /admin/user-utm-params -----------------------------------------------------------------------------------

export function UtmParamsPage() {
  const [range, setRange] = useState<Range>(() => lastDays(365));
  const [source, setSource] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [range, source]);
  const query = { from: range.from, to: range.to, source: source || null, page, per_page: PER_PAGE };
  const { data, error, loading, reload } = useReport('utm', s => reportsApi.utm(query, s), [range.from, range.to, source, page]);
  type Row = NonNullable<typeof data>['rows'][number];
  const dash = (v: string | undefined) => v ?? '—';
  const columns: Column<Row>[] = [
    { label: 'Fan', render: r => <Link component={ConsoleRouterLink} to={purchaseHistoryPath(r.user_id)} underline="hover">{r.email ?? r.user_id}</Link> },
    { label: 'Registered', render: r => formatDate(r.registered_at) },
    { label: 'Source', render: r => dash(r.utm_source) },
    { label: 'Medium', render: r => dash(r.utm_medium) },
    { label: 'Campaign', render: r => dash(r.utm_campaign) },
    { label: 'Term', small: false, render: r => dash(r.utm_term) },
    { label: 'Content', small: false, render: r => dash(r.utm_content) },
  ];
  const max = Math.max(1, ...(data?.by_source ?? []).map(s => s.count));
  return (
    <ReportPage page={UTM_PAGE} title="UTM parameters" subtitle="Where fans came from: the campaign link's utm_* values, kept for a year and saved when they registered."
      actions={<ExportButton path="/admin-api/reports/utm/export" query={{ from: range.from, to: range.to, source: source || null }} testId="utm-export" />} testId="utm-page">
      <DateRangeBar value={range} onChange={setRange} />
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>Registrations by source</Typography>
          {!data ? null : data.by_source.length === 0 ? (
            <Typography color="text.secondary" data-testid="utm-sources-empty">No fan registered from a campaign link in this period.</Typography>
          ) : (
            <Stack spacing={1} data-testid="utm-sources">
              {data.by_source.map(s => (
                <Box key={s.source} onClick={() => setSource(source === s.source ? '' : s.source)} sx={{ cursor: 'pointer' }} data-testid="utm-source">
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography variant="body2" sx={{ fontWeight: source === s.source ? 700 : 400 }}>{s.source}</Typography>
                    <Typography variant="body2" color="text.secondary">{s.count}</Typography>
                  </Stack>
                  <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                    <Box sx={{ height: '100%', width: `${(100 * s.count) / max}%`, bgcolor: 'primary.main', borderRadius: 4 }} />
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
          {source ? <Chip sx={{ mt: 1.5 }} size="small" label={`Source: ${source}`} onDelete={() => setSource('')} /> : null}
        </CardContent>
      </Card>
      <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.user_id} loading={loading} empty="No UTM values recorded in this period." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="utm-table" />
    </ReportPage>
  );
}

// ---- /admin/settings/opt-in-report ----------------------------------------------------------------------------

const OPT_IN_LABELS: Record<string, string> = {
  pending: 'Not asked yet', link_sent: 'Link sent', opted_in: 'Opted in', opt_out: 'Opted out', dismissed: 'Dismissed', no_thanks: 'No thanks', no_thanks_opt_out: 'No thanks (was opted out)',
};

export function OptInReportPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [status]);
  const { data, error, loading, reload } = useReport('optIn', s => reportsApi.optIn({ status: status || null, page, per_page: PER_PAGE }, s), [status, page]);
  type Row = NonNullable<typeof data>['rows'][number];
  const columns: Column<Row>[] = [
    { label: 'Fan', render: r => r.email },
    { label: 'Name', render: r => r.name },
    { label: 'Status', render: r => <Chip size="small" variant="outlined" color={r.status === 'opted_in' ? 'success' : 'default'} label={OPT_IN_LABELS[r.status] ?? r.status} /> },
    { label: 'Link sent', render: r => formatDate(r.link_sent_at) },
    { label: 'Registered', render: r => formatDate(r.registered_at, false) },
  ];
  return (
    <ReportPage page={OPT_IN_REPORT_PAGE} title="Opt-in report" subtitle="Fans' answers to the email notifications prompt." testId="opt-in-page">
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {Object.keys(OPT_IN_LABELS).map(s => (
          <Box key={s} onClick={() => setStatus(status === s ? '' : s)} sx={{ cursor: 'pointer', flex: '1 1 140px', outline: status === s ? 2 : 0, outlineColor: 'primary.main', borderRadius: 1 }}>
            <StatCard testId={`opt-in-${s}`} label={OPT_IN_LABELS[s]} value={data ? (data.counts[s] ?? 0) : '…'} />
          </Box>
        ))}
      </Stack>
      <TextField fullWidth={false} select size="small" label="Status" value={status} onChange={e => setStatus(e.target.value)} sx={{ maxWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': 'opt-in-status' } }}>
        <MenuItem value="">All fans</MenuItem>
        {Object.entries(OPT_IN_LABELS).map(([k, v]) => <MenuItem key={k} value={k}>{v}</MenuItem>)}
      </TextField>
      <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.user_id} loading={loading} empty="No fans with this status." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="opt-in-table" />
    </ReportPage>
  );
}

// ---- /admin/influencer-activity -------------------------------------------------------------------------------

const ROLE_LABELS: Record<string, string> = { model: 'Model', sub_admin: 'Sub admin', content_manager: 'Content manager', live_stream_manager: 'Live stream manager', support: 'Support' };

export function InfluencerActivityPage() {
  const [range, setRange] = useState<Range>(() => lastDays(30));
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [range, role]);
  const query = { from: range.from, to: range.to, role: role || null, page, per_page: PER_PAGE };
  const { data, error, loading, reload } = useReport('activity', s => reportsApi.activity(query, s), [range.from, range.to, role, page]);
  const columns: Column<ActivityRow>[] = [
    { label: 'Action', render: r => auditActionLabel(r.action) },
    { label: 'When', render: r => formatDate(r.at) },
    { label: 'Who', render: r => r.actor_email ?? r.actor_id ?? '—' },
    { label: 'Role', render: r => <Chip size="small" variant="outlined" label={ROLE_LABELS[r.actor_role ?? ''] ?? r.actor_role ?? '—'} /> },
    { label: 'Fan', small: false, render: r => (r.subject_user_id ? <Link component={ConsoleRouterLink} to={purchaseHistoryPath(r.subject_user_id)}>Purchases</Link> : '—') },
  ];
  return (
    <ReportPage page={INFLUENCER_ACTIVITY_PAGE} title="Influencer activity" subtitle="What the model and the team did in the console and the chat (the full trail is on the Audit page)."
      actions={<Button component={ConsoleRouterLink} to="/audit" size="small" variant="outlined">Audit</Button>} testId="activity-page">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateRangeBar value={range} onChange={setRange} />
        <TextField fullWidth={false} select size="small" label="Role" value={role} onChange={e => setRole(e.target.value)} sx={{ minWidth: 180 }} slotProps={{ htmlInput: { 'data-testid': 'activity-role' } }}>
          <MenuItem value="">Everyone below admin</MenuItem>
          {Object.entries(ROLE_LABELS).map(([k, v]) => <MenuItem key={k} value={k}>{v}</MenuItem>)}
        </TextField>
      </Stack>
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      <ReportTable rows={data?.rows} columns={columns} rowKey={r => r.id} loading={loading} empty="No activity in this period." total={data?.total ?? 0}
        page={page} perPage={PER_PAGE} onPage={setPage} testId="activity-table" />
    </ReportPage>
  );
}

// ---- /admin/settings/reporting-page -----------------------------------------------------------------------------

export function ReportingSettingsPage() {
  const notify = useNotify();
  const { data, error, reload } = useReport('pageSettings', s => reportsApi.pageSettings(s), []);
  const [draft, setDraft] = useState<ReportingPageSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const r = await reportsApi.savePageSettings({ content_manager_reporting_enabled: draft.content_manager_reporting_enabled, reporting_default_group: draft.reporting_default_group });
      setDraft(r.data);
      notify(r.message ?? 'Settings saved.', { type: 'success' });
    } catch (e) {
      notify((e instanceof ApiRequestError && e.message) || 'Something went wrong', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <ReportPage page={REPORTING_SETTINGS_PAGE} title="Reporting page" subtitle="What the reports show, and to whom." testId="reporting-settings-page">
      {error ? <ErrorNote message={error} onRetry={reload} /> : null}
      {draft ? (
        <Card variant="outlined" sx={{ maxWidth: 720 }}>
          <CardContent>
            <Stack spacing={2.5}>
              <Box>
                <FormControlLabel
                  control={<Switch checked={draft.content_manager_reporting_enabled} onChange={e => setDraft({ ...draft, content_manager_reporting_enabled: e.target.checked })} slotProps={{ input: { 'aria-label': 'Content manager sees reports' } }} data-testid="cm-reporting-switch" />}
                  label="The content manager sees the reporting page"
                />
                <Typography variant="caption" color="text.secondary" component="div">Default: off. Admins and the model always see it.</Typography>
              </Box>
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>Group earnings by default by</Typography>
                <ToggleButtonGroup size="small" exclusive value={draft.reporting_default_group} onChange={(_e, g: ReportGrouping | null) => g && setDraft({ ...draft, reporting_default_group: g })}>
                  {(['day', 'week', 'month'] as const).map(g => <ToggleButton key={g} value={g} data-testid={`default-group-${g}`} sx={{ px: 2, textTransform: 'capitalize' }}>{g}</ToggleButton>)}
                </ToggleButtonGroup>
                <Typography variant="caption" color="text.secondary" component="div">Default: day. The page's own switch changes it for one visit.</Typography>
              </Box>
              <Alert severity={draft.hide_earnings ? 'warning' : 'info'} data-testid="hide-earnings-state">
                Hide earnings is {draft.hide_earnings ? 'on: the model and the content manager see counts but no amounts' : 'off: everyone who opens the reports sees amounts'}.{' '}
                <Link component={ConsoleRouterLink} to="/settings/hide-earnings">Change it</Link>
              </Alert>
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button variant="contained" onClick={save} disabled={saving} data-testid="reporting-settings-save">Save</Button>
                <Button component={ConsoleRouterLink} to="/reporting">Open the report</Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ height: 200 }} />
      )}
    </ReportPage>
  );
}
