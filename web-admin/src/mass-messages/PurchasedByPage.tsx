// /admin/purchased-by/mass-message/:_id/:promotion_id? and /admin/purchased-by/welcome-message/:_id:
// who bought a locked mass or welcome message, for how much (at a promotion price when
// one is named), with the totals on top.
import { Alert, Box, Card, CardContent, Chip, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { ApiRequestError } from '../api';
import { Responsive } from '../components/ResponsiveList';
import { formatDate, money } from '../format';
import { PageGuard } from '../promotions/PageGuard';
import { useLiveQuery } from '../query';
import { massApi, type Buyer, type MassMessageView, type PurchasedByReport, type WelcomeMessageView } from './api';
import { MASS_PURCHASED_BY_PAGE, WELCOME_PURCHASED_BY_PAGE } from './paths';

type Report = PurchasedByReport<MassMessageView | WelcomeMessageView>;

function Buyers({ items }: { items: Buyer[] }) {
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="purchased-by-empty">
        Nobody has bought this message yet.
      </Typography>
    );
  return (
    <Responsive
      small={
        <Stack spacing={1} data-testid="purchased-by-list">
          {items.map(b => (
            <Card key={`${b.user_id}-${b.purchased_at}`} variant="outlined" sx={{ p: 1.5 }} data-testid="purchased-by-row">
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>{b.name}</Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">{b.email}</Typography>
                  <Typography variant="caption" color="text.secondary">{formatDate(b.purchased_at)}</Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{money(b.amount_cents)}</Typography>
              </Stack>
            </Card>
          ))}
        </Stack>
      }
      large={
        <Table size="small" data-testid="purchased-by-table">
          <TableHead>
            <TableRow>
              <TableCell>Fan</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Bought</TableCell>
              <TableCell>Promotion</TableCell>
              <TableCell align="right">Paid</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map(b => (
              <TableRow key={`${b.user_id}-${b.purchased_at}`} data-testid="purchased-by-row">
                <TableCell>{b.name}</TableCell>
                <TableCell>{b.email}</TableCell>
                <TableCell>{formatDate(b.purchased_at)}</TableCell>
                <TableCell>{b.promotion_id ? <Chip size="small" label="Promotion price" /> : '—'}</TableCell>
                <TableCell align="right">{money(b.amount_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}

export function PurchasedByPage({ kind }: { kind: 'mass' | 'welcome' }) {
  const params = useParams();
  const id = params._id ?? '';
  const promotionId = kind === 'mass' ? (params.promotion_id ?? null) : null;
  const read = useLiveQuery(['mass-messages', 'purchased-by', kind, id, promotionId], async signal =>
    (await (kind === 'mass' ? massApi.purchasedBy(id, promotionId, signal) : massApi.welcomePurchasedBy(id, signal))) as Report
  );
  const report = read.data ?? null;
  const error = read.error ? (read.error instanceof ApiRequestError && read.error.message) || 'Something went wrong' : null;
  const title = kind === 'mass' ? 'Mass message purchases' : 'Welcome message purchases';
  const m = report?.message;
  return (
    <PageGuard page={kind === 'mass' ? MASS_PURCHASED_BY_PAGE : WELCOME_PURCHASED_BY_PAGE} title={title}>
      <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 1100 }} data-testid="purchased-by-page">
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : !report || !m ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <>
            <Card variant="outlined" data-testid="purchased-by-summary">
              <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 220 }}>
                  <Typography sx={{ wordBreak: 'break-word' }}>{m.message || <em>Media only</em>}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.isLocked === 'locked' ? `Locked · $${m.amount}` : 'Free'} · {m.media.length} media
                    {promotionId ? ' · promotion purchases only' : ''}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">Purchases</Typography>
                  <Typography variant="h6" data-testid="purchased-by-count">{report.count}</Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">Revenue</Typography>
                  <Typography variant="h6" data-testid="purchased-by-total">{money(report.total_cents)}</Typography>
                </Box>
              </CardContent>
            </Card>
            <Buyers items={report.items} />
          </>
        )}
      </Stack>
    </PageGuard>
  );
}
