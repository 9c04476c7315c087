// /admin/coupon-reports/coupon-details/:couponId (GET /api/coupon/get-details): one coupon, its
// terms (editable), enabled switch, uses and revenue, and the purchases that used it.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useBasename } from 'react-admin';
import type { CouponView } from '../../../domain/promotion/wire';
import { api } from '../api';
import { formatDate, money } from '../format';
import { useLiveQuery, useQueryClient } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { PurchaseTable } from '../promotions/PromotionBuyers';
import { COUPON_DETAILS_PAGE } from '../promotions/paths';
import { CouponDialog, discountLabel } from './CouponForm';
import { ActiveSwitch } from './CouponReports';

export function CouponDetails() {
  const { couponId = '' } = useParams();
  const basename = useBasename();
  const [editing, setEditing] = useState(false);
  const client = useQueryClient();
  const key = ['coupons', 'details', couponId];
  const read = useLiveQuery(key, async signal => (await api<{ coupon: CouponView }>(`/api/coupon/get-details?couponId=${encodeURIComponent(couponId)}&pageNum=1`, { signal })).data.coupon);
  // undefined while the first read runs; null when it failed.
  const coupon: CouponView | null | undefined = read.data ?? (read.isError ? null : undefined);
  const error = read.error instanceof Error ? read.error.message : null;
  const setCoupon = (c: CouponView) => client.setQueryData(key, c);

  return (
    <PageGuard page={COUPON_DETAILS_PAGE} title="Coupon details">
      <Box sx={{ display: 'grid', gap: 2, py: { xs: 1, sm: 2 } }}>
        <Box>
          <Button component={RouterLink} to={`${basename}/coupon-reports`} size="small">
            ← All coupons
          </Button>
        </Box>
        {coupon === undefined ? (
          <CircularProgress size={24} />
        ) : !coupon ? (
          <Alert severity="error">{error ?? 'Error while get coupon details.'}</Alert>
        ) : (
          <Card variant="outlined" data-testid="coupon-details">
            <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography variant="h5" component="h2" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                  {coupon.code}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {discountLabel(coupon.discount_type, coupon.discount_value_for_initial)} off the first payment · {discountLabel(coupon.discount_type, coupon.discount_value_for_recurring)} off renewals · since {formatDate(coupon.created_at, false)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="h6">{money(coupon.revenue_cents)}</Typography>
                <Typography variant="caption" color="text.secondary">{coupon.uses} uses</Typography>
              </Box>
              <ActiveSwitch coupon={coupon} onChanged={setCoupon} />
              <Button variant="outlined" onClick={() => setEditing(true)} data-testid="edit-coupon">
                Edit
              </Button>
            </CardContent>
          </Card>
        )}
        {coupon && <PurchaseTable resource="coupon-purchases" filter={{ coupon_id: coupon.id }} empty="No payment has used this coupon yet." />}
        {editing && coupon && (
          <CouponDialog
            open
            coupon={coupon}
            onClose={() => setEditing(false)}
            onSaved={c => {
              setCoupon(c);
              setEditing(false);
            }}
          />
        )}
      </Box>
    </PageGuard>
  );
}
