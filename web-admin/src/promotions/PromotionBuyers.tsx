// /admin/promotion-subscribe-users/:promotion_id: who bought under one promotion, what and
// for how much, with the promotion's totals on top.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { DataTable, List, SimpleList, useGetOne } from 'react-admin';
import type { OfferPurchaseRow, PromotionReportRow } from '../../../domain/promotion/wire';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { PageGuard } from './PageGuard';
import { offerText } from './offer';
import { plural } from './PromotionReports';
import { PROMOTION_BUYERS_PAGE } from './paths';

const Column = DataTable.Col<OfferPurchaseRow>;

export function PurchaseTable({ resource, filter, empty }: { resource: string; filter: Record<string, unknown>; empty: string }) {
  return (
    <List resource={resource} title=" " disableAuthentication filter={filter} actions={false} sort={{ field: 'requested_at', order: 'DESC' }} perPage={20} storeKey={false} empty={<Typography sx={{ p: 2 }} color="text.secondary">{empty}</Typography>}>
      <Responsive
        small={
          <SimpleList<OfferPurchaseRow>
            primaryText={r => r.user_email ?? r.user_id}
            secondaryText={r => `${r.kind === 'unlock' ? 'Unlock' : 'Subscription'} · ${money(r.amount_cents)}`}
            tertiaryText={r => <StatusChip value={r.status} />}
            linkType={false}
          />
        }
        large={
          <DataTable<OfferPurchaseRow> bulkActionButtons={false} rowClick={false} data-testid="purchases-table">
            <Column source="requested_at" label="Date" render={r => formatDate(r.captured_at ?? r.requested_at)} />
            <Column disableSort source="user_email" label="Fan" render={r => (
              <Box>
                <Typography variant="body2">{r.user_name ?? '—'}</Typography>
                <Typography variant="caption" color="text.secondary">{r.user_email}</Typography>
              </Box>
            )} />
            <Column disableSort source="kind" label="Bought" render={r => (r.kind === 'unlock' ? 'Locked post' : 'Subscription')} />
            <Column source="amount_cents" label="Paid" align="right" render={r => money(r.amount_cents)} />
            <Column source="status" label="Status" render={r => <StatusChip value={r.status} />} />
          </DataTable>
        }
      />
    </List>
  );
}

function Summary({ id }: { id: string }) {
  const { data, isPending, error } = useGetOne<PromotionReportRow>('promotions', { id });
  if (isPending) return null;
  if (error || !data) return <Typography color="error">Error in getting promotion reports data.</Typography>;
  return (
    <Card variant="outlined" data-testid="promotion-summary">
      <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h6" component="h2">{data.ribbon_text}</Typography>
          <Typography variant="body2" color="text.secondary">
            {offerText(data)} · {formatDate(data.created_at)} – {formatDate(data.ended_at ?? data.ends_at ?? data.expires_at)}
          </Typography>
        </Box>
        <StatusChip value={data.status} />
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="h6" data-testid="promotion-revenue">{money(data.revenue_cents)}</Typography>
          <Typography variant="caption" color="text.secondary">{plural(data.purchases, 'purchase')} · {plural(data.buyers, 'buyer')}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

export function PromotionBuyers() {
  const { promotion_id = '' } = useParams();
  return (
    <PageGuard page={PROMOTION_BUYERS_PAGE} title="Promotion purchases">
      <Box sx={{ display: 'grid', gap: 2, py: { xs: 1, sm: 2 } }}>
        <Summary id={promotion_id} />
        <PurchaseTable resource="promotion-purchases" filter={{ promotion_id }} empty="No purchases under this promotion yet." />
      </Box>
    </PageGuard>
  );
}
