// /admin/coupon-reports: coupons on or off (POST /api/coupon/save), every
// coupon with its terms, uses and revenue; add, edit, enable and disable; a row opens its details.
import { useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, SearchInput, SimpleList, TopToolbar, useBasename, useNotify, useRefresh } from 'react-admin';
import type { CouponView } from '../../../domain/promotion/wire';
import { api } from '../api';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { useLiveQuery, useQueryClient } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { COUPON_REPORTS_PAGE } from '../promotions/paths';
import { CouponChecker } from './CouponChecker';
import { CouponDialog, discountLabel } from './CouponForm';

const Column = DataTable.Col<CouponView>;

export function ActiveSwitch({ coupon, onChanged }: { coupon: CouponView; onChanged?: (c: CouponView) => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={coupon.is_active}
      disabled={busy}
      onClick={e => e.stopPropagation()}
      onChange={async e => {
        setBusy(true);
        try {
          const { data, message } = await api<CouponView>('/api/coupon/edit', { body: { couponId: coupon.id, is_active: e.target.checked } });
          notify(message || 'Coupon code updated successfully.', { type: 'success' });
          onChanged?.(data);
          refresh();
        } catch (err) {
          notify(err instanceof Error ? err.message : 'Error while update coupon code details.', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
      slotProps={{ input: { 'aria-label': `${coupon.code} enabled`, 'data-testid': `coupon-active-${coupon.code}` } as object }}
    />
  );
}

/** Whether coupons are on, in the read cache. */
const COUPONS_ON_KEY = ['coupons', 'enabled'] as const;

function CouponsSwitch() {
  const notify = useNotify();
  const client = useQueryClient();
  const read = useLiveQuery(COUPONS_ON_KEY, async signal => (await api<{ enable_coupons: boolean }>('/api/coupon/get-coupons?pageNum=1', { signal })).data.enable_coupons);
  // Not shown until read (nor when the read failed).
  const enabled = read.data ?? null;
  const setEnabled = (on: boolean) => client.setQueryData(COUPONS_ON_KEY, on);
  if (enabled === null) return null;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={enabled}
          onChange={async e => {
            const next = e.target.checked;
            try {
              const { message } = await api('/api/coupon/save', { body: { enable_coupons: next } });
              setEnabled(next);
              notify(message || 'update settings successfully.', { type: 'success' });
            } catch (err) {
              notify(err instanceof Error ? err.message : 'Error while save coupon code settings.', { type: 'error' });
            }
          }}
          slotProps={{ input: { 'data-testid': 'enable-coupons' } as object }}
        />
      }
      label={enabled ? 'Coupons on' : 'Coupons off'}
    />
  );
}

export function CouponReports() {
  const refresh = useRefresh();
  const basename = useBasename();
  const detailsPath = (id: unknown) => `${basename}/coupon-reports/coupon-details/${String(id)}`;
  const [adding, setAdding] = useState(false);
  return (
    <PageGuard page={COUPON_REPORTS_PAGE} title="Coupons" listTitle>
      <Box sx={{ display: 'grid', gap: 1, pt: { xs: 1, sm: 2 } }} data-testid="coupon-reports">
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: '12px !important' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 220 }}>
              Fans enter a coupon on the subscribe page. Uses and revenue count captured payments that used the code.
            </Typography>
            <CouponsSwitch />
          </CardContent>
        </Card>
        <List
          resource="coupons"
          title="Coupons"
          disableAuthentication
          filters={[<SearchInput key="q" source="q" placeholder="Code" alwaysOn />]}
          actions={
            <TopToolbar>
              <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="add-coupon">
                Add coupon
              </Button>
            </TopToolbar>
          }
          sort={{ field: 'created_at', order: 'DESC' }}
          perPage={20}
          storeKey="coupon-reports"
          empty={false}
        >
          <Responsive
            small={
              <SimpleList<CouponView>
                primaryText={r => r.code}
                secondaryText={r => `${discountLabel(r.discount_type, r.discount_value_for_initial)} first · ${discountLabel(r.discount_type, r.discount_value_for_recurring)} renewals`}
                tertiaryText={r => `${r.uses} uses · ${money(r.revenue_cents)}`}
                linkType={false}
                rowClick={(id: unknown) => detailsPath(id)}
              />
            }
            large={
              <DataTable<CouponView> bulkActionButtons={false} rowClick={id => detailsPath(id)} data-testid="coupons-table">
                <Column source="code" label="Code" render={r => <Typography variant="body2" sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{r.code}</Typography>} />
                <Column disableSort source="discount_type" label="Type" render={r => <StatusChip value={r.discount_type} />} />
                <Column disableSort source="discount_value_for_initial" label="First payment" align="right" render={r => discountLabel(r.discount_type, r.discount_value_for_initial)} />
                <Column disableSort source="discount_value_for_recurring" label="Renewals" align="right" render={r => discountLabel(r.discount_type, r.discount_value_for_recurring)} />
                <Column disableSort source="uses" label="Uses" align="right" />
                <Column disableSort source="revenue_cents" label="Revenue" align="right" render={r => money(r.revenue_cents)} />
                <Column source="created_at" label="Created" render={r => formatDate(r.created_at, false)} />
                <Column disableSort source="is_active" label="Enabled" render={r => <ActiveSwitch coupon={r} />} />
              </DataTable>
            }
          />
        </List>
        <CouponChecker />
        {adding && (
          <CouponDialog
            open
            coupon={null}
            onClose={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              refresh();
            }}
          />
        )}
      </Box>
    </PageGuard>
  );
}
