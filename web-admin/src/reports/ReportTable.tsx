// The report pages' table (cards on phones, paginated, with loading and empty states) and their CSV button.
import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button, Card, CircularProgress, Pagination, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { consoleHeaders, SERVER_DOWN_MESSAGE } from '../api';
import { Responsive } from '../components/ResponsiveList';
import { queryString, type Query } from './api';

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
