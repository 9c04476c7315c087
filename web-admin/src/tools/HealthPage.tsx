// /admin/health-info: one card per part of the running site (process, event store, database, disk,
// mail outbox, media queue, Kafka, Janus) and each projection's position and lag, as bars; read again every 10 s.
import { Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Loading } from 'react-admin';
import type { HealthView } from '../../../domain/console/admin-tools-wire';
import { PROJECTION_LAG_WARN } from '../../../domain/console/health';
import { httpClient, ADMIN_API } from '../dataProvider';
import { relative } from '../format';
import { useLiveQuery } from '../query';
import { LevelChip, Panel, ToolPage } from './parts';

export default function HealthPage() {
  const query = useLiveQuery(['tools', 'health'], async () => (await httpClient(`${ADMIN_API}/health`)).json as HealthView, { every: 10_000 });
  const health = query.data ?? null;
  const error = query.error ? (query.error as Error).message : '';
  const load = () => void query.refetch();
  return (
    <ToolPage
      title="Health"
      intro="How the running site is doing. Read again every 10 seconds."
      testId="health-page"
      actions={<Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>{health ? <LevelChip level={health.level} testId="health-level" /> : null}<Button startIcon={<RefreshIcon />} onClick={load}>Refresh</Button></Stack>}
    >
      {error ? <Typography color="error" sx={{ mb: 2 }}>{error}</Typography> : null}
      {!health ? (
        <Loading />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
            {health.checks.map(c => (
              <Panel key={c.name} testId={`health-${c.name.toLowerCase().replace(/\s+/g, '-')}`}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>{c.name}</Typography>
                  <LevelChip level={c.level} />
                </Stack>
                <Typography variant="body2" color="text.secondary">{c.summary}</Typography>
              </Panel>
            ))}
          </Box>
          <Box sx={{ mt: 2 }}>
            <Panel title={`Projections (${health.projections.length})`} testId="health-projections" action={<Typography variant="caption" color="text.secondary">checked {relative(health.checked_at)}</Typography>}>
              <Table size="small">
                <TableHead>
                  <TableRow><TableCell>Read model</TableCell><TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Position</TableCell><TableCell>Events behind</TableCell><TableCell align="right">State</TableCell></TableRow>
                </TableHead>
                <TableBody>
                  {health.projections.map(p => (
                    <TableRow key={p.name} data-testid="health-projection">
                      <TableCell>{p.name}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>{p.position ?? '—'}</TableCell>
                      <TableCell sx={{ minWidth: 120 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <LinearProgress variant="determinate" value={Math.min(100, (p.lag / PROJECTION_LAG_WARN) * 100)} color={p.lag > PROJECTION_LAG_WARN ? 'warning' : 'primary'} sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'action.hover' }} data-testid="health-lag-bar" />
                          <Typography variant="body2" sx={{ minWidth: 28, textAlign: 'right' }}>{p.lag}</Typography>
                        </Stack>
                      </TableCell>
                      <TableCell align="right"><LevelChip level={p.level} /></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Panel>
          </Box>
        </>
      )}
    </ToolPage>
  );
}
