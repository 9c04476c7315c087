// Staff who may run promotions see a Promotion button on the home feed (when enable_promotion is on,
// not for live_stream_manager — the route table says who may save one). It opens the offer dialog (lazy).
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import { decideAccess } from '../../../domain/access/routes';
import { useAuth, useIsProxy } from '../auth';

const PromotionOfferDialog = lazy(() => import('./PromotionOfferDialog'));

export function PromotionStaffBar() {
  const { me, settings } = useAuth();
  const proxy = useIsProxy();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!me || proxy || settings?.enable_promotion === false) return null;
  if (decideAccess('POST /api/promotion-setting/save-promotion', me.role) !== 'allow') return null;
  return (
    <Box sx={{ width: '100%', maxWidth: 600, mx: 'auto', px: { xs: 1.5, sm: 0 }, pt: 2, display: 'flex', justifyContent: 'flex-end', boxSizing: 'border-box' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<CampaignRounded />}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        data-testid="promotion-button"
      >
        Promotion
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PromotionOfferDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
