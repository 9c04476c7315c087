// /admin/settings/csv-download: every list's CSV in one place. Each file is made by the server
// (GET /admin-api/<resource>/export) with the list's rules, and every download is recorded (DataExported, on the
// Audit page), which a file built in the browser could not be. The recent downloads are listed below.
import { useState } from 'react';
import { Box, Button, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { downloadCsv } from '../components/csv';
import { PageGuard } from '../promotions/PageGuard';
import { CSV_DOWNLOAD_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, LoadingCard, useApiData } from './parts';

interface CsvPage {
  exports: { resource: string; label: string; list: string }[];
  recent: { id: string; recorded_at: string; actor_email: string | null; resource: string; rows: number }[];
}

export default function CsvDownloadPage() {
  const notify = useNotify();
  const { data, error, reload } = useApiData<CsvPage>('/api/settings/csv-download');
  const [busy, setBusy] = useState<string | null>(null);
  const labelOf = (resource: string) => data?.exports.find((e) => e.resource === resource)?.label ?? resource;

  const download = async (resource: string) => {
    setBusy(resource);
    try {
      await downloadCsv(resource, {});
      await reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageGuard page={CSV_DOWNLOAD_PAGE} title="CSV download">
      <ConfigColumn testId="csv-download">
        <ErrorAlert error={error} />
        <ConfigCard icon={<DownloadOutlinedIcon />} title="Download lists" subtitle="All rows of each list. To download a filtered part, use Export on the list itself.">
          {!data ? <LoadingCard /> : (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              {data.exports.map((e) => (
                <Stack key={e.resource} direction="row" alignItems="center" spacing={1} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2">{e.label}</Typography>
                    <Typography variant="caption" component={RouterLink} to={e.list} color="text.secondary">Open the list</Typography>
                  </Box>
                  <Button size="small" variant="outlined" onClick={() => void download(e.resource)} disabled={busy !== null}
                    startIcon={busy === e.resource ? <CircularProgress size={14} /> : <DownloadOutlinedIcon />} data-testid={`csv-${e.resource}`}>
                    CSV
                  </Button>
                </Stack>
              ))}
            </Box>
          )}
        </ConfigCard>
        <ConfigCard icon={<HistoryOutlinedIcon />} title="Recent downloads" subtitle="Every download is recorded with who, when and how many rows (also on the Audit page).">
          {!data ? <LoadingCard /> : data.recent.length === 0 ? (
            <Typography color="text.secondary" data-testid="csv-recent-empty">No list has been downloaded yet.</Typography>
          ) : (
            <List dense disablePadding data-testid="csv-recent">
              {data.recent.map((r) => (
                <ListItem key={r.id} disableGutters divider>
                  <ListItemText
                    primary={`${labelOf(r.resource)} · ${r.rows} ${r.rows === 1 ? 'row' : 'rows'}`}
                    secondary={`${new Date(r.recorded_at).toLocaleString()} · ${r.actor_email ?? 'unknown'}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}
