// /admin/promotions: promotions on or off, the running promotion of each
// type (subscription, locked content) with its countdown and End promotion, the form for a new one, and the
// ribbon settings (colours, paddings, font, font sizes for 320 / 767 / 1024 / 1440 px, animation, position).
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { PageGuard } from './PageGuard';
import { PROMOTIONS_PAGE } from './paths';
import { RibbonSettingsCard } from './RibbonSettingsCard';
import { TypeCard } from './TypeCard';

export function PromotionsPage() {
  const basename = useBasename();
  return (
    <PageGuard page={PROMOTIONS_PAGE} title="Promotions">
      <Box sx={{ display: 'grid', gap: 2, py: { xs: 1, sm: 2 } }} data-testid="promotions-page">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
            One promotion of each kind runs at a time. A new one can be saved once the running one ends or expires.
          </Typography>
          <Button component={RouterLink} to={`${basename}/promotion-reports`} data-testid="open-promotion-reports">
            Reports
          </Button>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <TypeCard type="SUBSCRIPTION" />
          <TypeCard type="LOCKED_CONTENT" />
        </Box>
        <RibbonSettingsCard />
      </Box>
    </PageGuard>
  );
}
