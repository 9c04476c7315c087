// /admin/logs (the audit log and the event log together): the latest staff actions and events in one place, each
// list opening its full page (filters, export, details).
import { useState } from 'react';
import { Box, Button, List, ListItemButton, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminAuditRecord, AdminEventRecord } from '../../../domain/console/wire';
import { auditActionLabel } from '../../../domain/console/audit-labels';
import { httpClient, ADMIN_API } from '../dataProvider';
import { formatDate, relative } from '../format';
import { Empty } from '../components/Empty';
import { useLiveQuery } from '../query';
import { Panel, ToolPage, useAdminPath } from './parts';

/** What a latest-list shows: null while read, empty when it cannot be read. */
const shown = <T,>(q: { data?: T[]; isError: boolean }): T[] | null => (q.isError ? [] : q.data ?? null);

export default function LogsPage() {
  const [tab, setTab] = useState<'audit' | 'events'>('audit');
  const path = useAdminPath();
  // A list that cannot be read shows as empty: the full lists (Audit, Event log) say why.
  const audit = shown(useLiveQuery(['tools', 'logs', 'audit'], async () => (await httpClient(`${ADMIN_API}/audit?range=[0,24]`)).json as AdminAuditRecord[]));
  const events = shown(useLiveQuery(['tools', 'logs', 'events'], async () => (await httpClient(`${ADMIN_API}/events?range=[0,24]&sort=${encodeURIComponent('["position","DESC"]')}`)).json as AdminEventRecord[]));
  return (
    <ToolPage title="Logs" intro="What staff did, and every event the site recorded. The full lists have filters and details." testId="logs-page">
      <Panel>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 1 }}>
          <Tab value="audit" label="Staff actions" data-testid="logs-tab-audit" />
          <Tab value="events" label="Event log" data-testid="logs-tab-events" />
        </Tabs>
        {tab === 'audit' ? (
          audit === null ? <Loading /> : audit.length === 0 ? <Empty testId="logs-audit-empty">No staff actions yet.</Empty> : (
            <List dense disablePadding data-testid="logs-audit">
              {audit.map(a => (
                <ListItemButton key={a.id} component={RouterLink} to={path(`/audit?filter=${encodeURIComponent(JSON.stringify({ action: a.action }))}`)} divider>
                  <ListItemText primary={auditActionLabel(a.action)} secondary={`${a.actor_email ?? a.actor_role ?? 'system'} · ${relative(a.recorded_at)}`} />
                </ListItemButton>
              ))}
            </List>
          )
        ) : events === null ? <Loading /> : events.length === 0 ? <Empty testId="logs-events-empty">No events yet.</Empty> : (
          <List dense disablePadding data-testid="logs-events">
            {events.map(e => (
              <ListItemButton key={e.id} component={RouterLink} to={path(`/events/${encodeURIComponent(String(e.id))}/show`)} divider>
                <ListItemText primary={e.type} secondary={`${e.stream_id} · ${formatDate(e.recorded_at)}`} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
              </ListItemButton>
            ))}
          </List>
        )}
        <Box sx={{ mt: 1.5 }}>
          <Button component={RouterLink} to={path(tab === 'audit' ? '/audit' : '/events')} data-testid="logs-open-full">{tab === 'audit' ? 'Open the audit log' : 'Open the event log'}</Button>
        </Box>
      </Panel>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>Process logs (one line per request) go to the server's standard output.</Typography>
    </ToolPage>
  );
}
