// The resubscribe offer report: who came back through the offer, what it charged them then and
// after, how they pay, and whether the period was later taken back (GET /api/resubscribe-offer/report).
import { useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import type { ResubscribeOfferReport as Report } from '../../../domain/offer/resubscribe-offer';
import { api } from '../api';
import { useLiveQuery } from '../query';
import { formatDate, money } from '../format';

const STATUS_LABEL: Record<string, string> = { refund: 'Refunded', void: 'Voided', chargeback: 'Chargeback' };

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function ResubscribeOfferReport() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const read = useLiveQuery(['offers', 'resubscribe', 'report', page], async signal => (await api<Report>(`/api/resubscribe-offer/report?page=${page}`, { signal })).data, { keepPrevious: true });
  const report = read.data ?? null;
  const error = read.error && !read.isFetching ? (read.error instanceof Error && read.error.message) || 'Could not load the report.' : '';
  const load = (p: number) => (p === page ? void read.refetch() : setPage(p));

  const then = (r: Report['rows'][number]) => (r.renews ? `${money(r.recurring_cents)} / month` : 'No renewal');

  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 960 }} data-testid="resubscribe-offer-report">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Who came back
        </Typography>
        {error ? (
          <Alert severity="error" action={<Button onClick={() => void load(page)}>Retry</Button>}>
            {error}
          </Alert>
        ) : !report ? (
          <Box aria-busy="true">
            <Skeleton height={48} />
            <Skeleton height={120} />
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              <Stat label="Came back" value={String(report.total)} testId="offer-report-total" />
              <Stat label="On free months" value={String(report.free)} testId="offer-report-free" />
              <Stat label="Charged by the offer" value={money(report.charged_cents)} testId="offer-report-charged" />
            </Box>
            {report.rows.length === 0 ? (
              <Typography color="text.secondary" data-testid="offer-report-empty">
                Nobody has come back through the offer yet.
              </Typography>
            ) : phone ? (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {report.rows.map((r) => (
                  <Box component="li" key={r._id} data-testid="offer-report-row" sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.user.name || r.user.email}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(r.accepted_at)} · {money(r.charged_cents)} now · {then(r)}
                    </Typography>
                    {r.status !== 'active' && <Chip size="small" color="warning" label={STATUS_LABEL[r.status] ?? r.status} sx={{ mt: 0.5 }} />}
                  </Box>
                ))}
              </Box>
            ) : (
              <Table size="small" aria-label="Fans who came back through the offer">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Fan</TableCell>
                    <TableCell align="right">Charged now</TableCell>
                    <TableCell>Then</TableCell>
                    <TableCell>Paid with</TableCell>
                    <TableCell>Membership until</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.rows.map((r) => (
                    <TableRow key={r._id} data-testid="offer-report-row">
                      <TableCell>{formatDate(r.accepted_at)}</TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {r.user.name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {r.user.email}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{money(r.charged_cents)}</TableCell>
                      <TableCell>{then(r)}</TableCell>
                      <TableCell>{r.payment_method}</TableCell>
                      <TableCell>{formatDate(r.expires_at, false)}</TableCell>
                      <TableCell>{r.status === 'active' ? 'Active' : <Chip size="small" color="warning" label={STATUS_LABEL[r.status] ?? r.status} />}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {report.total_pages > 1 && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Button disabled={page <= 1} onClick={() => void load(page - 1)}>
                  Previous
                </Button>
                <Typography variant="body2">
                  Page {page} of {report.total_pages}
                </Typography>
                <Button disabled={page >= report.total_pages} onClick={() => void load(page + 1)}>
                  Next
                </Button>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
