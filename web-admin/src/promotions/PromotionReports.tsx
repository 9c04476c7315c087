// /admin/promotion-reports: every promotion with its purchases and revenue (captured, not
// taken back); a row opens its buyers (/admin/promotion-subscribe-users/:promotion_id).
import { Box, Typography } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TopToolbar, useBasename } from 'react-admin';
import type { PromotionReportRow } from '../../../domain/promotion/wire';
import { APPLICABLE_TO_LABELS } from '../../../domain/promotion/wire';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { PageGuard } from './PageGuard';
import { offerText } from './offer';
import { PROMOTION_REPORTS_PAGE } from './paths';

const Column = DataTable.Col<PromotionReportRow>;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const filters = [
  <SelectInput key="type" source="promotion_type" label="Type" choices={[{ id: 'SUBSCRIPTION', name: 'Subscription' }, { id: 'LOCKED_CONTENT', name: 'Locked content' }]} alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={[{ id: 'active', name: 'Active' }, { id: 'expired', name: 'Expired' }, { id: 'ended', name: 'Ended' }]} alwaysOn />,
];

export function PromotionReports() {
  const basename = useBasename();
  const buyersPath = (id: unknown) => `${basename}/promotion-subscribe-users/${String(id)}`;
  return (
    <PageGuard page={PROMOTION_REPORTS_PAGE} title="Promotion reports" listTitle>
      <List
        resource="promotions"
        title="Promotion reports"
        disableAuthentication
        filters={filters}
        actions={<TopToolbar><ExportCsvButton /></TopToolbar>}
        exporter={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={20}
        storeKey="promotion-reports"
      >
        <Responsive
          small={
            <SimpleList<PromotionReportRow>
              primaryText={r => r.ribbon_text}
              secondaryText={r => `${offerText(r)} · ${plural(r.purchases, 'purchase')} · ${money(r.revenue_cents)}`}
              tertiaryText={r => <StatusChip value={r.status} />}
              linkType={false}
              rowClick={(id: unknown) => buyersPath(id)}
            />
          }
          large={
            <DataTable<PromotionReportRow> bulkActionButtons={false} rowClick={id => buyersPath(id)} data-testid="promotion-reports-table">
              <Column source="created_at" label="Created" render={r => formatDate(r.created_at)} />
              <Column source="promotion_type" label="Type" render={r => (r.promotion_type === 'SUBSCRIPTION' ? 'Subscription' : 'Locked content')} />
              <Column disableSort source="ribbon_text" label="Ribbon" render={r => (
                <Box sx={{ maxWidth: 280 }}>
                  <Typography variant="body2" noWrap title={r.ribbon_text}>{r.ribbon_text}</Typography>
                  <Typography variant="caption" color="text.secondary">{offerText(r)}</Typography>
                </Box>
              )} />
              <Column disableSort source="applicable_to" label="For" render={r => APPLICABLE_TO_LABELS[r.applicable_to].replace(/ \(.*\)$/, '')} />
              <Column disableSort source="status" label="Status" render={r => <StatusChip value={r.status} />} />
              <Column source="purchases" label="Purchases" align="right" />
              <Column source="buyers" label="Buyers" align="right" />
              <Column source="revenue_cents" label="Revenue" align="right" render={r => money(r.revenue_cents)} />
            </DataTable>
          }
        />
      </List>
    </PageGuard>
  );
}
