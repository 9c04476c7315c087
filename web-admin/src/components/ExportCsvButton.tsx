// The Export button of a console list: the server's CSV for the list's filters and order (or, in the bulk bar,
// for the selected rows). Shown only to roles the export route lets in (the list's roles).
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, usePermissions } from 'react-admin';
import { mayCall } from '../access';
import { downloadCsv, exportRoute } from './csv';

export function ExportCsvButton({ selection = false }: { selection?: boolean }) {
  const { resource, filterValues, sort, selectedIds } = useListContext();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!resource || !mayCall(permissions, exportRoute(resource))) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadCsv(resource, selection ? { id: selectedIds } : (filterValues ?? {}), sort);
    } catch (error) {
      notify((error as Error).message || 'Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={onClick}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      data-testid={`${resource}-export${selection ? '-selected' : ''}`}
    >
      {selection ? 'Export selected' : 'Export'}
    </Button>
  );
}
