// /admin/live-stream-sessions/:id?: the live sessions, all or one fan's (opened in a new
// tab from the chat header): start, end, duration, viewers, peak, comments, tips, earnings, the recording; a bar chart
// of the earnings per session when there are several. POST /api/stream/get_live_stream_reports.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Pagination, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { formatDuration, stopReasonText } from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { formatDate } from '../format';
import { PageGuard } from '../promotions/PageGuard';
import { useLiveQuery } from '../query';
import { liveApi, type LiveSessionReport } from './api';
import { LIVE_SESSIONS_PAGE } from './paths';

const money = (c: number | null) => (c == null ? '—' : formatMoney(c));

function EarningsBars({ sessions }: { sessions: LiveSessionReport[] }) {
  const theme = useTheme();
  const rows = [...sessions].reverse().filter((s) => s.earningsCents != null);
  if (rows.length < 2) return null;
  const max = Math.max(100, ...rows.map((s) => s.earningsCents ?? 0));
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="live-sessions-chart">
      <CardContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Earnings per session (tips and minutes)
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.75, height: 120, overflowX: 'auto' }} role="img" aria-label="Earnings per session">
          {rows.map((s) => (
            <Box
              key={s._id}
              title={`${formatDate(s.startedAt)}: ${money(s.earningsCents)}`}
              sx={{ flex: '0 0 18px', height: `${Math.max(2, ((s.earningsCents ?? 0) / max) * 100)}%`, bgcolor: theme.palette.primary.main, borderRadius: '3px 3px 0 0' }}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function LiveSessionsPage() {
  const { id } = useParams();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const read = useLiveQuery(['live', 'sessions', id ?? null, page], (signal) => liveApi.reports({ ...(id ? { userId: id } : {}), pageNum: page }, signal));
  const data = read.data ?? null;
  // A read again after a failure shows the spinner, as the first read does.
  const error = read.error && !read.isFetching ? (read.error as Error).message || 'The sessions could not be loaded.' : null;
  const title = id ? `Live sessions · ${data?.sessions.find((s) => s.userName)?.userName ?? 'fan'}` : 'Live sessions';
  return (
    <PageGuard page={LIVE_SESSIONS_PAGE} title={title}>
      <Box sx={{ mt: 2 }} data-testid="live-sessions-page">
        {error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void read.refetch()}>Retry</Button>}>
            {error}
          </Alert>
        ) : !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 6 }}>
            <CircularProgress />
          </Box>
        ) : data.sessions.length === 0 ? (
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary" data-testid="live-sessions-empty">
                No Records Found
              </Typography>
            </CardContent>
          </Card>
        ) : (
          <>
            <EarningsBars sessions={data.sessions} />
            {phone ? (
              <Stack spacing={1.5}>
                {data.sessions.map((s) => (
                  <Card key={s._id} variant="outlined" data-testid="live-session-row">
                    <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip size="small" label={s.isGroup ? 'Group' : 'One-to-one'} />
                        {s.status === 'live' ? <Chip size="small" color="error" label="LIVE" /> : null}
                        <Typography variant="body2" sx={{ ml: 'auto' }}>
                          {formatDate(s.startedAt)}
                        </Typography>
                      </Stack>
                      {!s.isGroup ? <Typography variant="body2">With {s.userName || '—'}</Typography> : null}
                      <Typography variant="body2" color="text.secondary">
                        {formatDuration(s.durationSeconds)} · {s.viewers} {s.viewers === 1 ? 'viewer' : 'viewers'} (peak {s.peakViewers}) · {s.comments} {s.comments === 1 ? 'comment' : 'comments'}
                      </Typography>
                      <Typography variant="body2">
                        Tips {money(s.tipsCents)} · Earnings <b>{money(s.earningsCents)}</b>
                      </Typography>
                      {stopReasonText(s.stopReason) ? (
                        <Typography variant="caption" color="text.secondary" data-testid="live-session-stop-reason">
                          {stopReasonText(s.stopReason)}
                        </Typography>
                      ) : null}
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            ) : (
              <TableContainer component={Card} variant="outlined">
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Started</TableCell>
                      <TableCell>Ended</TableCell>
                      <TableCell>Kind</TableCell>
                      <TableCell>Publisher</TableCell>
                      <TableCell align="right">Duration</TableCell>
                      <TableCell align="right">Viewers</TableCell>
                      <TableCell align="right">Peak</TableCell>
                      <TableCell align="right">Comments</TableCell>
                      <TableCell align="right">Tips</TableCell>
                      <TableCell align="right">Minutes</TableCell>
                      <TableCell align="right">Earnings</TableCell>
                      <TableCell>Recording</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.sessions.map((s) => (
                      <TableRow key={s._id} data-testid="live-session-row">
                        <TableCell>{formatDate(s.startedAt)}</TableCell>
                        <TableCell>
                          {s.endedAt ? formatDate(s.endedAt) : <Chip size="small" color="error" label="LIVE" />}
                          {stopReasonText(s.stopReason) ? (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="live-session-stop-reason">
                              {stopReasonText(s.stopReason)}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell>{s.isGroup ? 'Group' : `One-to-one · ${s.userName || '—'}`}</TableCell>
                        <TableCell>{s.publisherName}</TableCell>
                        <TableCell align="right">{formatDuration(s.durationSeconds)}</TableCell>
                        <TableCell align="right">{s.viewers}</TableCell>
                        <TableCell align="right">{s.peakViewers}</TableCell>
                        <TableCell align="right">{s.comments}</TableCell>
                        <TableCell align="right" data-testid="live-session-tips">{money(s.tipsCents)}</TableCell>
                        <TableCell align="right">{s.minutesCharged}</TableCell>
                        <TableCell align="right" data-testid="live-session-earnings">
                          <b>{money(s.earningsCents)}</b>
                        </TableCell>
                        <TableCell>{s.recording.status}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {data.totalPages > 1 ? <Pagination sx={{ mt: 2 }} count={data.totalPages} page={page} onChange={(_, p) => setPage(p)} /> : null}
          </>
        )}
      </Box>
    </PageGuard>
  );
}
