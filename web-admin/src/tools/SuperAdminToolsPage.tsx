// /admin/super-admin-tools (contents not in the spec): the admins' tool box — lookup by email, the
// other tools as cards, and the switch letting content managers export users.
import { useState } from 'react';
import { Box, Card, CardActionArea, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useNotify, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import AltRouteOutlinedIcon from '@mui/icons-material/AltRouteOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import { mayOpenPage } from '../access';
import { httpClient, ADMIN_API } from '../dataProvider';
import { useLiveQuery, useQueryClient } from '../query';
import { HEALTH_PAGE, LOGS_PAGE, LOOKUP_PAGE, REDIRECT_LIST_PAGE, STICKY_IO_LOOKUP_PAGE, SUBSCRIPTION_URL_PAGE, USER_CARDS_PAGE } from './paths';
import { Panel, ToolPage, useAdminPath } from './parts';

const TOOLS = [
  { page: LOOKUP_PAGE, to: '/super-admin-tools/lookup', title: 'Look up users by email', text: 'Find an account by its email, see its standing, cards and spend, and open it.', icon: PersonSearchOutlinedIcon, testId: 'tool-lookup' },
  { page: STICKY_IO_LOOKUP_PAGE, to: '/super-admin-tools/sticky-io-lookup', title: 'Sticky.io lookup', text: 'An order as Sticky.io has it beside our payment and its events, with any disagreement marked.', icon: ManageSearchOutlinedIcon, testId: 'tool-sticky-io-lookup' },
  { page: SUBSCRIPTION_URL_PAGE, to: '/generate-subscription-url', title: 'Subscription links', text: 'A signed link with your own membership price and an expiry.', icon: LinkOutlinedIcon, testId: 'tool-subscription-url' },
  { page: USER_CARDS_PAGE, to: '/user-card-list', title: 'Saved cards', text: "Fans' saved cards: brand, last 4 digits and expiry only.", icon: CreditCardOutlinedIcon, testId: 'tool-user-cards' },
  { page: HEALTH_PAGE, to: '/health-info', title: 'Health', text: 'Process, event log and projections, database, disk, mail, media, Kafka and Janus.', icon: MonitorHeartOutlinedIcon, testId: 'tool-health' },
  { page: REDIRECT_LIST_PAGE, to: '/list-redirect-url', title: 'Redirect URLs', text: 'Short paths of your site that lead to a page, e.g. /insta → /membership.', icon: AltRouteOutlinedIcon, testId: 'tool-redirects' },
  { page: LOGS_PAGE, to: '/logs', title: 'Logs', text: 'Staff actions and the event log.', icon: ReceiptLongOutlinedIcon, testId: 'tool-logs' },
];

export default function SuperAdminToolsPage() {
  const { permissions } = usePermissions();
  const path = useAdminPath();
  return (
    <ToolPage title="Admin tools" intro="Tools for running the site. Everything you do here is recorded in the audit log." testId="super-admin-tools">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {TOOLS.filter(t => mayOpenPage(permissions, t.page)).map(t => (
          <Card key={t.to} variant="outlined" data-testid={t.testId}>
            <CardActionArea component={RouterLink} to={path(t.to)} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <t.icon color="primary" sx={{ fontSize: 32, mt: 0.25 }} />
                <Box>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t.title}</Typography>
                  <Typography variant="body2" color="text.secondary">{t.text}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Box sx={{ mt: 3 }}>
        <ExportSwitch />
      </Box>
    </ToolPage>
  );
}

const EXPORT_KEY = ['tools', 'export-permission'] as const;

/** content_manager_can_export_users (a site setting, so every change is in the audit log). */
function ExportSwitch() {
  const notify = useNotify();
  const client = useQueryClient();
  const read = useLiveQuery(EXPORT_KEY, async () => !!((await httpClient(`${ADMIN_API}/settings/site`)).json as { content_manager_can_export_users?: boolean }).content_manager_can_export_users);
  // Unreadable: shown off (the server decides on each export anyway).
  const on = read.isError ? false : read.data ?? null;
  const setOn = (next: boolean) => client.setQueryData(EXPORT_KEY, next);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await httpClient(`${ADMIN_API}/settings/site`, { method: 'PUT', body: JSON.stringify({ content_manager_can_export_users: next }) });
      setOn(next);
      notify(next ? 'Content managers may now export users.' : 'Content managers may no longer export users.', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title="Content manager permissions" testId="export-permission">
      <FormControlLabel
        control={<Switch checked={!!on} disabled={on === null || busy} onChange={(_, v) => void change(v)} slotProps={{ input: { 'data-testid': 'toggle-cm-export' } as object }} />}
        label="Content managers may export users"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6, mt: -0.5 }}>
        Lets the content manager download the subscribers list as CSV (off by default). Every export is recorded.
      </Typography>
    </Panel>
  );
}
